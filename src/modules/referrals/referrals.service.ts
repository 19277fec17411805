// Referral attribution and credit (docs/decisions.md, "Referrals"). A referrer is named by id,
// referral code or e-mail within the beta; an unknown or self referrer is ignored, so a signup
// never fails because of a bad link. The referral is credited once, when the referred tester joins
// (first reaches applied, invited or active: at signup, or later by an update or a checkin).
import { compiled, compiledVariants } from '../../db/engine/compiled.ts';
import { forKeyShare } from '../../db/database.ts';
import type { DialectName, Executor } from '../../db/executor.ts';
import { foreignKeyViolation } from '../../db/errors.ts';
import type { PointRow, TesterRow } from '../../db/tables/testers.ts';
import { addToBetaCounter } from '../betas/beta-counters.ts';
import type { BetaSettings } from '../betas/beta-settings.ts';
import { awardPoints, recordPoint, recordPoints, revokeKeyedPoint, type PointAward } from '../points/points.ledger.ts';
import { recordMoves } from '../moves/record-moves.ts';
import { readyReferralRewards } from '../rewards/reward-engine.ts';

type SignupBeta = { id: number; settings: Pick<BetaSettings, 'signup_points' | 'referral_points' | 'waitlist_order' | 'position_change_interval_minutes'> };
type Signup = Pick<TesterRow, 'id' | 'beta_id' | 'referrer_id'>;

/** How a reference names its referrer: by address, by id or digits-only code, by code. */
type ReferenceKind = 'email' | 'number' | 'code';

const referrerQuery = compiledVariants((variant: `${ReferenceKind} ${boolean}`) => {
  const [kind, locked] = variant.split(' ') as [ReferenceKind, string];
  return (db, p: { betaId: number; text: string; id?: number }, dialect) => {
    const query = db.selectFrom('testers').selectAll().where('beta_id', '=', p.betaId);
    const named =
      kind === 'email'
        ? query.where('email_normalized', '=', p.text)
        : kind === 'number'
          ? // A numeric reference is an id, or a referral code made only of digits.
            query.where((eb) => eb.or([eb('id', '=', p.id!), eb('referral_code', '=', p.text)])).orderBy('id')
          : query.where('referral_code', '=', p.text);
    return locked === 'true' ? forKeyShare(dialect, named) : named;
  };
});

/**
 * The referrer named by `reference`. Locked (the default), it is kept from deletion until the
 * caller's transaction ends: a concurrent delete of the referrer then either waits for the referred
 * tester's insert, or ran first and the referrer is not found (ignored). Unlocked, as a signup looks
 * it up (it locks nothing it need not), a referrer deleted before the insert makes the insert fail
 * its foreign key: the caller runs its transaction again (see `referrerGone`).
 */
export async function findReferrer(
  trx: Executor,
  betaId: number,
  reference: string | number,
  referredEmailNormalized: string,
  options: { lock: boolean } = { lock: true },
): Promise<TesterRow | undefined> {
  const text = String(reference).trim();
  if (!text || text.length > 320) return undefined;
  const kind: ReferenceKind = text.includes('@') ? 'email' : /^\d{1,15}$/.test(text) ? 'number' : 'code';
  const named = { betaId, text: kind === 'email' ? text.toLowerCase() : text, id: kind === 'number' ? Number(text) : undefined };
  const referrer = await referrerQuery(`${kind} ${options.lock}`).first(trx, named);
  if (!referrer || referrer.email_normalized === referredEmailNormalized) return undefined;
  return referrer;
}

/** References per IN list: far below either database's parameter limit. */
const REFERENCES_PER_QUERY = 500;

/**
 * The testers `references` name, as findReferrer finds each (an address, an id or a referral code;
 * a number naming both an id and a code gives the lower id), in a few statements for many
 * references: an import's referrers. Locked against deletion as findReferrer locks; a reference
 * naming no tester is absent from the map.
 */
export async function findReferrers(trx: Executor, dialect: DialectName, betaId: number, references: readonly string[]): Promise<Map<string, TesterRow>> {
  const texts = [...new Set(references.map((reference) => reference.trim()).filter((text) => text && text.length <= 320))];
  const emails = texts.filter((text) => text.includes('@')).map((text) => text.toLowerCase());
  const codes = texts.filter((text) => !text.includes('@'));
  const ids = codes.filter((text) => /^\d{1,15}$/.test(text)).map(Number);
  const rows: TesterRow[] = [];
  const read = async (column: 'email_normalized' | 'referral_code' | 'id', values: ReadonlyArray<string | number>) => {
    for (let i = 0; i < values.length; i += REFERENCES_PER_QUERY) {
      const chunk = values.slice(i, i + REFERENCES_PER_QUERY);
      const query = trx.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where(column, 'in', chunk as never[]);
      rows.push(...(await forKeyShare(dialect, query).execute()));
    }
  };
  await read('email_normalized', emails);
  await read('referral_code', codes);
  await read('id', ids);
  const byEmail = new Map(rows.map((row) => [row.email_normalized, row]));
  const byCode = new Map(rows.map((row) => [row.referral_code, row]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = new Map<string, TesterRow>();
  for (const reference of references) {
    const text = reference.trim();
    let row: TesterRow | undefined;
    if (text.includes('@')) row = byEmail.get(text.toLowerCase());
    else if (/^\d{1,15}$/.test(text)) {
      const [id, code] = [byId.get(Number(text)), byCode.get(text)];
      row = id && code ? (id.id < code.id ? id : code) : (id ?? code);
    } else row = byCode.get(text);
    if (row && text.length <= 320) found.set(reference, row);
  }
  return found;
}

/**
 * Whether `error` is an insert naming a referrer deleted since it was looked up unlocked. SQLite
 * names no constraint: a testers command holds its beta in its transaction, where SQLite runs alone,
 * so the one foreign key that can fail there is the referrer's, looked up before it (signup.ts).
 */
export function referrerGone(error: unknown): boolean {
  const constraint = foreignKeyViolation(error);
  return constraint !== null && (constraint === '' || constraint.includes('referrer_id'));
}

/**
 * Whether the tester has joined the campaign: been applied, invited or active at some time (the
 * timestamps of those statuses are set once and never cleared). Imported and unconfirmed testers,
 * and those rejected or suspended from there, have not.
 */
export function hasJoined(tester: Pick<TesterRow, 'applied_at' | 'invited_at' | 'joined_at'>): boolean {
  return tester.applied_at !== null || tester.invited_at !== null || tester.joined_at !== null;
}

/**
 * A tester joined the campaign: created in a signup status (applied, invited, active), confirmed,
 * or moved from imported or unconfirmed into the campaign. Gives the beta's signup points once,
 * and credits the tester's referral if there is one. Safe to call again: nothing happens twice.
 * Returns the referrer credited now (their tester object changed), or null.
 */
export async function recordSignup(trx: Executor, dialect: DialectName, beta: SignupBeta, tester: Signup, now: string): Promise<number | null> {
  await awardPoints(trx, signupPoints(beta, tester.id, now));
  return creditReferral(trx, dialect, beta, tester, now);
}

/**
 * What recordSignup would change on a tester created in a signup status, as columns of its insert:
 * the signup points, and the credit of a referral that is not held. Written with the row, they
 * spare an update of it (and a second run of the waitlist's triggers); recordCreatedSignup does the rest.
 */
export function joinedAtInsert(
  beta: SignupBeta,
  referral: { referrerId: number | null; held: boolean },
  now: string,
): { points: number; referral_credited_at: string | null } {
  return { points: beta.settings.signup_points, referral_credited_at: referral.referrerId !== null && !referral.held ? now : null };
}

/**
 * recordSignup for a tester inserted with joinedAtInsert's columns: its signup points go into the
 * ledger (the row has them already) and a referral credited at insert is credited to the referrer.
 */
export async function recordCreatedSignup(trx: Executor, dialect: DialectName, beta: SignupBeta, tester: TesterRow, now: string): Promise<number | null> {
  const credited = tester.referrer_id !== null && tester.referral_credited_at !== null;
  // Both ledger rows in one insert: a round trip fewer while a hot referrer's row waits.
  const [, referralPoint] = await recordPoints(trx, [signupPoints(beta, tester.id, now), credited ? referralPoints(beta, tester, now) : null]);
  return credited ? creditReferrer(trx, dialect, beta, tester, referralPoint, now) : null;
}

function signupPoints(beta: SignupBeta, testerId: number, now: string): PointAward {
  return { betaId: beta.id, testerId, quantity: beta.settings.signup_points, activity: 'signup', dedupeKey: 'signup', now };
}

/** The referrer's award for `referred`'s referral, keyed by the referred tester so that it is given once. */
function referralPoints(beta: SignupBeta, referred: Pick<TesterRow, 'id' | 'referrer_id'>, now: string): PointAward {
  return { betaId: beta.id, testerId: referred.referrer_id!, quantity: beta.settings.referral_points, activity: 'referral', dedupeKey: referralDedupeKey(referred.id), now };
}

/**
 * Credits the tester's referral if it has a referrer, was not credited yet and is not held. The
 * conditional update makes a second credit impossible, even from concurrent requests.
 */
async function creditReferral(trx: Executor, dialect: DialectName, beta: SignupBeta, tester: Signup, now: string): Promise<number | null> {
  if (tester.referrer_id === null) return null;
  const referred = await trx
    .updateTable('testers')
    .set({ referral_credited_at: now })
    .where('id', '=', tester.id)
    .where('referral_credited_at', 'is', null)
    // A flagged referral waits for the owner's acceptance (modules/fraud); one the owner reversed is never credited again.
    .where('referral_held', '=', 0)
    .where('referral_reversed_at', 'is', null)

    .returningAll()
    .executeTakeFirst();
  if (!referred) return null;
  return creditReferrer(trx, dialect, beta, referred, await recordPoint(trx, referralPoints(beta, referred, now)), now);
}

const referrerCredit = compiled((db, p: { referrerId: number; points: number; now: string }) =>
  db
    .updateTable('testers')
    .set((eb) => ({
      share_signups_count: eb('share_signups_count', '+', 1),
      points: eb('points', '+', p.points),
      updated_at: p.now,
    }))
    .where('id', '=', p.referrerId)
    .returningAll(),
);

const referralDedupeKey = (referredId: number) => `referral:${referredId}`;

/**
 * Takes back the credit of `referred`'s referral (the owner's reverse_referral): the referral is no
 * longer credited and never will be again; the referrer's and the beta's share_signups_count fall
 * by one and the referral's points are revoked, in one write of the referrer's row, one move
 * (referral_reversed). Rewards the credit earned are the referrer's to keep. Returns the referrer's
 * id, or null when the referral was not credited (a concurrent reversal came first).
 */
export async function reverseReferral(trx: Executor, beta: SignupBeta, referred: Signup, now: string): Promise<number | null> {
  const reversed = await trx
    .updateTable('testers')
    .set({ referral_credited_at: null, referral_reversed_at: now, updated_at: now })
    .where('id', '=', referred.id)
    .where('referral_credited_at', 'is not', null)
    .returning('referrer_id')
    .executeTakeFirst();
  const referrerId = reversed?.referrer_id ?? null;
  if (referrerId === null) return null;
  const point = await revokeKeyedPoint(trx, referrerId, referralDedupeKey(referred.id), now);
  const referrer = await trx
    .updateTable('testers')
    .set((eb) => ({ share_signups_count: eb('share_signups_count', '-', 1), points: eb('points', '-', point?.quantity ?? 0), updated_at: now }))
    .where('id', '=', referrerId)
    .returning(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
    .executeTakeFirstOrThrow();
  addToBetaCounter(trx, referred.beta_id, 'share_signups_count', -1);
  recordMoves(trx, beta, [{ tester: referrer, cause: 'referral_reversed', sourceId: referred.id }], now);
  return referrerId;
}

/**
 * The referrer's side of a referral just credited on `referred` (whose row is locked by that
 * write), its referral points (`point`, referralPoints) in the ledger already: the referrer's and
 * the beta's share_signups_count move, the referrer's points move by the award's (in the same update
 * of its row), the reserved `signup` reward rules fire and the referrer's milestones are checked.
 * Returns the referrer's id.
 */
async function creditReferrer(trx: Executor, dialect: DialectName, beta: SignupBeta, referred: TesterRow, point: PointRow | null, now: string): Promise<number> {
  const referrerId = referred.referrer_id!;
  const rewardReferral = await readyReferralRewards(trx, dialect, beta);
  const referrer = await referrerCredit.firstOrThrow(trx, { referrerId, points: point?.quantity ?? 0, now });
  addToBetaCounter(trx, referred.beta_id, 'share_signups_count', 1);
  // A held referral the owner accepted is credited in the transaction that accepted it.
  const cause = referred.referral_accepted_at === null ? 'referral_credited' : 'referral_accepted';
  recordMoves(trx, beta, [{ tester: referrer, cause, sourceId: referred.id }], now);
  // Referred row first, then the referrer's: the order the reward engine takes them in too.
  await rewardReferral(referred, referrer, now);
  return referrerId;
}
