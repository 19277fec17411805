// The last step of an import: the referrers its lines name, resolved once every line is in, so a
// line may name a tester of a later line as well as one of the beta. In file order, each referred
// tester gets its referrer unless the reference is unknown, names the tester itself, or would close
// a loop (A referred by B, B by A); each of those is a warning, and the tester stays without one.
// A tester that has joined (created applied, invited or active) is credited its referral at once,
// one created imported when it joins, as the referral rules say (docs/decisions.md, "Referrals").
import { forUpdate } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { storedTime } from '../../primitives/time.ts';
import type { Beta } from '../betas/betas.service.ts';
import { findReferrers, hasJoined, recordSignup } from '../referrals/referrals.service.ts';
import { BATCH_ROWS, type ImportContext } from './import-context.ts';
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
      const ids = pending.map((entry) => entry.tester_id);
      const testers = new Map((await forUpdate(ctx.dialect, trx.selectFrom('testers').selectAll().where('id', 'in', ids)).execute()).map((t) => [t.id, t]));
      const referrers = await findReferrers(trx, ctx.dialect, beta.id, pending.map((entry) => entry.reference));
      const referring = await referringAmong(trx, ids);
      for (const entry of pending) {
        const tester = testers.get(entry.tester_id);
        if (!tester || tester.referrer_id !== null) continue;
        const problem = await link(ctx, trx, beta, tester, entry.reference, referrers.get(entry.reference), referring, now);
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

/** Which of `ids` have referred someone already: only those can close a loop. */
async function referringAmong(trx: Executor, ids: readonly number[]): Promise<Set<number>> {
  const rows = await trx.selectFrom('testers').select('referrer_id').distinct().where('referrer_id', 'in', ids).execute();
  return new Set(rows.map((row) => row.referrer_id!));
}

/**
 * Gives `tester` the referrer its line's `reference` named (`found`, when it names a tester of the
 * beta); what prevents it, or null. `referring` holds the batch's testers who have referred
 * someone, and gains each referrer linked.
 */
async function link(
  ctx: ImportContext,
  trx: Executor,
  beta: Beta,
  tester: TesterRow,
  reference: string,
  found: TesterRow | undefined,
  referring: Set<number>,
  now: string,
): Promise<string | null> {
  const shown = JSON.stringify(reference.slice(0, 80));
  const selfNamed = reference.toLowerCase() === tester.email_normalized || reference === tester.referral_code || found?.id === tester.id;
  if (selfNamed) return `the referrer ${shown} is the tester itself: imported without a referrer`;
  if (!found) return `the referrer ${shown} is neither in the file nor in the beta: imported without a referrer`;
  if (referring.has(tester.id) && (await leadsTo(trx, found.id, tester.id))) {
    return `the referrer ${shown} was referred by this tester, directly or through others: a loop, so imported without a referrer`;
  }
  await trx.updateTable('testers').set({ referrer_id: found.id, updated_at: now }).where('id', '=', tester.id).execute();
  referring.add(found.id);
  if (hasJoined(tester)) await recordSignup(trx, ctx.dialect, beta, { ...tester, referrer_id: found.id }, now);
  return null;
}

/**
 * Whether the chain of referrers from the tester `start` up reaches the tester `target`, read as
 * it is now (links made earlier in the batch included). Walked only for a target who has referred
 * someone: most lines (a file's referrers come before the testers they referred) are not.
 */
async function leadsTo(trx: Executor, start: number, target: number): Promise<boolean> {
  let next: number | null = start;
  for (let step = 0; next !== null && step < MAX_CHAIN; step++) {
    if (next === target) return true;
    const row = await trx.selectFrom('testers').select('referrer_id').where('id', '=', next).executeTakeFirst();
    next = row?.referrer_id ?? null;
  }
  return false;
}
