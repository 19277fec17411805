// Events (spec 6, DESIGN.md "Webhooks"): what happened to a tester, reward or point, raised in
// the transaction of the change itself. Each enabled endpoint of the beta subscribed to the type
// gets an outbox job for it, so a committed change always has its deliveries queued and a
// rolled-back one has none. The body is rendered now, once: every attempt sends the same bytes.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { apiTime } from '../../time.ts';

export const EventTypes = [
  'tester_created',
  'tester_updated',
  'tester_deleted',
  'reward_earned',
  'reward_delivered',
  'reward_revoked',
  'point_earned',
  'point_revoked',
] as const;
export type EventType = (typeof EventTypes)[number];

/** The outbox job that delivers one event to one endpoint; its payload is a DeliveryJob. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';

export interface DeliveryJob {
  eventId: number;
  endpointId: number;
}

export interface RaisedEvent {
  betaId: number;
  type: EventType;
  /** Stored time of the change. */
  now: string;
  /**
   * The resource exactly as the API shows it; only computed when an endpoint listens. Undefined
   * when the API shows no such resource (a hidden tester): then there is nothing to tell.
   */
  data: () => unknown;
}

type EndpointSubscription = { id: number; events: string | null };

/**
 * A signup raises several events (the tester, its points, the referrer): within one transaction
 * the beta's endpoints are read once. Only transactions are remembered — they end, and nothing in
 * them changes endpoints.
 */
const endpointsByTransaction = new WeakMap<Executor, Map<number, Promise<EndpointSubscription[]>>>();

function enabledEndpoints(trx: Executor, betaId: number): Promise<EndpointSubscription[]> {
  const read = () => trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('beta_id', '=', betaId).where('enabled', '=', 1).execute();
  if (!trx.isTransaction) return read();
  let byBeta = endpointsByTransaction.get(trx);
  if (!byBeta) endpointsByTransaction.set(trx, (byBeta = new Map()));
  let endpoints = byBeta.get(betaId);
  if (!endpoints) byBeta.set(betaId, (endpoints = read()));
  return endpoints;
}

/** Whether an endpoint's stored `events` column (JSON array, or null for all) includes the type. */
export function subscribesTo(events: string | null, type: EventType): boolean {
  return events === null || (JSON.parse(events) as string[]).includes(type);
}

/**
 * Records the event for every enabled endpoint of the beta that subscribes to its type. Returns
 * the data when it was rendered (someone listens), so a caller can answer with it too.
 */
export async function raiseEvent(trx: Executor, event: RaisedEvent): Promise<unknown> {
  const endpoints = await enabledEndpoints(trx, event.betaId);
  const listening = endpoints.filter((endpoint) => subscribesTo(endpoint.events, event.type));
  if (listening.length === 0) return undefined;
  const data = await event.data();
  if (data === undefined) return undefined;
  const publicId = `evt_${randomBytes(16).toString('hex')}`;
  const body = { id: publicId, type: event.type, created_at: apiTime(event.now), beta_id: event.betaId, data };
  const { id: eventId } = await trx
    .insertInto('webhook_events')
    .values({ public_id: publicId, beta_id: event.betaId, type: event.type, payload: JSON.stringify(body), created_at: event.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runAt = new Date(event.now);
  for (const endpoint of listening) {
    const job: DeliveryJob = { eventId, endpointId: endpoint.id };
    await enqueueJob(trx, WEBHOOK_DELIVERY_JOB, job, runAt);
  }
  return data;
}
