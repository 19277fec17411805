// The last step of an import: the referrers its lines name, resolved once every line is in, so a
// line may name a tester of a later line as well as one of the beta. In file order, each referred
// tester gets its referrer unless the reference is unknown, names the tester itself, or would close
// a loop (A referred by B, B by A); each of those is a warning, and the tester stays without one.
// A tester that has joined (created applied, invited or active) is credited its referral at once,
// one created imported when it joins, as the referral rules say (docs/decisions.md, "Referrals").
import { forUpdate, type Executor } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { TesterRow } from '../../db/types.ts';
import { storedTime } from '../../time.ts';
import type { Beta } from '../betas/betas.service.ts';
import { findReferrer, hasJoined, recordSignup } from '../referrals/referrals.service.ts';
import { BATCH_ROWS, type ImportContext } from './import-job.ts';
import type { Progress } from './progress.ts';

/** How far up a chain of referrers a loop is looked for; chains are short in practice. */
const MAX_CHAIN = 1000;

/** Resolves the import's pending referrers in batches; false when `stop` ended it early. */
export async function resolveReferrers(ctx: ImportContext, beta: Beta, importId: number, progress: Progress, stop: AbortSignal): Promise<boolean> {
  for (;;) {
    if (stop.aborted) return false;
    const before = progress.snapshot();
    const done = await inTransaction(ctx.db, async (trx) => {
      progress.restore(before);
      await ctx.betas.hold(trx, beta.id);
      const pending = await trx
        .selectFrom('import_referrers')
        .selectAll()
        .where('import_id', '=', importId)
        .orderBy('tester_id')
        .limit(BATCH_ROWS)
        .execute();
      if (pending.length === 0) return true;
      const now = storedTime(ctx.clock.now());
      for (const entry of pending) {
        const tester = await forUpdate(ctx.dialect, trx.selectFrom('testers').selectAll().where('id', '=', entry.tester_id)).executeTakeFirst();
        if (!tester || tester.referrer_id !== null) continue;
        const problem = await link(ctx, trx, beta, tester, entry.reference, now);
        if (problem) progress.warn(entry.line, problem);
        else progress.linked++;
      }
      await trx
        .deleteFrom('import_referrers')
        .where('import_id', '=', importId)
        .where('tester_id', 'in', pending.map((entry) => entry.tester_id))
        .execute();
      await progress.save(trx, importId, now);
      return false;
    });
    if (done) return true;
  }
}

/** Gives `tester` the referrer `reference` names; what prevents it, or null. */
async function link(ctx: ImportContext, trx: Executor, beta: Beta, tester: TesterRow, reference: string, now: string): Promise<string | null> {
  const shown = JSON.stringify(reference.slice(0, 80));
  const selfNamed = reference.toLowerCase() === tester.email_normalized || reference === tester.referral_code;
  const referrer = selfNamed ? undefined : await findReferrer(trx, ctx.dialect, beta.id, reference, tester.email_normalized);
  if (selfNamed || referrer?.id === tester.id) return `the referrer ${shown} is the tester itself: imported without a referrer`;
  if (!referrer) return `the referrer ${shown} is neither in the file nor in the beta: imported without a referrer`;
  if (await leadsTo(trx, referrer, tester.id)) {
    return `the referrer ${shown} was referred by this tester, directly or through others: a loop, so imported without a referrer`;
  }
  await trx.updateTable('testers').set({ referrer_id: referrer.id, updated_at: now }).where('id', '=', tester.id).execute();
  if (hasJoined(tester)) await recordSignup(trx, ctx.dialect, beta, { ...tester, referrer_id: referrer.id }, now);
  return null;
}

/**
 * Whether the chain of referrers from `start` up reaches the tester `target`. Only a tester who
 * has referred someone can be reached, so most lines (a file's referrers come before the testers
 * they referred) are answered by one indexed lookup, without walking the chain.
 */
async function leadsTo(trx: Executor, start: TesterRow, target: number): Promise<boolean> {
  const referred = await trx.selectFrom('testers').select('id').where('referrer_id', '=', target).limit(1).executeTakeFirst();
  if (!referred) return false;
  let next = start.referrer_id;
  for (let step = 0; next !== null && step < MAX_CHAIN; step++) {
    if (next === target) return true;
    const row = await trx.selectFrom('testers').select('referrer_id').where('id', '=', next).executeTakeFirst();
    next = row?.referrer_id ?? null;
  }
  return false;
}
