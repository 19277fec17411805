// Figures an operator looks at: the largest betas, the outbox backlog, recent webhook deliveries and
// e-mails by status. Read by `prelaunch stats` and, for the backlog and the e-mail queue, by /metrics at each scrape.
import { sql } from 'kysely';
import type { Db } from '../../db/executor.ts';
import { PARKED } from '../../jobs/outbox.ts';
import { addSeconds, apiTime, storedTime, type Clock } from '../../primitives/time.ts';

export interface BetaSize {
  beta_id: number;
  company_id: number;
  name: string;
  testers: number;
  applied: number;
}

export interface OutboxKindBacklog {
  kind: string;
  /** Due now: waiting for a worker or being run by one. */
  due: number;
  /** Waiting for a later attempt (a retry's backoff, a queued deletion's date). */
  scheduled: number;
  /** Failed for good after every attempt; kept with their error. */
  parked: number;
  /** When the longest-waiting due job became due (API time), null when none is due. */
  oldest_due_at: string | null;
  /** How long that job has been due, in seconds. */
  oldest_due_seconds: number | null;
}

export interface Stats {
  generated_at: string;
  largest_betas: BetaSize[];
  outbox: OutboxKindBacklog[];
  webhook_deliveries_last_hour: { succeeded: number; failed: number };
  emails_by_status: Record<string, number>;
}

export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Every figure at once; `betas` is how many of the largest betas to list. */
  async collect(betas: number): Promise<Stats> {
    const now = this.clock.now();
    const [largest, outbox, deliveries, emails] = await Promise.all([
      this.largestBetas(betas),
      this.outboxBacklog(),
      this.webhookDeliveriesSince(addSeconds(now, -3600)),
      this.emailsByStatus(),
    ]);
    return { generated_at: apiTime(storedTime(now)), largest_betas: largest, outbox, webhook_deliveries_last_hour: deliveries, emails_by_status: emails };
  }

  /** Betas by number of testers, most first (the betas' own counters: no tester is read). */
  async largestBetas(limit: number): Promise<BetaSize[]> {
    const counts = this.db
      .selectFrom('beta_counters')
      .select((eb) => ['beta_id', eb.fn.sum<number>('testers_count').as('testers'), eb.fn.sum<number>('applied_testers_count').as('applied')])
      .groupBy('beta_id')
      .as('c');
    const rows = await this.db
      .selectFrom('betas')
      .leftJoin(counts, 'c.beta_id', 'betas.id')
      .select((eb) => [
        'betas.id as beta_id',
        'betas.company_id',
        'betas.name',
        eb.fn.coalesce('c.testers', eb.lit(0)).as('testers'),
        eb.fn.coalesce('c.applied', eb.lit(0)).as('applied'),
      ])
      .orderBy('testers', 'desc')
      .orderBy('betas.id')
      .limit(limit)
      .execute();
    // sum() is numeric on PostgreSQL, which the driver reads as text.
    return rows.map((row) => ({ ...row, testers: Number(row.testers), applied: Number(row.applied) }));
  }

  /** Outbox jobs per kind, by state; kinds with no job are absent. */
  async outboxBacklog(): Promise<OutboxKindBacklog[]> {
    const moment = this.clock.now();
    const now = storedTime(moment);
    const rows = await this.db
      .selectFrom('outbox_jobs')
      .select((eb) => [
        'kind',
        sql<number>`sum(case when ${eb.ref('run_at')} <= ${now} then 1 else 0 end)`.as('due'),
        sql<number>`sum(case when ${eb.ref('run_at')} > ${now} and ${eb.ref('run_at')} <> ${PARKED} then 1 else 0 end)`.as('scheduled'),
        sql<number>`sum(case when ${eb.ref('run_at')} = ${PARKED} then 1 else 0 end)`.as('parked'),
        sql<string | null>`min(case when ${eb.ref('run_at')} <= ${now} then ${eb.ref('run_at')} end)`.as('oldest_due_at'),
      ])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      due: Number(row.due),
      scheduled: Number(row.scheduled),
      parked: Number(row.parked),
      oldest_due_at: apiTime(row.oldest_due_at),
      oldest_due_seconds: row.oldest_due_at === null ? null : Math.max(0, Math.round((moment.getTime() - Date.parse(row.oldest_due_at)) / 1000)),
    }));
  }

  /** Webhook delivery attempts made since `since`, by outcome: a range of one index (migration 011). */
  async webhookDeliveriesSince(since: Date): Promise<{ succeeded: number; failed: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', storedTime(since))
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
    return { succeeded: count('succeeded'), failed: count('failed') };
  }

  /**
   * E-mail messages in the log, by status (queued, sent, captured, suppressed, failed): those of
   * the last EMAIL_LOG_RETENTION_DAYS and any still queued. Counted from the (status, created_at)
   * index of migration 011, never the rows and their bodies.
   */
  async emailsByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('email_messages')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  /**
   * The e-mail queue's depth (messages waiting to be sent, held ones included) and the betas whose
   * sending the breaker has paused, for /metrics: one index range each (migrations 011 and 040).
   */
  async emailSending(): Promise<{ queued: number; paused_betas: number }> {
    const [queued, paused] = await Promise.all([
      this.db.selectFrom('email_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirstOrThrow(),
      this.db.selectFrom('email_sending_pauses').select((eb) => eb.fn.countAll<number>().as('n')).where('resumed_at', 'is', null).executeTakeFirstOrThrow(),
    ]);
    return { queued: Number(queued.n), paused_betas: Number(paused.n) };
  }
}
