// Prometheus metrics of one process (served at /metrics, docs/operations.md lists them): HTTP
// requests by route pattern, outbox jobs, e-mail sending (queue, sends, put-off sends, paused betas), rate-limit refusals, public signups' refusals, Redis's breaker and failures, the
// database pool and retried transactions, and prom-client's process defaults. Each Metrics has a
// registry of its own, so several apps in one process (tests) never share series. Under `serve
// --workers N` the primary adds up every process's registry.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import { transactionRetries } from '../db/transaction.ts';
import type { JobObserver, JobOutcome } from '../jobs/outbox.ts';
import type { MetricsEndpoint } from '../http/metrics.routes.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { RedisConnection } from './redis.ts';
import type { OutboxKindBacklog, StatsService } from '../modules/stats/stats.service.ts';
import type { SignupGuard } from '../modules/signup-guard/signup-guard.ts';
import type { EmailsService } from '../modules/emails/emails.service.ts';

export interface MetricsSources {
  database: DatabaseHandle;
  stats: StatsService;
  /** What this process sent and put off. */
  emails: Pick<EmailsService, 'sendCounts'>;
  /** The process's rate limits; none in `prelaunch worker`, which answers no API request (no such series). */
  rateLimits?: RateLimits;
  /** The rate limits' Redis connection, when REDIS_URL is set. */
  redis?: RedisConnection | null;
  /** Public signups' refusals by beta and reason; none in `prelaunch worker`, which takes no signup. */
  signupGuard?: Pick<SignupGuard, 'refusals'>;
  /** Where failures to read a figure at scrape time are reported. */
  log: { warn(details: object, message: string): void };
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_LATENCY_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600];

/** "2xx", "4xx": a status class keeps the series few; the exact status is in the logs. */
function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export class Metrics implements JobObserver, MetricsEndpoint {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_class'>;
  readonly #jobLatency: Histogram<'kind' | 'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'prelaunch_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (never the raw URL) and status class, and how long they took',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#jobLatency = new Histogram({
      name: 'prelaunch_outbox_job_latency_seconds',
      help:
        'Outbox job attempts by kind and outcome (done; retry: the handler scheduled another attempt, e.g. a webhook receiver ' +
        'did not accept; error: it failed and is retried with backoff; parked: it failed its last attempt), ' +
        'timed from when the job was due (run_at) to the end of the attempt',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_LATENCY_BUCKETS,
      registers,
    });
    // Both outbox gauges come from one query per scrape (the registry collects metrics side by side).
    let reading: Promise<OutboxKindBacklog[] | null> | null = null;
    const readBacklog = () =>
      (reading ??= sources.stats
        .outboxBacklog()
        .catch((error: unknown) => {
          // An unreachable database leaves these series out; the rest of the scrape still answers.
          sources.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'metrics: outbox backlog not read');
          return null;
        })
        .finally(() => (reading = null)));
    // Every process reads the same outbox: under `serve --workers` the figures are taken once
    // (aggregator "max"), not added up per process.
    const outboxGauge = <L extends string>(name: string, help: string, labelNames: L[], fill: (gauge: Gauge<L>, row: OutboxKindBacklog) => void) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        aggregator: 'max',
        registers,
        async collect() {
          const rows = await readBacklog();
          this.reset();
          for (const row of rows ?? []) fill(this, row);
        },
      });
    outboxGauge(
      'prelaunch_outbox_jobs',
      'Outbox jobs by kind and state: due (waiting for a worker or running), scheduled (a later attempt), parked (failed for good)',
      ['kind', 'state'],
      (gauge, row) => {
        for (const state of ['due', 'scheduled', 'parked'] as const) gauge.set({ kind: row.kind, state }, row[state]);
      },
    );
    outboxGauge('prelaunch_outbox_oldest_due_age_seconds', 'How long the longest-waiting due job of each kind has been due', ['kind'], (gauge, row) => {
      if (row.oldest_due_seconds !== null) gauge.set({ kind: row.kind }, row.oldest_due_seconds);
    });
    this.#emailMetrics(sources, registers);
    const { rateLimits } = sources;
    if (rateLimits) {
      new Counter({
        name: 'prelaunch_rate_limit_rejections_total',
        help: 'Requests refused with 429, by the name of the limit that refused them',
        labelNames: ['limiter'],
        registers,
        collect() {
          this.reset();
          for (const [limiter, count] of Object.entries(rateLimits.rejections())) this.inc({ limiter }, count);
        },
      });
    }
    const { signupGuard } = sources;
    if (signupGuard) {
      new Counter({
        name: 'prelaunch_signup_refusals_total',
        help:
          'Public signups refused, by beta and reason: honeypot (the hidden field was filled; answered as a success), origin, challenge ' +
          '(missing, wrong, reused or expired proof of work), country, subnet (max_signups_per_subnet_per_hour), fraud (blocked IP or domain, too many from one IP, refused referral)',
        labelNames: ['beta_id', 'reason'],
        registers,
        collect() {
          this.reset();
          for (const { betaId, reason, count } of signupGuard.refusals()) this.inc({ beta_id: String(betaId), reason }, count);
        },
      });
    }
    const { redis } = sources;
    if (redis) {
      new Gauge({
        name: 'prelaunch_redis_breaker_open',
        help: 'Whether this process sends Redis no commands and counts rate limits by itself: 1 while Redis is unavailable or not answering, else 0',
        registers,
        collect() {
          this.set(redis.available ? 0 : 1);
        },
      });
      new Counter({
        name: 'prelaunch_redis_command_failures_total',
        help: 'Redis commands that failed (probes of an open breaker included), by reason: timeout (no answer in time) or error',
        labelNames: ['reason'],
        registers,
        collect() {
          this.reset();
          for (const [reason, count] of Object.entries(redis.failures())) this.inc({ reason }, count);
        },
      });
    }
    new Counter({
      name: 'prelaunch_db_transaction_retries_total',
      help:
        'Transactions run again, by reason: deadlock (PostgreSQL; two commands took locks in different orders), ' +
        'serialization (PostgreSQL), busy (SQLite: another process held the write lock too long), other (a generated code collided, a referrer was deleted meanwhile)',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const [reason, count] of Object.entries(transactionRetries(sources.database.db))) this.inc({ reason }, count);
      },
    });
    new Gauge({
      name: 'prelaunch_db_pool_connections',
      help: "Database connections of this process's pool: total, idle, and requests waiting for one (PostgreSQL); SQLite: one connection",
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = sources.database.poolStats();
        this.set({ state: 'total' }, total);
        if (idle !== undefined) this.set({ state: 'idle' }, idle);
        if (waiting !== undefined) this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** The e-mail queue and paused betas (the database's, read once per scrape) and this process's sends. */
  #emailMetrics(sources: MetricsSources, registers: Registry[]): void {
    let reading: Promise<{ queued: number; paused_betas: number } | null> | null = null;
    const readSending = () =>
      (reading ??= sources.stats
        .emailSending()
        .catch((error: unknown) => {
          sources.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'metrics: e-mail queue not read');
          return null;
        })
        .finally(() => (reading = null)));
    // Every process reads the same database: taken once under `serve --workers` (aggregator "max").
    const sendingGauge = (name: string, help: string, read: (figures: { queued: number; paused_betas: number }) => number) =>
      new Gauge({
        name,
        help,
        aggregator: 'max',
        registers,
        async collect() {
          const figures = await readSending();
          this.reset();
          if (figures) this.set(read(figures));
        },
      });
    sendingGauge('prelaunch_email_queue_depth', 'E-mail messages waiting to be sent, those of paused betas and those waiting for a cap\'s next minute included', (f) => f.queued);
    sendingGauge('prelaunch_email_paused_betas', "Betas whose e-mail sending the breaker has paused (hard bounces and complaints past the beta's threshold) until an owner resumes it", (f) => f.paused_betas);
    const { emails } = sources;
    new Counter({
      name: 'prelaunch_emails_sent_total',
      help: 'E-mail messages the SMTP server accepted (captured ones are not sent); rate() * 60 is the sends per minute',
      registers,
      collect() {
        this.reset();
        this.inc(emails.sendCounts().sent);
      },
    });
    new Counter({
      name: 'prelaunch_email_sends_deferred_total',
      help:
        "Sends put off, queued, by reason: server_cap and beta_cap (the minute's EMAIL_SENDS_PER_MINUTE or the beta's email_sends_per_minute was reached: " +
        'until the next minute), paused (the beta\'s sending is paused: until it is resumed)',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const [reason, count] of Object.entries(emails.sendCounts().deferred)) this.inc({ reason }, count);
      },
    });
  }

  /** This process's figures (under `serve --workers` each worker answers /metrics with the cluster's sum instead). */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** One answered request; `route` is the matched pattern, or null when no route matched. */
  observeRequest(method: string, route: string | null, status: number, seconds: number): void {
    this.#requests.observe({ method, route: route ?? 'unmatched', status_class: statusClass(status) }, seconds);
  }

  jobSettled(kind: string, outcome: JobOutcome, dueAt: Date, finishedAt: Date): void {
    this.#jobLatency.observe({ kind, outcome }, Math.max(0, (finishedAt.getTime() - dueAt.getTime()) / 1000));
  }
}
