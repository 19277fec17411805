// One batch of an import written in one transaction: its new testers (an address already in the
// beta is a duplicate, not an error), their answers, points and counters, the referrers they name
// (kept for the last step, referrers.ts), the e-mails asked for, and the report and cursor.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ImportRow } from '../../db/tables/owner-work.ts';
import type { NewTester, TesterRow } from '../../db/tables/testers.ts';
import { storedTime } from '../../primitives/time.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { Beta } from '../betas/betas.service.ts';
import { emailAliasKey } from '../fraud/email-alias.ts';
import { uniqueInvitationCode } from '../invitation-codes/invitation-codes.service.ts';
import { recordPoint } from '../points/points.ledger.ts';
import { saveAnswers } from '../questions/questions.service.ts';
import { candidateReferralCode } from '../referrals/referral-codes.ts';
import { joinedAtInsert, recordCreatedSignup } from '../referrals/referrals.service.ts';
import { nameSearch } from '../testers/name-search.ts';
import { JOINED_STATUSES, milestoneFor } from '../testers/tester-rules.ts';
import { refusedAddresses } from './addresses.ts';
import type { Batch, ImportContext } from './import-context.ts';
import type { Progress } from './progress.ts';
import type { ImportedRow } from './rows.ts';
import { subnetOf } from '../signup-guard/subnets.ts';

/** Rows per insert statement: ~50 columns each stays far below either database's parameter limit. */
const ROWS_PER_INSERT = 200;

export async function insertBatch(ctx: ImportContext, beta: Beta, job: ImportRow, batch: Batch, progress: Progress): Promise<void> {
  const before = progress.snapshot();
  await inTransaction(
    ctx.db,
    async (trx) => {
      progress.restore(before); // a retried transaction starts from the batch's beginning again
      const now = storedTime(ctx.clock.now());
      await ctx.betas.hold(trx, beta.id);
      const fresh = await newRows(trx, beta.id, batch.rows, progress);
      const codes = await referralCodes(trx, beta, fresh, progress);
      const values = fresh.map((row, i) => testerValues(beta, row, codes[i]!, now));
      const inserted: TesterRow[] = [];
      for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
        inserted.push(...(await trx.insertInto('testers').values(values.slice(i, i + ROWS_PER_INSERT)).returningAll().execute()));
      }
      for (const [index, row] of fresh.entries()) {
        const tester = inserted[index]!;
        const testerId = tester.id;
        moveTesterCount(trx, beta.id, { from: null, to: row.status });
        await saveAnswers(trx, testerId, row.answers, now);
        if (row.points > 0) {
          await recordPoint(trx, { betaId: beta.id, testerId, quantity: row.points, activity: 'bonus', dedupeKey: 'import', now });
        }
        if (JOINED_STATUSES.includes(row.status)) {
          await recordCreatedSignup(trx, ctx.dialect, beta, tester, now);
        }
        if (job.send_emails) await ctx.emails.statusChanged(trx, { betaId: beta.id, testerId, status: row.status, now });
      }
      const named = fresh.flatMap((row, index) =>
        row.referrer === null ? [] : [{ import_id: job.id, tester_id: inserted[index]!.id, line: row.line, reference: row.referrer }],
      );
      for (let i = 0; i < named.length; i += ROWS_PER_INSERT) await trx.insertInto('import_referrers').values(named.slice(i, i + ROWS_PER_INSERT)).execute();
      progress.accepted += fresh.length;
      progress.cursor = batch.end;
      await progress.save(trx, job.id, now);
    },
    // A referral code or an address taken meanwhile by a signup: the batch runs again and sees it.
    { retryAlso: (error) => /referral_code|uuid|email/.test(uniqueViolation(error) ?? '') },
  );
}

/**
 * The rows to insert: not refused, and whose address is neither earlier in the batch nor in the
 * beta already (a duplicate: the same file imported twice adds nothing).
 */
async function newRows(trx: Executor, betaId: number, rows: readonly ImportedRow[], progress: Progress): Promise<ImportedRow[]> {
  const emails = [...new Set(rows.map((row) => row.email.normalized))];
  const existing = new Set<string>();
  for (let i = 0; i < emails.length; i += ROWS_PER_INSERT) {
    const found = await trx
      .selectFrom('testers')
      .select('email_normalized')
      .where('beta_id', '=', betaId)
      .where('email_normalized', 'in', emails.slice(i, i + ROWS_PER_INSERT))
      .execute();
    for (const row of found) existing.add(row.email_normalized);
  }
  const refused = await refusedAddresses(trx, betaId, emails);
  const inBatch = new Map<string, number>();
  const fresh: ImportedRow[] = [];
  for (const row of rows) {
    const email = row.email.normalized;
    const reason = refused.get(email);
    const earlier = inBatch.get(email);
    if (reason) progress.reject(row.line, reason);
    else if (earlier !== undefined) duplicate(progress, row.line, `the address ${row.email.email} is on line ${earlier} already: this line is skipped`);
    else if (existing.has(email)) duplicate(progress, row.line, `a tester with the address ${row.email.email} is in the beta already: this line is skipped`);
    else {
      inBatch.set(email, row.line);
      fresh.push(row);
    }
  }
  return fresh;
}

function duplicate(progress: Progress, line: number, message: string): void {
  progress.duplicate++;
  progress.warn(line, message);
}

/**
 * A referral code for each row: the one the file gives when no tester has it (a link shared
 * elsewhere keeps working), else a new one, drawn as a signup draws it.
 */
async function referralCodes(trx: Executor, beta: Beta, rows: readonly ImportedRow[], progress: Progress): Promise<string[]> {
  const draw = (row: ImportedRow) => candidateReferralCode({ vanity: beta.settings.vanity_referral_codes, firstName: row.profile.first_name });
  const codes = rows.map((row) => row.referralCode ?? draw(row));
  for (let round = 0; ; round++) {
    const taken = await takenCodes(trx, codes);
    const seen = new Set<string>();
    let clashes = 0;
    codes.forEach((code, i) => {
      if (!taken.has(code) && !seen.has(code)) {
        seen.add(code);
        return;
      }
      const row = rows[i]!;
      if (round === 0 && row.referralCode === code) progress.warn(row.line, `referral code ${code} belongs to another tester: this tester gets a new one`);
      codes[i] = round < 5 ? draw(row) : candidateReferralCode({ vanity: false });
      clashes++;
    });
    if (clashes === 0) return codes;
  }
}

async function takenCodes(trx: Executor, codes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += ROWS_PER_INSERT) {
    const found = await trx.selectFrom('testers').select('referral_code').where('referral_code', 'in', codes.slice(i, i + ROWS_PER_INSERT)).execute();
    for (const row of found) taken.add(row.referral_code);
  }
  return taken;
}

/**
 * The tester's row. It joined when the file says (created_at), or now; imported testers were
 * imported now. A tester in a signup status gets the beta's signup points, as a signup would.
 */
function testerValues(beta: Beta, row: ImportedRow, referralCode: string, now: string): NewTester {
  const joined = JOINED_STATUSES.includes(row.status);
  const since = row.joinedAt ?? now;
  const signup = joined ? joinedAtInsert(beta, { referrerId: null, held: false }, since) : { points: 0 };
  return {
    ...row.profile,
    uuid: randomUUID(),
    beta_id: beta.id,
    email: row.email.email,
    email_normalized: row.email.normalized,
    email_alias_key: emailAliasKey(row.email.normalized),
    status: row.status,
    invitation_code: row.status === 'invited' ? uniqueInvitationCode(beta.settings.decoder_key, row.email.email) : '',
    referral_code: referralCode,
    signup_ip: row.profile.ip ?? null,
    // Counted among the signups from its network after it, as the ip is among those from the IP.
    signup_subnet: row.profile.ip ? subnetOf(row.profile.ip) : null,
    signup_user_agent: row.profile.user_agent ?? null,
    friend_invitations_allowed: beta.settings.friend_invitations_allowed,
    groups: row.groups,
    name_search: nameSearch(row.profile.first_name, row.profile.last_name),
    ...milestoneFor(row.status, {}, row.status === 'imported' ? now : since),
    ...signup,
    points: signup.points + row.points,
    created_at: since,
    updated_at: now,
  };
}
