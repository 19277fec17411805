// Fraud and signup settings tried on a beta's past before an owner turns them on (docs/fraud.md,
// "Try a rule on the past"): a simulation is created with the settings proposed and run by a
// background job that reads the beta's testers in id order, replays them (fraud-simulation.ts) and
// stores what each rule would have done. It writes nothing but its own row.
import type { Db } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { FraudSimulationRow } from '../../db/tables/owner-work.ts';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { enqueueJob, MAX_ATTEMPTS, type JobHandler } from '../../jobs/outbox.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { Principal } from '../accounts/accounts.service.ts';
import { mergeSettings, settingsProblems, type BetaSettingsPatch } from '../betas/beta-settings.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import { isOnWaitlist } from '../waitlist/standings.ts';
import { aliasProviderOf } from './email-alias.ts';
import {
  FraudReplay,
  positionsChanged,
  SIMULATED_SETTINGS,
  type SimulatedSettings,
  type MailboxSharer,
  type ReplayedTester,
  type RuleOutcome,
  WaitlistColumns,
} from './fraud-simulation.ts';

const SIMULATION_JOB = 'fraud_simulation.run';
/** Testers read per statement. */
const CHUNK = 5_000;

/** What a completed simulation stores. */
export interface SimulationResult {
  rules: RuleOutcome[];
  positions_changed: number;
}

export class FraudSimulationsService {
  readonly jobHandlers: Readonly<Record<string, JobHandler>>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {
    this.jobHandlers = { [SIMULATION_JOB]: (payload, job, stop) => this.#runJob(payload, job.attempts, stop) };
  }

  /** Checks the settings proposed and queues the simulation; answers it, running. */
  async create(principal: Principal, betaIdText: string, input: { settings?: Record<string, unknown> } | undefined): Promise<FraudSimulationRow> {
    const beta = await this.betas.require(principal.companyId, betaIdText);
    const settings = proposedSettings(beta, input?.settings);
    const now = storedTime(this.clock.now());
    return inTransaction(this.db, async (trx) => {
      // Held from deletion until the row is in (a beta's deletion takes its tables in turn).
      await this.betas.hold(trx, beta.id);
      // The testers of the beta now: later signups are not replayed.
      const covered = await trx
        .selectFrom('testers')
        .select((eb) => [eb.fn.max('id').as('last'), eb.fn.countAll<number>().as('n')])
        .where('beta_id', '=', beta.id)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('fraud_simulations')
        .values({
          beta_id: beta.id,
          settings: JSON.stringify(settings),
          status: 'running',
          max_tester_id: Number(covered.last ?? 0),
          testers_total: Number(covered.n),
          requested_by_member_id: principal.session?.memberId ?? null,
          requested_by_key_id: principal.keyId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, SIMULATION_JOB, { simulationId: row.id }, this.clock.now());
      return row;
    });
  }

  async show(companyId: number, betaIdText: string, idText: string): Promise<FraudSimulationRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const id = parseId(idText);
    const row = id === null ? undefined : await this.db.selectFrom('fraud_simulations').selectAll().where('id', '=', id).where('beta_id', '=', beta.id).executeTakeFirst();
    if (!row) throw Errors.notFound('Fraud simulation not found');
    return row;
  }

  /** Runs a simulation here and now, to its end or until `stop` (the job, tests). */
  async run(id: number, stop: AbortSignal = new AbortController().signal): Promise<'done' | 'stopped'> {
    const simulation = await this.db.selectFrom('fraud_simulations').selectAll().where('id', '=', id).executeTakeFirst();
    if (simulation?.status !== 'running') return 'done';
    const settings = JSON.parse(simulation.settings) as SimulatedSettings;
    const replay = new FraudReplay(settings, await this.#sharedMailboxes(simulation));
    const waitlist = new WaitlistColumns();
    let cursor = 0;
    let read = 0;
    for (;;) {
      // Stopped between chunks: the replay lives in memory, so the next run starts over.
      if (stop.aborted) return 'stopped';
      const rows = await this.#chunk(simulation, cursor);
      for (const row of rows) {
        if (row.imported_at !== null) replay.keep(row);
        else replay.check(row);
        if (isOnWaitlist(row)) waitlist.add(row);
      }
      read += rows.length;
      if (rows.length < CHUNK) break;
      cursor = rows[rows.length - 1].id;
      await this.#update(id, { testers_read: read, testers_checked: replay.checked });
    }
    const result: SimulationResult = {
      rules: replay.outcomes(),
      positions_changed: positionsChanged(settings.waitlist_order, waitlist, replay, settings.referral_points),
    };
    const now = storedTime(this.clock.now());
    await this.#update(id, { status: 'completed', testers_read: read, testers_checked: replay.checked, result: JSON.stringify(result), finished_at: now });
    return 'done';
  }

  /** Mailbox keys of alias providers that several of the covered testers share, each with its testers by id. */
  async #sharedMailboxes(simulation: FraudSimulationRow): Promise<Map<string, MailboxSharer[]>> {
    const covered = this.db.selectFrom('testers').where('beta_id', '=', simulation.beta_id).where('id', '<=', simulation.max_tester_id);
    const shared = covered.select('email_alias_key').groupBy('email_alias_key').having((eb) => eb.fn.countAll(), '>', 1);
    const rows = await covered
      .select(['id', 'email', 'email_normalized', 'email_alias_key'])
      .where('email_alias_key', 'in', shared)
      .orderBy('id')
      .execute();
    const mailboxes = new Map<string, MailboxSharer[]>();
    for (const row of rows) {
      if (row.email_alias_key === null || !aliasProviderOf(row.email_normalized)) continue;
      let sharers = mailboxes.get(row.email_alias_key);
      if (!sharers) mailboxes.set(row.email_alias_key, (sharers = []));
      sharers.push({ id: row.id, email: row.email });
    }
    return mailboxes;
  }

  /** The next covered testers after `cursor`, with their referrer's facts. */
  #chunk(simulation: FraudSimulationRow, cursor: number): Promise<ReplayedTester[]> {
    return this.db
      .selectFrom('testers')
      .leftJoin('testers as referrer', 'referrer.id', 'testers.referrer_id')
      .select([
        'testers.id',
        'testers.email',
        'testers.email_normalized',
        'testers.email_alias_key',
        'testers.signup_ip',
        'testers.signup_subnet',
        'testers.signup_user_agent',
        'testers.country',
        'testers.created_at',
        'testers.imported_at',
        'testers.status',
        'testers.hidden',
        'testers.applied_at',
        'testers.share_signups_count',
        'testers.points',
        'testers.priority',
        'testers.referrer_id',
        'testers.referral_credited_at',
        'testers.referral_accepted_at',
        'testers.referral_reversed_at',
        'testers.referral_held',
        'referrer.email as referrer_email',
        'referrer.signup_ip as referrer_signup_ip',
        'referrer.signup_user_agent as referrer_signup_user_agent',
        'referrer.fraud_flags as referrer_fraud_flags',
      ])
      .where('testers.beta_id', '=', simulation.beta_id)
      .where('testers.id', '>', cursor)
      .where('testers.id', '<=', simulation.max_tester_id)
      .orderBy('testers.id')
      .limit(CHUNK)
      .execute();
  }

  async #update(id: number, values: Partial<Pick<FraudSimulationRow, 'status' | 'testers_read' | 'testers_checked' | 'result' | 'failure' | 'finished_at'>>): Promise<void> {
    await this.db
      .updateTable('fraud_simulations')
      .set({ ...values, updated_at: storedTime(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  async #runJob(payload: unknown, attempts: number, stop: AbortSignal): Promise<{ retryAt: Date } | undefined> {
    const id = (payload as { simulationId?: unknown }).simulationId;
    if (typeof id !== 'number') throw new Error(`${SIMULATION_JOB} job without a simulationId`);
    try {
      return (await this.run(id, stop)) === 'stopped' ? { retryAt: this.clock.now() } : undefined;
    } catch (error) {
      // Retried with the outbox's backoff; on the last attempt the simulation fails, saying so.
      if (attempts < MAX_ATTEMPTS) throw error;
      await this.#update(id, { status: 'failed', failure: 'The simulation stopped on an internal error after several attempts', finished_at: storedTime(this.clock.now()) });
      return undefined;
    }
  }
}

/**
 * The settings to try: those proposed over the beta's own, with what orders its waitlist (nothing
 * else of the beta's settings, its secrets included, is copied). 422 (as a beta's settings) for a
 * key the simulation does not take, or a value the settings refuse.
 */
function proposedSettings(beta: Beta, proposed: Record<string, unknown> | undefined): SimulatedSettings {
  const taken = new Set<string>(SIMULATED_SETTINGS);
  if (proposed === undefined) throw Errors.betasGeneral(`settings is required: an object of the fraud and signup settings to try (${SIMULATED_SETTINGS.join(', ')})`);
  const others = Object.keys(proposed).filter((key) => !taken.has(key));
  if (others.length > 0) {
    throw Errors.betasGeneral(`settings.${others[0]} cannot be tried: a simulation takes the fraud and signup settings (${SIMULATED_SETTINGS.join(', ')})`);
  }
  const patch = proposed as BetaSettingsPatch;
  const problems = settingsProblems(patch);
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
  const merged = mergeSettings(beta.settings, patch);
  const kept = [...SIMULATED_SETTINGS, 'waitlist_order', 'referral_points'] as const;
  return Object.fromEntries(kept.map((key) => [key, merged[key]])) as SimulatedSettings;
}
