// Delivery of one event to one endpoint: the handler of the outbox job WEBHOOK_DELIVERY_JOB
// (DESIGN.md "Webhooks"). It runs in the worker, after the change that raised the event committed,
// and never inside a transaction while it waits for the receiver. Every attempt is logged in
// webhook_deliveries; a failed one is retried on the design's schedule through the outbox, which
// keeps the job and runs it again at the time returned here.
import { STATUS_CODES } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { Db, Executor } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { OutboxJobRow, WebhookEndpointRow, WebhookEventRow } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { addSeconds, apiTime, storedTime, type Clock } from '../../time.ts';
import { WEBHOOK_DELIVERY_JOB, type DeliveryJob } from '../events/events.ts';
import { postWebhook, type Answer, type SendOptions } from './webhook-sender.ts';

/** Attempts of one delivery in all, the first included. */
export const MAX_ATTEMPTS = 15;
const GONE = 410;
const USER_AGENT = 'Prelaunch-Webhooks/1';

/** Seconds from attempt `attempt` (1-based) to the next: 5 s + N⁴ s (DESIGN.md). */
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

/** The Standard Webhooks headers: webhook-id is the event's id, so a receiver can drop duplicates. */
function requestHeaders(endpoint: WebhookEndpointRow, event: WebhookEventRow, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.public_id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(endpoint.secret).sign(event.public_id, at, event.payload),
  };
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

export class WebhookDeliverer {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: SendOptions,
  ) {}

  get jobHandlers() {
    // job.attempts counts the runs of this job, from 1: the position in its retry schedule.
    return { [WEBHOOK_DELIVERY_JOB]: (payload: unknown, job: OutboxJobRow) => this.deliver(jobOf(payload), job.attempts) };
  }

  /** Makes attempt `round` of the job; returns when to make the next, or nothing when there is none. */
  async deliver(job: WebhookJob, round: number): Promise<void | { retryAt: Date }> {
    const [endpoint, event] = await Promise.all([
      this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', job.endpointId).executeTakeFirst(),
      this.db.selectFrom('webhook_events').selectAll().where('id', '=', job.eventId).executeTakeFirst(),
    ]);
    // Deleted or switched off since the event was raised: nothing is sent and nothing logged.
    if (!endpoint || !event || endpoint.enabled !== 1) return;

    const started = this.clock.now();
    const answer = await postWebhook(endpoint.url, event.payload, requestHeaders(endpoint, event, started), this.options);
    const finished = this.clock.now();
    const failure = failureOf(answer);
    const gone = answer.status === GONE;
    const retryAt = failure === null || gone || job.redelivery || round >= MAX_ATTEMPTS ? null : addSeconds(finished, retryDelaySeconds(round));

    await inTransaction(this.db, async (trx) => {
      const previous = await trx
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('attempt').as('attempt'))
        .where('endpoint_id', '=', endpoint.id)
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      await trx
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_id: event.id,
          attempt: Number(previous?.attempt ?? 0) + 1,
          status: failure === null ? 'succeeded' : 'failed',
          response_status: answer.status,
          error: failure,
          duration_ms: answer.durationMs,
          next_attempt_at: retryAt ? storedTime(retryAt) : null,
          created_at: storedTime(started),
        })
        .execute();
      if (gone) {
        const now = storedTime(finished);
        await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: `The receiver answered 410 Gone at ${apiTime(now)}`, updated_at: now })
          .where('id', '=', endpoint.id)
          .execute();
      }
    });
    return retryAt ? { retryAt } : undefined;
  }
}
