// Delivery of one event to one endpoint: the handler of the outbox job WEBHOOK_DELIVERY_JOB
// (docs/decisions.md, "Webhooks"). It runs in the worker, after the change that raised the event
// committed, and never inside a transaction while it waits for the receiver. Every attempt is
// logged in webhook_deliveries; a failed one is retried on the documented schedule through the
// outbox, which keeps the job and runs it again at the time returned here.
import { STATUS_CODES } from 'node:http';
import { createHmac } from 'node:crypto';
import type { Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Insertable } from 'kysely';
import type { OutboxJobRow, WebhookDeliveriesTable, WebhookEndpointRow, WebhookEventRow } from '../../db/tables/effects.ts';
import { batched, batchedById } from '../../db/engine/batched.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { addSeconds, apiTime, storedTime, type Clock } from '../../primitives/time.ts';
import { endpointsChanged, WEBHOOK_DELIVERY_JOB, type DeliveryJob } from '../events/events.ts';
import type { Answer, WebhookSender } from './webhook-sender.ts';
import { readBeta } from '../betas/betas.service.ts';
import { chatBody, type ChatFormat } from './chat-messages.ts';

/** Attempts of one delivery in all, the first included. */
export const MAX_ATTEMPTS = 15;
const GONE = 410;
const USER_AGENT = 'Prelaunch-Webhooks/1';
const SECRET_PREFIX = 'whsec_';

/** Seconds from attempt `attempt` (1-based) to the next: 5 s + N⁴ s (docs/decisions.md, "Webhooks"). */
export function retryDelaySeconds(attempt: number): number {
  return 5 + attempt ** 4;
}

/** A delivery job; one someone asked for (redelivery) is a single attempt, never retried. */
interface WebhookJob extends DeliveryJob {
  redelivery?: true;
}

/** Queues one more attempt at sending the event to the endpoint, at `at`. */
export async function queueRedelivery(executor: Executor, delivery: DeliveryJob, at: Date): Promise<void> {
  const job: WebhookJob = { eventId: delivery.eventId, endpointId: delivery.endpointId, redelivery: true };
  await enqueueJob(executor, WEBHOOK_DELIVERY_JOB, job, at);
}

function jobOf(payload: unknown): WebhookJob {
  const job = payload as Partial<WebhookJob> | null;
  if (typeof job?.eventId !== 'number' || typeof job.endpointId !== 'number') {
    throw new Error(`${WEBHOOK_DELIVERY_JOB} job without a numeric eventId and endpointId`);
  }
  return job as WebhookJob;
}

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`
 * under the secret's base64 key — what the `standardwebhooks` library makes and verifies (the tests
 * verify with it), computed with Node's native HMAC: the library's JavaScript SHA-256 cost a
 * delivery more than its HTTP request did.
 */
function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The original service's signature, for receivers written against it: `t=<timestamp>,v1=<hex
 * HMAC-SHA256 of "<timestamp>.<body>">` keyed with the secret's text as the API shows it (whsec_
 * included), not the bytes it encodes as Standard Webhooks reads it.
 */
function prefinerySignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The Standard Webhooks headers (webhook-id is the event's id, so a receiver can drop duplicates),
 * and X-Prefinery-Signature where the endpoint asks for it, with the same timestamp; both sign the
 * body sent. A sandbox's deliveries say they are tests.
 */
function requestHeaders(endpoint: WebhookEndpointRow, event: WebhookEventRow, body: string, at: Date, test: boolean): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.public_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(endpoint.secret, event.public_id, timestamp, body),
    ...(endpoint.prefinery_signature === 1 && { 'x-prefinery-signature': prefinerySignature(endpoint.secret, timestamp, body) }),
    ...(test && { 'prelaunch-test': 'true' }),
  };
}

/** The beta an event was raised in, as its deliveries need it. */
export interface EventSource {
  name: string;
  /** A sandbox's: its deliveries are tests. */
  sandbox: boolean;
}

/**
 * What an endpoint is sent for an event: the stored body, with `"test": true` when its beta is a
 * sandbox; for a chat tool, the message telling it (their formats take no field of ours).
 */
export function bodySent(endpoint: Pick<WebhookEndpointRow, 'format'>, payload: string, source: EventSource, publicUrl: string): string {
  if (endpoint.format !== 'standard') return chatBody(endpoint.format as ChatFormat, payload, { publicUrl, betaName: source.name });
  return source.sandbox ? JSON.stringify({ ...JSON.parse(payload), test: true }) : payload;
}

/** Why the attempt failed, or null when it succeeded (any 2xx). */
function failureOf(answer: Answer): string | null {
  if (answer.status === null) return answer.error;
  if (answer.status >= 200 && answer.status < 300) return null;
  const phrase = STATUS_CODES[answer.status];
  const answered = `The receiver answered ${answer.status}${phrase ? ` ${phrase}` : ''}`;
  if (answer.status === GONE) return `${answered}: the webhook is now disabled`;
  if (answer.status >= 300 && answer.status < 400) return `${answered}; redirects are not followed`;
  return answered;
}

/** One attempt's line in the delivery log, before it is numbered. */
type AttemptRecord = Omit<Insertable<WebhookDeliveriesTable>, 'attempt'>;

export class WebhookDeliverer {
  // The jobs of one claim run side by side: their reads and their log lines are gathered into
  // one statement each rather than one per delivery.
  private readonly endpointById = batchedById((ids) => this.db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute());
  private readonly eventById = batchedById((ids) => this.db.selectFrom('webhook_events').selectAll().where('id', 'in', ids).execute());
  private readonly logAttempt = batched((records: readonly AttemptRecord[]) => this.logAttempts(records));

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
    /** Where the console is, for the links of chat messages. */
    private readonly publicUrl: string,
  ) {}

  /** The event's beta, from memory: gone since the event was raised, it is told by its id. */
  private async sourceOf(event: WebhookEventRow): Promise<EventSource> {
    const beta = await readBeta(this.db, event.beta_id);
    return { name: beta?.name ?? `Beta ${event.beta_id}`, sandbox: beta !== undefined && beta.sandbox_of !== null };
  }

  get jobHandlers() {
    // job.attempts counts the runs of this job, from 1: the position in its retry schedule.
    return {
      [WEBHOOK_DELIVERY_JOB]: (payload: unknown, job: OutboxJobRow, stop: AbortSignal) => this.deliver(jobOf(payload), job.attempts, stop),
    };
  }

  /**
   * Makes attempt `round` of the job; returns when to make the next, or nothing when there is none.
   * `stop` cuts the request short: this then rejects and logs nothing (the job is given back).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is done; one that returns a time is run again then
  async deliver(job: WebhookJob, round: number, stop?: AbortSignal): Promise<void | { retryAt: Date }> {
    const [endpoint, event] = await Promise.all([this.endpointById(job.endpointId), this.eventById(job.eventId)]);
    // Deleted or switched off since the event was raised: nothing is sent and nothing logged.
    if (!endpoint || !event || endpoint.enabled !== 1) return;

    const source = await this.sourceOf(event);
    const body = bodySent(endpoint, event.payload, source, this.publicUrl);
    const started = this.clock.now();
    const answer = await this.sender.post(endpoint, body, requestHeaders(endpoint, event, body, started, source.sandbox), stop);
    const finished = this.clock.now();
    const failure = failureOf(answer);
    const gone = answer.status === GONE;
    // A target refused as private stays refused: failed at once, not retried for 35 hours.
    const final = gone || (answer.status === null && answer.refused === true);
    const retryAt = failure === null || final || job.redelivery || round >= MAX_ATTEMPTS ? null : addSeconds(finished, retryDelaySeconds(round));

    await this.logAttempt({
      endpoint_id: endpoint.id,
      event_id: event.id,
      status: failure === null ? 'succeeded' : 'failed',
      response_status: answer.status,
      error: failure,
      duration_ms: answer.durationMs,
      next_attempt_at: retryAt ? storedTime(retryAt) : null,
      created_at: storedTime(started),
    });
    if (gone) {
      const now = storedTime(finished);
      await this.db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: `The receiver answered 410 Gone at ${apiTime(now)}`, updated_at: now })
        .where('id', '=', endpoint.id)
        .execute();
      endpointsChanged(this.db, endpoint.beta_id);
    }
    return retryAt ? { retryAt } : undefined;
  }

  /** Numbers the attempts (after the endpoint's earlier ones for the event) and logs them together. */
  private async logAttempts(records: readonly AttemptRecord[]): Promise<undefined[]> {
    await inTransaction(this.db, async (trx) => {
      const earlier = await trx
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', 'event_id', (eb) => eb.fn.max('attempt').as('attempt')])
        .where('event_id', 'in', [...new Set(records.map((r) => r.event_id))])
        .groupBy(['endpoint_id', 'event_id'])
        .execute();
      const last = new Map(earlier.map((row) => [`${row.endpoint_id}:${row.event_id}`, Number(row.attempt)]));
      const numbered = records.map((record) => {
        const pair = `${record.endpoint_id}:${record.event_id}`;
        const attempt = (last.get(pair) ?? 0) + 1;
        last.set(pair, attempt);
        return { ...record, attempt };
      });
      await trx.insertInto('webhook_deliveries').values(numbered).execute();
    });
    return records.map(() => undefined);
  }
}
