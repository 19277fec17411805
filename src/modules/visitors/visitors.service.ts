// What visitors do without an API key (docs/decisions.md, "Public pages"): view a beta's signup
// form (an impression), sign up, follow a share link (a click), look at their own standing, and
// confirm a double opt-in. Signups and confirmations go through TestersService, so every rule,
// event and e-mail is the API's own.
import { isIPv4 } from 'node:net';
import type { Challenge } from 'altcha-lib';
import type { ExpressionBuilder, Insertable } from 'kysely';
import { compiled } from '../../db/engine/compiled.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import type { DailyVisitsTable } from '../../db/tables/figures.ts';
import type { TesterMoveRow, TesterRow } from '../../db/tables/testers.ts';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { addToBetaCounter } from '../betas/beta-counters.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import type { EmailsService, ResendOutcome } from '../emails/emails.service.ts';
import { isSignupDevice } from '../fraud/fraud-signals.ts';
import { awardSharePoints } from '../points/points.service.ts';
import { countChannelClick } from '../referrals/channel-clicks.ts';
import { channelLink, type ShareChannel } from '../referrals/share-channels.ts';
import { qrCodeSvg } from '../referrals/share-qr-code.ts';
import { listQuestions, toQuestion, type Question } from '../questions/questions.service.ts';
import type { TesterEvents } from '../testers/tester-events.ts';
import type { TesterViews } from '../testers/tester-views.ts';
import type { TesterView } from '../testers/testers.presenter.ts';
import type { VisitorInput } from '../testers/signup.ts';
import type { LeaderboardService, PublicBoard } from '../leaderboard/leaderboard.service.ts';
import type { MovesService } from '../moves/moves.service.ts';
import type { Progress } from '../leaderboard/progress.ts';
import type { Standing as WaitlistStanding } from '../waitlist/standings.ts';
import { referrerDisplayName } from '../testers/public-name.ts';
import type { TestersService } from '../testers/testers.service.ts';
import { signupFields, type SignupField } from './signup-fields.ts';
import { isPerson, VisitorKeys, type Visitor } from './visitor-keys.ts';
import { AnswerTime } from '../signup-guard/answer-time.ts';
import type { SignupAttempt, SignupGuard } from '../signup-guard/signup-guard.ts';
import { subnetOf } from '../signup-guard/subnets.ts';
import { normalizeEmail } from '../testers/email-address.ts';

const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Testers one "send me a new link" by address reaches at most (one per beta they are unconfirmed in). */
const RESEND_BY_EMAIL_LIMIT = 20;

/**
 * What share links and status pages read of a tester: the columns they show, rank or count by. Not
 * the whole row: reading its 70 columns took a status page's lookup about 140 µs, these 14 about 30.
 */
const SHARER_COLUMNS = [
  'id',
  'beta_id',
  'uuid',
  'email',
  'status',
  'hidden',
  'referral_code',
  'leaderboard_name',
  'first_name',
  'share_signups_count',
  'points',
  'applied_at',
  'priority',
  'signup_ip',
  'signup_user_agent',
] as const;
/**
 * Whether the tester holds a reward (earned or delivered), asked in the tester's own read: most
 * testers hold none, and their status page then sends no read of rewards (1 or 0 on SQLite).
 */
const holdsReward = (eb: ExpressionBuilder<Database, 'testers'>) =>
  eb.exists(eb.selectFrom('rewards').select('rewards.id').whereRef('rewards.tester_id', '=', 'testers.id').where('rewards.status', '<>', 'revoked')).as('holds_reward');
type Sharer = Pick<TesterRow, (typeof SHARER_COLUMNS)[number]> & { holds_reward: boolean | number };

// Every visit of a share link or status page runs these two: compiled once (db/engine/compiled.ts).
const sharerByCode = compiled((db, p: { code: string }) =>
  db.selectFrom('testers').select([...SHARER_COLUMNS, holdsReward]).where('referral_code', '=', p.code).where('hidden', '=', 0).where('erased_at', 'is', null),
);
const shownRewards = compiled((db, p: { testerId: number }) =>
  db.selectFrom('rewards').select(['name', 'status']).where('tester_id', '=', p.testerId).where('status', '<>', 'revoked').orderBy('id'),
);

export interface SignupForm {
  beta: Beta;
  fields: SignupField[];
  questions: Question[];
  /** How many people are on the waitlist, for "Join 12,408 people waiting"; null when the design hides it. */
  waiting: number | null;
}

export type SignupInput = VisitorInput;

/**
 * What a public signup answers: `joined` with the new tester (null: not shown, as when the plan
 * is full); `check_inbox` with double opt-in, the address as typed; `already_on_list` without.
 */
export type SignupOutcome = { kind: 'joined'; tester: TesterView | null } | { kind: 'check_inbox'; email: string } | { kind: 'already_on_list' };

/** The tester as their own status page shows them: what their row says and their standing (the share box makes the link from the code). */
export type StatusTester = Pick<TesterRow, 'id' | 'uuid' | 'email' | 'status' | 'referral_code' | 'leaderboard_name' | 'share_signups_count'> & WaitlistStanding;

/** A tester's own standing, for their status page. */
export interface Standing {
  beta: Beta;
  tester: StatusTester;
  points: number;
  /** Rewards earned and not revoked, oldest first. */
  rewards: { name: string; status: string }[];
  /** The milestone ladder and where one more referral would put them. */
  progress: Progress;
  /** The beta's public leaderboard; undefined while it is off. */
  leaderboard: PublicBoard | undefined;
  /** The tester's latest moves, newest first (STATUS_PAGE_MOVES of them). */
  moves: TesterMoveRow[];
}

/** The moves a status page tells of. */
export const STATUS_PAGE_MOVES = 5;

/** What a confirmation link leads to. */
export type Confirmation =
  | { state: 'unknown' }
  | { state: 'expired'; beta: Beta }
  | { state: 'pending'; beta: Beta; email: string }
  | { state: 'confirmed'; standing: Standing };

/** A public signup's IPv4 address; an IPv4-mapped IPv6 address is its IPv4 one. */
function ipv4Of(ip: string): string | null {
  const unmapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return isIPv4(unmapped) ? unmapped : null;
}

/** Records the visit unless this visitor made it already today; whether it was the first. */
async function firstVisitToday(trx: Executor, visit: Insertable<DailyVisitsTable>): Promise<boolean> {
  const recorded = await trx
    .insertInto('daily_visits')
    .values(visit)
    .onConflict((oc) => oc.columns(['kind', 'target_id', 'day', 'visitor']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return recorded !== undefined;
}

export class VisitorsService {
  readonly #keys: VisitorKeys;
  /** How long a new signup takes: an address on the list is answered no sooner. */
  readonly #answerTime = new AnswerTime();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly testers: TestersService,
    private readonly emails: EmailsService,
    private readonly events: TesterEvents,
    private readonly views: TesterViews,
    private readonly leaderboards: LeaderboardService,
    private readonly guard: SignupGuard,
    private readonly moves: MovesService,
  ) {
    this.#keys = new VisitorKeys(db, clock);
  }

  // ---- the signup form -----------------------------------------------------------------------

  /** The beta a page names (its slug or id), any company's; undefined when there is none. */
  publicBeta(reference: string): Promise<Beta | undefined> {
    return this.betas.findPublic(reference);
  }

  /** The beta a page names (slug or id) with what its form asks; undefined when there is none. */
  async signupForm(betaReference: string): Promise<SignupForm | undefined> {
    const beta = await this.publicBeta(betaReference);
    return beta && this.signupFormOf(beta);
  }

  /** The form of a beta at hand (one with a draft design, for the console's preview). */
  async signupFormOf(beta: Beta): Promise<SignupForm> {
    // The waitlist's length from the standings in memory (exact, as every API answer's), no query.
    const [questions, waiting] = await Promise.all([
      listQuestions(this.db, beta.id),
      beta.page.show_waiting_count ? this.views.waitlistSlice(beta, 0, 0, false).then((slice) => slice.length) : null,
    ]);
    return { beta, fields: signupFields(beta.settings), questions: questions.map(toQuestion), waiting };
  }

  /**
   * The name of the tester whose share link brought the visitor ("Ann invited you"), as
   * referrerDisplayName gives it; null for no code, a code of no visible tester of this beta, or
   * a tester without a name to show. Nothing else about the tester leaves this function.
   */
  async inviterName(beta: Beta, code: string | null): Promise<string | null> {
    if (!code) return null;
    const found = await this.sharer(code);
    return found && found.beta.id === beta.id ? referrerDisplayName(found.tester) : null;
  }

  /**
   * The beta a page names, with its public leaderboard (LeaderboardService.forVisitors: at most a
   * few seconds old), or undefined for the board while the beta shows none.
   */
  async leaderboard(betaReference: string): Promise<{ beta: Beta; board: PublicBoard | undefined } | undefined> {
    const beta = await this.publicBeta(betaReference);
    return beta && { beta, board: await this.leaderboards.forVisitors(beta) };
  }

  /**
   * Whether showing the leaderboard of the beta a page names reads no database: named by id (as
   * kept in memory: "Configuration read from memory"), and its board held fresh by this process.
   */
  leaderboardInMemory(betaReference: string): boolean {
    const id = parseId(betaReference.trim());
    return id !== null && this.leaderboards.holdsFresh(id);
  }

  /** A view of the beta's form: counted once per visitor per day, people only. Returns whether it counted. */
  async recordImpression(beta: Beta, visitor: Visitor): Promise<boolean> {
    if (!isPerson(visitor)) return false;
    const { day, key } = await this.#keys.daily(visitor);
    return inTransaction(this.db, async (trx) => {
      // Deleted since the page was read: nothing left to count in.
      if (!(await this.betas.holds(trx, beta.id))) return false;
      const counted = await firstVisitToday(trx, { kind: 'impression', target_id: beta.id, day, visitor: key, beta_id: beta.id });
      if (counted) addToBetaCounter(trx, beta.id, 'impressions_count', 1);
      return counted;
    });
  }

  /**
   * Signs the visitor up as the API would (TestersService.createForVisitor), once the signup
   * guard has let the attempt through. The answer never tells whether an address was on the list
   * already: with double opt-in, a new address, one on the list and a honeypot's catch all answer
   * "check your inbox"; without, a known address is told it is on the list (its owner gets their
   * link by e-mail), and a honeypot's catch answers as a signup whose tester is not shown.
   */
  async signUp(beta: Beta, input: SignupInput, visitor: Visitor, attempt: Omit<SignupAttempt, 'ip'>): Promise<SignupOutcome> {
    const confirming = beta.settings.double_opt_in;
    const accepted: SignupOutcome = confirming ? { kind: 'check_inbox', email: (input.email ?? '').trim() } : { kind: 'joined', tester: null };
    const admission = await this.guard.admit(beta, { ...attempt, ip: visitor.ip });
    if (!admission.admitted) return accepted;
    const started = performance.now();
    let tester: TesterView;
    try {
      tester = await this.testers.createForVisitor(beta, input, { ipv4: ipv4Of(visitor.ip), subnet: subnetOf(visitor.ip), userAgent: visitor.userAgent });
    } catch (error) {
      // A hidden tester was created (the plan is full): the visitor did sign up.
      if (error instanceof ApiError && error.is(Errors.testerHidden)) return accepted;
      await admission.place.release();
      if (error instanceof ApiError && error.is(Errors.testerExists)) {
        const email = normalizeEmail(input.email ?? '');
        if (email) await this.emails.alreadySignedUp(beta.id, email.normalized);
        await this.#answerTime.padFrom(started);
        return confirming ? accepted : { kind: 'already_on_list' };
      }
      this.guard.countRefusal(beta.id, error);
      throw error;
    }
    this.#answerTime.observe(performance.now() - started);
    return confirming ? accepted : { kind: 'joined', tester };
  }

  /** Refuses a share click sent from a site the beta's embed_origins does not list (SignupGuard). */
  checkClickOrigin(beta: Beta, origin: string | null): void {
    this.guard.admitClick(beta, origin);
  }

  /** A proof-of-work challenge for a signup to the beta a page names; undefined when there is none. */
  async signupChallenge(betaReference: string): Promise<Challenge | undefined> {
    const beta = await this.publicBeta(betaReference);
    return beta && this.guard.challenge(beta);
  }

  // ---- share links ---------------------------------------------------------------------------

  /** The visible tester whose share link carries `code`, with their beta. */
  async sharer(code: string): Promise<{ beta: Beta; tester: Sharer } | undefined> {
    if (!REFERRAL_CODE_PATTERN.test(code)) return undefined;
    // An erased tester's row has a new code, and no link of theirs leads anywhere any more.
    const tester = await sharerByCode.first(this.db, { code });
    if (!tester) return undefined;
    const beta = await this.betas.findPublic(tester.beta_id);
    return beta && { beta, tester };
  }

  /**
   * A visitor followed the tester's share link: the tester's and the beta's share_clicks_count
   * move once per visitor per day (people only), and the beta's share_points are given once per
   * visitor network per tester. The tester following their own link, from the device they signed
   * up on, is no share: nothing counts. A link tagged with a share channel counts the click under
   * that channel too. Returns whether the click counted.
   */
  async recordClick(
    beta: Beta,
    tester: Pick<TesterRow, 'id' | 'signup_ip' | 'signup_user_agent'>,
    visitor: Visitor,
    channel: ShareChannel | null = null,
  ): Promise<boolean> {
    if (!isPerson(visitor)) return false;
    // A signup ip is IPv4 (the profile's ip), so the request's address is compared as one.
    if (isSignupDevice({ ip: ipv4Of(visitor.ip), userAgent: visitor.userAgent }, tester)) return false;
    const [{ day, key }, network] = await Promise.all([this.#keys.daily(visitor), this.#keys.network(visitor)]);
    return inTransaction(this.db, async (trx) => {
      const now = storedTime(this.clock.now());
      if (!(await this.betas.holds(trx, beta.id))) return false;
      if (!(await firstVisitToday(trx, { kind: 'click', target_id: tester.id, day, visitor: key, beta_id: beta.id }))) return false;
      const updated = await trx
        .updateTable('testers')
        .set((eb) => ({ share_clicks_count: eb('share_clicks_count', '+', 1), updated_at: now }))
        .where('id', '=', tester.id)
        .where('hidden', '=', 0)
        .executeTakeFirst();
      // Deleted since the link was looked up: nothing to count (the visit row goes with the transaction).
      if (Number(updated.numUpdatedRows) !== 1) throw Errors.notFound('Tester not found');
      addToBetaCounter(trx, beta.id, 'share_clicks_count', 1);
      if (channel) await countChannelClick(trx, beta.id, channel);
      await awardSharePoints(trx, beta, tester, network, now);
      await this.events.raise(trx, 'tester_updated', beta.id, [tester.id], now);
      return true;
    });
  }

  /** The visible tester's share link tagged `qr`, as an SVG QR code; undefined when `code` leads nowhere. */
  async shareQrCode(code: string): Promise<string | undefined> {
    const found = await this.sharer(code);
    return found && qrCodeSvg(channelLink(this.views.shareLink(found.beta, found.tester.referral_code), 'qr'));
  }

  /**
   * The tester's own standing, for the share_status_link: only with the tester's uuid as `check`.
   * Undefined for an unknown code or a wrong check alike, so a guess learns nothing.
   */
  async standingByCheck(code: string, check: string): Promise<Standing | undefined> {
    const found = await this.checkedSharer(code, check);
    // Both were read just now: the standing is built from them, not read a second time.
    return found && this.standingFrom(found.beta, found.tester);
  }

  /**
   * The tester sets or clears their public name from their status page: only with the right
   * check, as the page itself (undefined otherwise). The leaderboard this process shows visitors
   * is dropped, so the page the tester comes back to shows the new name. A name breaking the rule
   * is refused (2327) and changes nothing. Whether the code and check named a tester.
   */
  async setPublicName(code: string, check: string, name: string): Promise<boolean> {
    const found = await this.checkedSharer(code, check);
    if (!found) return false;
    await this.testers.setLeaderboardName(found.beta, found.tester.id, name);
    this.leaderboards.forget(found.beta.id);
    return true;
  }

  // ---- double opt-in -------------------------------------------------------------------------

  /** What the link leads to; changes nothing (mail scanners follow links). */
  async confirmation(token: string): Promise<Confirmation> {
    const target = await this.emails.confirmationTarget(token);
    if (!target) return { state: 'unknown' };
    const beta = await this.betas.findPublic(target.betaId);
    const tester = await this.db.selectFrom('testers').select(['status', 'email']).where('id', '=', target.testerId).executeTakeFirst();
    if (!beta || !tester) return { state: 'unknown' };
    if (tester.status !== 'unconfirmed') return this.confirmed(beta.id, target.testerId);
    if (target.expired) return { state: 'expired', beta };
    return { state: 'pending', beta, email: tester.email };
  }

  /**
   * Confirms the address: the tester moves from unconfirmed to applied through the API's own
   * status change (its rules, the referral credit, events and e-mails). Confirming again shows
   * the standing and changes nothing.
   */
  async confirm(token: string): Promise<Confirmation> {
    const found = await this.confirmation(token);
    if (found.state !== 'pending') return found;
    const target = await this.emails.confirmationTarget(token);
    if (!target) return { state: 'unknown' }; // its tester deleted since
    const { beta } = found;
    // A second, concurrent confirmation finds the tester applied already: the same status is a no-op.
    await this.testers.update(beta.company_id, String(beta.id), String(target.testerId), { status: 'applied' });
    await this.emails.markConfirmationUsed(target.confirmationId);
    return this.confirmed(beta.id, target.testerId);
  }

  /** A new link for the tester of a (typically expired) confirmation link. */
  async resendForToken(token: string): Promise<ResendOutcome | 'unknown'> {
    const target = await this.emails.confirmationTarget(token);
    return target ? this.emails.resendConfirmation(target.testerId) : 'unknown';
  }

  /**
   * New links for an address still unconfirmed in any beta (the link was lost or is unknown). The
   * caller answers the same whatever happened, so the form tells nobody who signed up where.
   */
  async resendForEmail(email: string): Promise<void> {
    const normalized = email.trim().toLowerCase();
    if (!normalized || normalized.length > 320) return;
    const testers = await this.db
      .selectFrom('testers')
      .select('id')
      .where('email_normalized', '=', normalized)
      .where('status', '=', 'unconfirmed')
      .where('hidden', '=', 0)
      .limit(RESEND_BY_EMAIL_LIMIT)
      .execute();
    for (const { id } of testers) await this.emails.resendConfirmation(id);
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** The sharer of `code` when `check` is their uuid (any case); undefined for a wrong code or check alike. */
  private async checkedSharer(code: string, check: string): Promise<{ beta: Beta; tester: Sharer } | undefined> {
    const found = await this.sharer(code);
    return found && UUID_PATTERN.test(check) && found.tester.uuid === check.toLowerCase() ? found : undefined;
  }

  /**
   * Read afresh, beta included: its counters give waitlist_length, which a change just moved.
   * Undefined when the tester or its beta is gone (deleted since the link was read).
   */
  private async standingOf(betaId: number, testerId: number): Promise<Standing | undefined> {
    const [beta, row] = await Promise.all([this.betas.findPublic(betaId), this.db.selectFrom('testers').select([...SHARER_COLUMNS, holdsReward]).where('id', '=', testerId).executeTakeFirst()]);
    return beta && row && this.standingFrom(beta, row);
  }

  /** The page's figures from the row at hand: its standing is the one progress ranks it by, read once. */
  private async standingFrom(beta: Beta, row: Sharer): Promise<Standing> {
    const [rewards, progress, leaderboard, moves] = await Promise.all([
      row.holds_reward ? shownRewards.rows(this.db, { testerId: row.id }) : [],
      this.leaderboards.progressFor(beta, row),
      this.leaderboards.forVisitors(beta),
      this.moves.latest(row.id, STATUS_PAGE_MOVES),
    ]);
    const { id, uuid, email, status, referral_code, leaderboard_name, share_signups_count } = row;
    const tester: StatusTester = {
      id,
      uuid,
      email,
      status,
      referral_code,
      leaderboard_name,
      share_signups_count,
      waitlist_position: progress.waitlist_position,
      waitlist_ahead: progress.waitlist_ahead,
      waitlist_behind: progress.waitlist_behind,
      waitlist_length: progress.waitlist_length,
    };
    return { beta, tester, points: row.points, rewards, progress, leaderboard, moves };
  }

  /** The confirmed link's standing; a link to a tester deleted meanwhile leads nowhere any more. */
  private async confirmed(betaId: number, testerId: number): Promise<Confirmation> {
    const standing = await this.standingOf(betaId, testerId);
    return standing ? { state: 'confirmed', standing } : { state: 'unknown' };
  }
}
