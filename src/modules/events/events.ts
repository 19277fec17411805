// Events (docs/decisions.md, "Events"): what happened to a tester, reward or point, raised in
// the transaction of the change itself. Each enabled endpoint of the beta subscribed to the type is
// named then; the event goes into its command's effects row (jobs/effects.ts), so a committed change
// always has its deliveries and a rolled-back one has none. The row's expansion, after commit,
// writes the events (a tester's body rendered then, as "show tester" answers) and one delivery job
// per endpoint. The body is rendered once and every attempt sends the same bytes.
import { randomBytes } from 'node:crypto';
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { readCache } from '../../db/engine/read-cache.ts';
import { databaseOf } from '../../db/transaction.ts';
import type { WebhookEventRow } from '../../db/tables/effects.ts';
import { deferEffect } from '../../jobs/effects.ts';
import { enqueueJobs } from '../../jobs/outbox.ts';
import { apiTime } from '../../primitives/time.ts';

export const EventTypes = [
  'tester_created',
  'tester_updated',
  'tester_deleted',
  'reward_earned',
  'reward_delivered',
  'reward_revoked',
  'point_earned',
  'point_revoked',
  'tester_position_changed',
] as const;
export type EventType = (typeof EventTypes)[number];

/**
 * The event a test of one endpoint sends (POST …/webhooks/{id}/test): to that endpoint alone,
 * whatever its filter; no endpoint subscribes to it.
 */
export const TEST_EVENT_TYPE = 'webhook_test';

/**
 * The daily digest of one endpoint (webhooks/webhook-digests.ts): to that endpoint alone, at the
 * time it chose; no endpoint subscribes to it.
 */
export const DIGEST_EVENT_TYPE = 'daily_digest';

/** The outbox job that delivers one event to one endpoint; its payload is a DeliveryJob. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';

export interface DeliveryJob {
  eventId: number;
  endpointId: number;
}

interface EventHeader {
  betaId: number;
  type: EventType;
  /** Stored time of the change. */
  now: string;
}

export interface RaisedEvent extends EventHeader {
  /**
   * The resource exactly as the API shows it, rendered in the transaction; only computed when an
   * endpoint listens. Undefined when the API shows no such resource: then there is nothing to tell.
   */
  data: () => unknown;
}

/** The part of a command's effects row that holds its events (jobs/effects.ts). */
export const EVENTS_PART = 'events';

/**
 * An event as its command's effects row carries it, in the order raised: its id (fixed when raised,
 * so however often the row is expanded the event has one), the endpoints that listened then, and
 * either its body, rendered in the transaction, or the tester whose view is rendered at expansion.
 */
export interface DeferredEvent {
  publicId: string;
  type: EventType;
  now: string;
  endpointIds: number[];
  body?: string;
  testerId?: number;
  /** Fields added to the tester's view (tester_position_changed's positions and cause). */
  extra?: Record<string, unknown>;
}

type EndpointSubscription = { id: number; events: string | null };

/**
 * A signup raises several events (the tester, its points, the referrer): within one transaction
 * the beta's endpoints are read once. Only transactions are remembered — they end, and nothing in
 * them changes endpoints.
 */
const endpointsByTransaction = new WeakMap<Executor, Map<number, Promise<EndpointSubscription[]>>>();

/** Rows per insert: far below either database's limit on bound parameters. */
const INSERT_CHUNK = 200;

/** Each beta's enabled endpoints, read from memory (read-cache.ts): every event a signup raises needs them. */
function endpointsCache(db: Db) {
  return readCache<number, EndpointSubscription[]>(db, 'webhook-endpoints', 'ttl');
}

/** To call once a change to a beta's endpoints has been written. */
export function endpointsChanged(db: Db, betaId: number): void {
  endpointsCache(db).invalidate(betaId);
}

function enabledEndpoints(trx: Executor, betaId: number): Promise<EndpointSubscription[]> {
  // Events leave through the command's effects row: one raised outside inTransaction would be lost.
  if (!trx.isTransaction) throw new Error('Events are raised inside a command transaction (inTransaction)');
  let byBeta = endpointsByTransaction.get(trx);
  if (!byBeta) endpointsByTransaction.set(trx, (byBeta = new Map()));
  let endpoints = byBeta.get(betaId);
  if (!endpoints) {
    endpoints = endpointsCache(databaseOf(trx)).get(betaId, () =>
      trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('beta_id', '=', betaId).where('enabled', '=', 1).execute(),
    );
    byBeta.set(betaId, endpoints);
  }
  return endpoints;
}

/** Whether an endpoint's stored `events` column (JSON array, or null for all) includes the type. */
export function subscribesTo(events: string | null, type: EventType): boolean {
  return events === null || (JSON.parse(events) as string[]).includes(type);
}

/** Whether an enabled endpoint of the beta subscribes to the type: read from memory mostly. */
export async function listensTo(trx: Executor, betaId: number, type: EventType): Promise<boolean> {
  return (await enabledEndpoints(trx, betaId)).some((endpoint) => subscribesTo(endpoint.events, type));
}

/** The ids of the enabled endpoints of the beta that subscribe to the type. */
async function listeningEndpoints(trx: Executor, header: EventHeader): Promise<number[]> {
  const endpoints = await enabledEndpoints(trx, header.betaId);
  return endpoints.filter((endpoint) => subscribesTo(endpoint.events, header.type)).map((endpoint) => endpoint.id);
}

/** The body every attempt sends (docs/decisions.md, "Events"): the envelope around the resource. */
export function eventBody(publicId: string, header: Omit<EventHeader, 'type'> & { type: EventType | typeof TEST_EVENT_TYPE | typeof DIGEST_EVENT_TYPE }, data: unknown): string {
  return JSON.stringify({ id: publicId, type: header.type, created_at: apiTime(header.now), beta_id: header.betaId, data });
}

/**
 * `evt_` and 32 hex digits: 48 bits of the time in milliseconds, then 80 random bits. Time first,
 * so a transaction's events land at the end of the unique index on public_id (one page written per
 * commit) instead of on a random page each; 80 bits keep ids of one millisecond apart.
 */
export function newEventId(now = Date.now()): string {
  return `evt_${now.toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`;
}

/**
 * Records the event for every enabled endpoint of the beta that subscribes to its type. Returns
 * the data when it was rendered (someone listens), so a caller can answer with it too.
 */
export async function raiseEvent(trx: Executor, event: RaisedEvent): Promise<unknown> {
  const endpointIds = await listeningEndpoints(trx, event);
  if (endpointIds.length === 0) return undefined;
  const data = await event.data();
  if (data === undefined) return undefined;
  const publicId = newEventId();
  const deferred: DeferredEvent = { publicId, type: event.type, now: event.now, endpointIds, body: eventBody(publicId, event, data) };
  deferEffect(trx, event.betaId, EVENTS_PART, deferred, event.now);
  return data;
}

/**
 * Records an event whose data is a tester's view, rendered when its effects row is expanded (after
 * commit): a view reads the tester's referrer and answers, which inside the transaction would hold
 * its locks longer, and its standing is exact only once the change is in the standings index.
 * Whether anyone listens.
 */
export async function raiseTesterEvent(trx: Executor, event: EventHeader & { testerId: number; extra?: Record<string, unknown> }): Promise<boolean> {
  const endpointIds = await listeningEndpoints(trx, event);
  if (endpointIds.length === 0) return false;
  const { testerId, extra } = event;
  const deferred: DeferredEvent = { publicId: newEventId(), type: event.type, now: event.now, endpointIds, testerId, ...(extra ? { extra } : {}) };
  deferEffect(trx, event.betaId, EVENTS_PART, deferred, event.now);
  return true;
}

/** An insert of `count` events: a command raises a few, so each count is compiled once. */
const eventsInsert = compiledVariants((_count: number) => (db, rows: Omit<WebhookEventRow, 'id'>[]) =>
  db.insertInto('webhook_events').values(rows).returning(['id', 'public_id']),
);

/**
 * Expands a command's events, in the expansion's transaction: each tester event's body from
 * `views` (the testers' views rendered now; one without a view, gone or hidden since, is dropped),
 * then the events in the order raised and one delivery job per listening endpoint, one insert each
 * per chunk.
 */
export async function writeEvents(trx: Executor, betaId: number, events: readonly DeferredEvent[], views: ReadonlyMap<number, unknown>): Promise<void> {
  const rows = events.flatMap((event) => {
    const header = { betaId, type: event.type, now: event.now };
    const view = event.testerId === undefined ? undefined : views.get(event.testerId);
    const payload = event.testerId === undefined ? event.body : view ? eventBody(event.publicId, header, event.extra ? { ...view, ...event.extra } : view) : undefined;
    return payload === undefined ? [] : [{ event, row: { public_id: event.publicId, beta_id: betaId, type: event.type, payload, created_at: event.now } }];
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const written = await eventsInsert(chunk.length).rows(
      trx,
      chunk.map(({ row }) => row),
    );
    const idOf = new Map(written.map((row) => [row.public_id, row.id]));
    await enqueueJobs(
      trx,
      WEBHOOK_DELIVERY_JOB,
      chunk.flatMap(({ event }) =>
        event.endpointIds.map((endpointId) => ({
          payload: { eventId: idOf.get(event.publicId)!, endpointId } satisfies DeliveryJob,
          runAt: new Date(event.now),
        })),
      ),
    );
  }
}
