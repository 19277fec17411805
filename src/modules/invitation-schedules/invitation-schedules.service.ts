// Invitation schedules (docs/decisions.md, "Invitation schedules"): waves of invitations a beta's
// owner plans, "the top N every day or week at a time of day" (next-run.ts) or "anyone who reaches
// K credited referrals". The scheduler (runDue, a worker's sweep) starts each due wave as a bulk
// invite with its frozen list (modules/bulk-actions: batches, resumable, each tester invited once,
// e-mails and webhooks through the outbox). A wave is claimed by moving its schedule's next_run_at
// from the time read to the next one in the same transaction that creates its bulk action: of two
// processes, the second finds the time moved and starts nothing; the wave's unique key holds it
// too. A referral schedule is swept after commit, never in a signup's transaction.
import type { Static } from 'typebox';
import type { Db } from '../../db/executor.ts';
import { LeastRecentlyUsed } from '../../db/engine/least-recently-used.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { InvitationScheduleRow, InvitationWaveRow } from '../../db/tables/owner-work.ts';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, readBeta, type Beta, type BetasService } from '../betas/betas.service.ts';
import type { BulkActionsService } from '../bulk-actions/bulk-actions.service.ts';
import { chunksOf } from '../bulk-actions/selection.ts';
import type { BulkPreview } from '../bulk-actions/preview.ts';
import type { Standings } from '../waitlist/standings.ts';
import { isTimeOfDay, isTimeZone, nextRun, type Recurrence, type Weekday } from './next-run.ts';
import type { ScheduleBody, ScheduleUpdateBody, SimulateBody } from './invitation-schedules.schemas.ts';
import { estimateInvitation, PACE_DAYS } from './invitation-estimate.ts';
import { simulate, type Plan, type SimulatedTop } from './simulation.ts';

export type ScheduleInput = Static<typeof ScheduleBody>;
export type ScheduleUpdate = Static<typeof ScheduleUpdateBody>;
export type SimulationInput = Static<typeof SimulateBody>;

/** How often a referral schedule is swept for testers who reached its threshold: how soon "at once" is. */
export const REFERRAL_SWEEP_SECONDS = 30;
/** Testers one referral wave invites at most; more wait for the next sweep. */
export const MAX_REFERRAL_WAVE = 10_000;
/** Due schedules one round of the scheduler starts at most; the rest wait for the next round. */
const DUE_PER_ROUND = 100;

/** How long a process keeps a beta's schedules and invitation pace for estimates: they are at most this old. */
export const PACE_MAX_AGE_MS = 60_000;
/** Betas whose pace a process keeps at once. */
const MAX_KEPT_PACES = 1_000;

/** What an estimate reads of a beta (invitation-estimate.ts). */
interface Pace {
  top: SimulatedTop[];
  invitedInPace: number;
}

/** A schedule's rule, checked. */
type Rule =
  | { kind: 'top'; count: number; every: 'day' | 'week'; weekday: Weekday | null; at: string; time_zone: string }
  | { kind: 'referrals'; threshold: number };

export interface WaveView extends InvitationWaveRow {
  state: string | null;
  invited: number;
}

export class InvitationSchedulesService {
  /** Per beta: its schedules and invitation pace, while fresh; the betas least recently asked about go first. */
  readonly #paces = new LeastRecentlyUsed<number, { expires: number; pace: Promise<Pace> }>(MAX_KEPT_PACES);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly bulkActions: BulkActionsService,
    private readonly standings: Standings,
  ) {}

  async list(companyId: number, betaIdText: string, page: PageRequest): Promise<{ items: InvitationScheduleRow[]; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const ofBeta = this.db.selectFrom('invitation_schedules').where('beta_id', '=', beta.id);
    const [items, counted] = await Promise.all([
      ofBeta.selectAll().orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, ofBeta.select('id'), page),
    ]);
    return { items, ...counted };
  }

  async show(companyId: number, betaIdText: string, idText: string): Promise<InvitationScheduleRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    return this.#require(beta, idText);
  }

  /**
   * When the tester at `position` of the beta's waitlist can expect their invitation
   * (invitation-estimate.ts); null off the waitlist, and for a beta with neither a running top
   * schedule nor an invitation in the last PACE_DAYS days.
   */
  async estimatedInvitationAt(beta: Beta, position: number | null): Promise<Date | null> {
    if (position === null) return null;
    const now = this.clock.now();
    let cached = this.#paces.get(beta.id);
    if (!cached || cached.expires <= now.getTime()) {
      cached = { expires: now.getTime() + PACE_MAX_AGE_MS, pace: this.#paceOf(beta.id, now) };
      this.#paces.set(beta.id, cached);
      cached.pace.catch(() => this.#paces.delete(beta.id));
    }
    return estimateInvitation({ now, position, ...(await cached.pace) });
  }

  async #paceOf(betaId: number, now: Date): Promise<Pace> {
    const since = storedTime(addSeconds(now, -PACE_DAYS * 86_400));
    const [schedules, invited] = await Promise.all([
      this.db.selectFrom('invitation_schedules').selectAll().where('beta_id', '=', betaId).where('kind', '=', 'top').execute(),
      // Every invitation of the window, whatever the status since (invited_at is set once, never
      // cleared): the covering (beta_id, hidden, invited_at) index answers alone. Filtering on the
      // status read every row, 0.6 s with 120,000 invited, blocking the process on SQLite.
      this.db
        .selectFrom('testers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('beta_id', '=', betaId)
        .where('hidden', '=', 0)
        .where('invited_at', '>=', since)
        .executeTakeFirstOrThrow(),
    ]);
    const top = schedules.map((row) => ({ ...(ruleOf(row) as Extract<Rule, { kind: 'top' }>), paused: row.paused === 1, skip_next: row.skip_next === 1 }));
    return { top, invitedInPace: Number(invited.n) };
  }

  async create(companyId: number, betaIdText: string, input: ScheduleInput): Promise<InvitationScheduleRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    this.#paces.delete(beta.id);
    const rule = checkedRule(input);
    if (input.skip_next && rule.kind === 'referrals') throw Errors.testersGeneral(SKIP_REFERRALS);
    const now = this.clock.now();
    return heldBy(
      inTransaction(this.db, async (trx) => {
        await this.betas.hold(trx, beta.id);
        return trx
          .insertInto('invitation_schedules')
          .values({
            beta_id: beta.id,
            ...columnsOf(rule),
            paused: input.paused ? 1 : 0,
            skip_next: input.skip_next ? 1 : 0,
            next_run_at: storedTime(firstRun(rule, now)),
            created_at: storedTime(now),
            updated_at: storedTime(now),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    );
  }

  /**
   * Changes the fields given. A new time, day or zone, or resuming a paused schedule, counts its
   * next wave from now; a kind cannot change.
   */
  async update(companyId: number, betaIdText: string, idText: string, input: ScheduleUpdate): Promise<InvitationScheduleRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const row = await this.#require(beta, idText);
    this.#paces.delete(beta.id);
    if (input.kind !== undefined && input.kind !== row.kind) throw Errors.testersGeneral(`kind cannot change (this schedule is ${row.kind}): delete it and create another`);
    const current = ruleOf(row);
    const every = input.every ?? (current.kind === 'top' ? current.every : undefined);
    // A weekly schedule made daily drops its weekday unless one is given.
    const weekday = input.weekday !== undefined ? input.weekday : current.kind === 'top' && every === 'week' ? current.weekday : null;
    const rule = checkedRule({ ...current, ...withoutUndefined(input), kind: current.kind, weekday });
    const skipNext = input.skip_next ?? row.skip_next === 1;
    if (input.skip_next && rule.kind === 'referrals') throw Errors.testersGeneral(SKIP_REFERRALS);
    const now = this.clock.now();
    const recurrenceChanged = JSON.stringify(columnsOf(rule)) !== JSON.stringify(columnsOf(current));
    const resumed = row.paused === 1 && input.paused === false;
    const updated = await this.db
      .updateTable('invitation_schedules')
      .set({
        ...columnsOf(rule),
        paused: input.paused === undefined ? row.paused : input.paused ? 1 : 0,
        skip_next: skipNext ? 1 : 0,
        ...(recurrenceChanged || resumed ? { next_run_at: storedTime(firstRun(rule, now)) } : {}),
        updated_at: storedTime(now),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw Errors.notFound('Invitation schedule not found');
    return updated;
  }

  /** Deletes the schedule and its history; a wave already started runs on as its bulk action. */
  async delete(companyId: number, betaIdText: string, idText: string): Promise<InvitationScheduleRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const row = await this.#require(beta, idText);
    this.#paces.delete(beta.id);
    await this.db.deleteFrom('invitation_schedules').where('id', '=', row.id).execute();
    return row;
  }

  /** The schedule's waves, the latest first, with their bulk actions' progress. */
  async waves(companyId: number, betaIdText: string, idText: string, page: PageRequest): Promise<{ items: WaveView[]; total: number }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const schedule = await this.#require(beta, idText);
    const ofSchedule = this.db.selectFrom('invitation_waves as w').where('w.beta_id', '=', beta.id).where('w.schedule_id', '=', schedule.id);
    const [rows, counted] = await Promise.all([
      ofSchedule
        .leftJoin('bulk_actions as b', 'b.id', 'w.bulk_action_id')
        .selectAll('w')
        .select(['b.state as state', 'b.changed as invited'])
        .orderBy('w.due_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(page.perPage)
        .offset(page.offset)
        .execute(),
      countUpTo(this.db, ofSchedule.select('id'), page),
    ]);
    return { items: rows.map((row) => ({ ...row, invited: Number(row.invited ?? 0) })), ...counted };
  }

  /** What the schedule's next wave would do if it ran now, and when it is due; changes nothing. */
  async preview(companyId: number, betaIdText: string, idText: string): Promise<BulkPreview & { at: Date }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const schedule = await this.#require(beta, idText);
    const entries = await this.#selection(beta, ruleOf(schedule));
    const at = new Date(Math.max(Date.parse(schedule.next_run_at), this.clock.now().getTime()));
    return { at, ...(await this.bulkActions.previewListed(beta, entries.map((entry) => entry.id), 'invited')) };
  }

  /** The plan of the schedules given over today's waitlist (simulation.ts); changes nothing. */
  async simulate(companyId: number, betaIdText: string, input: SimulationInput): Promise<Plan & { waitlist_length: number }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const problems: string[] = [];
    const rules = (input.schedules ?? []).flatMap((body, i) => {
      try {
        return [{ rule: checkedRule(body), body }];
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        problems.push(`schedules[${i}]: ${error.message}`);
        return [];
      }
    });
    if (problems.length > 0) throw Errors.testersGeneral(problems.join('; '));
    const { length } = await this.standings.waitlistSlice(beta, 0, 0);
    const thresholds = rules.flatMap(({ rule, body }) => (rule.kind === 'referrals' && !body.paused ? [rule.threshold] : []));
    const referralPositions =
      thresholds.length === 0 ? null : (await this.#reachedThreshold(beta, Math.min(...thresholds), Number.MAX_SAFE_INTEGER)).map((entry) => entry.position);
    const top = rules.flatMap(({ rule, body }) => (rule.kind === 'top' ? [{ ...rule, paused: body.paused, skip_next: body.skip_next }] : []));
    const plan = simulate({ start: this.clock.now(), length, now: input.now, top, referralPositions });
    return { ...plan, waitlist_length: length };
  }

  /**
   * One round of the scheduler: starts every wave due now (a wave due while no process ran starts
   * once, however many were missed) and sweeps the referral schedules due. Answers the waves started.
   */
  async runDue(stop: AbortSignal = new AbortController().signal): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('invitation_schedules')
      .selectAll()
      .where('next_run_at', '<=', storedTime(now))
      .where('paused', '=', 0)
      .orderBy('next_run_at')
      .limit(DUE_PER_ROUND)
      .execute();
    let started = 0;
    for (const schedule of due) {
      if (stop.aborted) break;
      if (await this.#runWave(schedule, now)) started += 1;
    }
    return started;
  }

  /** Starts the schedule's due wave, unless another process has; whether this one did. */
  async #runWave(schedule: InvitationScheduleRow, now: Date): Promise<boolean> {
    const beta = await readBeta(this.db, schedule.beta_id);
    if (!beta) return false;
    const rule = ruleOf(schedule);
    const next = rule.kind === 'top' ? nextRun(rule, now) : addSeconds(now, REFERRAL_SWEEP_SECONDS);
    const skipping = schedule.skip_next === 1;
    // Read from the standings' index before the transaction (building it reads the database).
    const entries = skipping ? [] : await this.#selection(beta, rule);
    return inTransaction(this.db, async (trx) => {
      if (!(await this.betas.holds(trx, beta.id))) return false;
      const claimed = await trx
        .updateTable('invitation_schedules')
        .set({ next_run_at: storedTime(next), skip_next: 0 })
        .where('id', '=', schedule.id)
        .where('next_run_at', '=', schedule.next_run_at)
        .where('paused', '=', 0)
        .where('skip_next', '=', schedule.skip_next)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return false;
      // A referral sweep that finds nobody is no wave.
      if (rule.kind === 'referrals' && entries.length === 0) return false;
      const at = storedTime(now);
      const action =
        entries.length === 0
          ? null
          : await this.bulkActions.createListed(
              trx,
              beta,
              {
                action: 'invite',
                status: 'invited',
                selection: rule.kind === 'top' ? 'top' : 'listed',
                topN: rule.kind === 'top' ? rule.count : null,
                entries,
                requested_by_member_id: null,
                requested_by_key_id: null,
              },
              at,
            );
      await trx
        .insertInto('invitation_waves')
        .values({
          beta_id: beta.id,
          schedule_id: schedule.id,
          due_at: rule.kind === 'top' ? schedule.next_run_at : at,
          started_at: at,
          skipped: skipping ? 1 : 0,
          bulk_action_id: action?.id ?? null,
          selected: action?.total ?? 0,
          first_position: entries[0]?.position ?? null,
          last_position: entries.at(-1)?.position ?? null,
        })
        .execute();
      return true;
    });
  }

  /**
   * The testers the rule's wave takes now, with their waitlist positions, front to back: never one
   * a bulk action still running has listed (an earlier wave whose job has not reached them yet).
   */
  async #selection(beta: Beta, rule: Rule): Promise<{ id: number; position: number }[]> {
    if (rule.kind === 'referrals') return this.#reachedThreshold(beta, rule.threshold, MAX_REFERRAL_WAVE);
    const pending = await this.db
      .selectFrom('bulk_action_items as i')
      .innerJoin('bulk_actions as b', 'b.id', 'i.bulk_action_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.beta_id', '=', beta.id)
      .executeTakeFirstOrThrow();
    const ids = await this.standings.firstIds(beta, rule.count + Number(pending.n));
    const listed = new Set<number>();
    for (const chunk of chunksOf(Number(pending.n) > 0 ? ids : [])) {
      const rows = await this.db.selectFrom('bulk_action_items').select('tester_id').where('tester_id', 'in', chunk.ids).execute();
      for (const row of rows) listed.add(row.tester_id);
    }
    return ids.flatMap((id, i) => (listed.has(id) ? [] : [{ id, position: i + 1 }])).slice(0, rule.count);
  }

  /**
   * The testers on the waitlist with at least `threshold` credited referrals (a range of the
   * (beta_id, status, hidden, share_signups_count, …) index), but those already listed by a bulk
   * action still running, with their positions, front to back.
   */
  async #reachedThreshold(beta: Beta, threshold: number, limit: number): Promise<{ id: number; position: number }[]> {
    const rows = await this.db
      .selectFrom('testers as t')
      .select(['t.id', 't.status', 't.hidden', 't.share_signups_count', 't.points', 't.applied_at', 't.priority'])
      .where('t.beta_id', '=', beta.id)
      .where('t.status', '=', 'applied')
      .where('t.hidden', '=', 0)
      .where('t.share_signups_count', '>=', threshold)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('bulk_action_items as i').select('i.tester_id').whereRef('i.tester_id', '=', 't.id'))))
      // Past the wave's limit, those the owner put first go first, as on the waitlist.
      .orderBy('t.priority', 'desc')
      .orderBy('t.share_signups_count', 'desc')
      .orderBy('t.id')
      .limit(limit)
      .execute();
    const placed = await this.standings.standingsOf(this.db, beta, rows);
    return rows
      .flatMap((row) => {
        const position = placed.get(row.id)?.waitlist_position;
        return position ? [{ id: row.id, position }] : [];
      })
      .sort((a, b) => a.position - b.position);
  }

  async #require(beta: Beta, idText: string): Promise<InvitationScheduleRow> {
    const id = parseId(idText);
    const row = id === null ? undefined : await this.db.selectFrom('invitation_schedules').selectAll().where('id', '=', id).where('beta_id', '=', beta.id).executeTakeFirst();
    if (!row) throw Errors.notFound('Invitation schedule not found');
    return row;
  }
}

const SKIP_REFERRALS = 'skip_next applies to top schedules; pause a referrals schedule instead';

/** The first time the scheduler looks at a new or changed schedule. */
function firstRun(rule: Rule, now: Date): Date {
  return rule.kind === 'top' ? nextRun(rule, now) : now;
}

/** The rule's columns, the other kind's null. */
function columnsOf(rule: Rule) {
  return rule.kind === 'top'
    ? { kind: rule.kind, count: rule.count, every: rule.every, weekday: rule.weekday, at: rule.at, time_zone: rule.time_zone, threshold: null }
    : { kind: rule.kind, count: null, every: null, weekday: null, at: null, time_zone: null, threshold: rule.threshold };
}

function ruleOf(row: InvitationScheduleRow): Rule {
  if (row.kind === 'referrals') return { kind: 'referrals', threshold: row.threshold ?? 1 };
  return { kind: 'top', count: row.count ?? 1, every: row.every as 'day' | 'week', weekday: row.weekday as Weekday | null, at: row.at ?? '00:00', time_zone: row.time_zone ?? 'UTC' };
}

/** A schedule's body checked: 422 (2301) naming every problem. */
function checkedRule(input: Omit<ScheduleInput, 'weekday'> & { weekday?: Weekday | null }): Rule & Partial<Recurrence> {
  const problems: string[] = [];
  if (input.kind === undefined) throw Errors.testersGeneral('kind is required: top (the first N of the waitlist on a schedule) or referrals (anyone reaching a number of referrals)');
  if (input.kind === 'referrals') {
    for (const field of ['count', 'every', 'weekday', 'at', 'time_zone'] as const) {
      if (input[field] !== undefined && input[field] !== null) problems.push(`${field} is for top schedules: a referrals schedule takes only threshold`);
    }
    if (input.threshold === undefined) problems.push('threshold is required: the credited referrals that get a tester invited, from 1');
    if (problems.length > 0) throw Errors.testersGeneral(problems.join('; '));
    return { kind: 'referrals', threshold: input.threshold! };
  }
  if (input.threshold !== undefined && input.threshold !== null) problems.push('threshold is for referrals schedules');
  if (input.count === undefined) problems.push('count is required: the testers each wave invites');
  if (input.every === undefined) problems.push('every is required: day or week');
  if (input.every === 'week' && !input.weekday) problems.push('weekday is required when every is week: monday … sunday');
  if (input.every === 'day' && input.weekday) problems.push('weekday is for every week; a daily schedule runs every day');
  if (input.at === undefined) problems.push('at is required: the time of day, HH:MM');
  else if (!isTimeOfDay(input.at)) problems.push(`at must be a time of day, HH:MM from 00:00 to 23:59 (not ${JSON.stringify(input.at)})`);
  if (input.time_zone === undefined) problems.push('time_zone is required: an IANA time zone, such as Europe/Paris');
  else if (!isTimeZone(input.time_zone)) problems.push(`time_zone is not a known time zone: ${JSON.stringify(input.time_zone)}; use an IANA name such as Europe/Paris or UTC`);
  if (problems.length > 0) throw Errors.testersGeneral(problems.join('; '));
  return {
    kind: 'top',
    count: input.count!,
    every: input.every!,
    weekday: input.every === 'week' ? input.weekday! : null,
    at: input.at!,
    time_zone: input.time_zone!,
  };
}

function withoutUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
