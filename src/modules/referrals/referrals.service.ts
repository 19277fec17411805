// Referral attribution and credit (DESIGN.md "Referrals"). A referrer is named by id, referral
// code or e-mail within the beta; an unknown or self referrer is ignored, so a signup never fails
// because of a bad link. The referral is credited once, when the referred tester reaches applied.
import { forKeyShare, type DialectName, type Executor } from '../../db/database.ts';
import type { TesterRow } from '../../db/types.ts';
import { addToBetaCounter } from '../betas/beta-counters.ts';

/**
 * The referrer named by `reference`, kept from deletion until the caller's transaction ends: a
 * concurrent delete of the referrer then either waits for the referred tester's insert, or ran
 * first and the referrer is not found (ignored). Unlocked, the insert pointing at a referrer
 * deleted meanwhile would fail its foreign key on PostgreSQL.
 */
export async function findReferrer(
  trx: Executor,
  dialect: DialectName,
  betaId: number,
  reference: string | number,
  referredEmailNormalized: string,
): Promise<TesterRow | undefined> {
  const text = String(reference).trim();
  if (!text || text.length > 320) return undefined;
  let query = trx.selectFrom('testers').selectAll().where('beta_id', '=', betaId);
  if (text.includes('@')) {
    query = query.where('email_normalized', '=', text.toLowerCase());
  } else if (/^\d{1,15}$/.test(text)) {
    // A numeric reference is an id, or a referral code made only of digits.
    query = query.where((eb) => eb.or([eb('id', '=', Number(text)), eb('referral_code', '=', text)])).orderBy('id');
  } else {
    query = query.where('referral_code', '=', text);
  }
  const referrer = await forKeyShare(dialect, query).executeTakeFirst();
  if (!referrer || referrer.email_normalized === referredEmailNormalized) return undefined;
  return referrer;
}

/**
 * Credits the tester's referral if it has a referrer and was not credited yet: the referrer's and
 * the beta's share_signups_count move. The conditional update makes a second credit impossible,
 * even from concurrent requests. Returns whether this call credited it.
 */
export async function creditReferral(
  trx: Executor,
  tester: Pick<TesterRow, 'id' | 'beta_id' | 'referrer_id'>,
  now: string,
): Promise<boolean> {
  if (tester.referrer_id === null) return false;
  const result = await trx
    .updateTable('testers')
    .set({ referral_credited_at: now })
    .where('id', '=', tester.id)
    .where('referral_credited_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('testers')
    .set((eb) => ({ share_signups_count: eb('share_signups_count', '+', 1), updated_at: now }))
    .where('id', '=', tester.referrer_id)
    .execute();
  await addToBetaCounter(trx, tester.beta_id, 'share_signups_count', 1);
  return true;
}
