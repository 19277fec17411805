// Events (docs/decisions.md, "Events"): what happened to a tester, reward or point, raised in
// the transaction of the change itself. Each enabled endpoint of the beta subscribed to the type
// gets an outbox job for it, so a committed change always has its deliveries queued and a
// rolled-back one has none. A transaction's events and jobs are written together just before it
// commits (two statements, whatever their number). The body is rendered once — in the
// transaction, or for tester views right after commit (LateEvent) — and every attempt sends the
// same bytes.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { compiledVariants } from '../../db/compiled.ts';
import type { Db, Executor } from '../../db/database.ts';
import { readCache } from '../../db/read-cache.ts';
import { beforeCommit, databaseOf } from '../../db/transaction.ts';
import type { WebhookEventRow } from '../../db/types.ts';
import { enqueueJobs } from '../../jobs/outbox.ts';
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

/**
 * An event about a tester whose body is rendered after commit, outside its transaction: a view
 * reads the tester's referrer and answers, which inside the transaction would hold its locks longer,
 * and its standing is exact only once the change is in the standings index. The raiser fills it in (fillLateEvent); a worker finding it still empty
 * (the process stopped in between) renders it itself (completeLateEvent).
 */
export interface LateEvent extends EventHeader {
  testerId: number;
}

interface QueuedEvent {
  publicId: string;
  header: EventHeader;
  payload: string;
  renderTesterId: number | null;
  endpointIds: number[];
}

type EndpointSubscription = { id: number; events: string | null };

/**
 * A signup raises several events (the tester, its points, the referrer): within one transaction
 * the beta's endpoints are read once. Only transactions are remembered — they end, and nothing in
 * them changes endpoints.
 */
const endpointsByTransaction = new WeakMap<Executor, Map<number, Promise<EndpointSubscription[]>>>();

/** The events a transaction raised and has not written yet. */
const queuedByTransaction = new WeakMap<Executor, QueuedEvent[]>();

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
  // Events are written as the transaction ends: one run outside inTransaction would lose them.
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

function queueEvent(trx: Executor, event: QueuedEvent): void {
  let queue = queuedByTransaction.get(trx);
  if (!queue) {
    const events: QueuedEvent[] = (queue = []);
    queuedByTransaction.set(trx, events);
    beforeCommit(trx, async () => {
      queuedByTransaction.delete(trx);
      await writeEvents(trx, events);
    });
  }
  queue.push(event);
}

/** An insert of `count` events: a command raises a few, so each count is compiled once. */
const eventsInsert = compiledVariants((_count: number) => (db, rows: Omit<WebhookEventRow, 'id'>[]) =>
  db.insertInto('webhook_events').values(rows).returning(['id', 'public_id']),
);

/** Writes the events and one delivery job per listening endpoint: one insert each, per chunk. */
async function writeEvents(trx: Executor, events: QueuedEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    const chunk = events.slice(start, start + INSERT_CHUNK);
    const written = await eventsInsert(chunk.length).rows(
      trx,
      chunk.map((event) => ({
        public_id: event.publicId,
        beta_id: event.header.betaId,
        type: event.header.type,
        payload: event.payload,
        render_tester_id: event.renderTesterId,
        created_at: event.header.now,
      })),
    );
    const idOf = new Map(written.map((row) => [row.public_id, row.id]));
    await enqueueJobs(
      trx,
      WEBHOOK_DELIVERY_JOB,
      chunk.flatMap((event) =>
        event.endpointIds.map((endpointId) => ({
          payload: { eventId: idOf.get(event.publicId)!, endpointId } satisfies DeliveryJob,
          runAt: new Date(event.header.now),
        })),
      ),
    );
  }
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
  queueEvent(trx, { publicId, header: event, payload: eventBody(publicId, event, data), renderTesterId: null, endpointIds });
  return data;
}

/** Records a LateEvent; returns its id for fillLateEvent, or undefined when nobody listens. */
export async function raiseLateEvent(trx: Executor, event: LateEvent): Promise<string | undefined> {
  const endpointIds = await listeningEndpoints(trx, event);
  if (endpointIds.length === 0) return undefined;
  const publicId = newEventId();
  queueEvent(trx, { publicId, header: event, payload: '', renderTesterId: event.testerId, endpointIds });
  return publicId;
}

/** A late event's body: its data, or undefined when the tester is gone or hidden (no event then). */
export interface LateEventBody {
  publicId: string;
  header: EventHeader;
  data: unknown;
}

/**
 * Gives late events their bodies, a chunk per statement; an event without data is dropped. Only an
 * event still empty is changed: whoever renders it first decides the bytes.
 */
export async function fillLateEvents(db: Db, bodies: readonly LateEventBody[]): Promise<void> {
  const dropped = bodies.filter((body) => body.data === undefined).map((body) => body.publicId);
  const filled = bodies.filter((body) => body.data !== undefined);
  for (let start = 0; start < dropped.length; start += INSERT_CHUNK) {
    await db.deleteFrom('webhook_events').where('public_id', 'in', dropped.slice(start, start + INSERT_CHUNK)).where('render_tester_id', 'is not', null).execute();
  }
  for (let start = 0; start < filled.length; start += INSERT_CHUNK) {
    const chunk = filled.slice(start, start + INSERT_CHUNK);
    await db
      .updateTable('webhook_events')
      .set({
        payload: sql<string>`case public_id ${sql.join(
          chunk.map((body) => sql`when ${body.publicId} then ${eventBody(body.publicId, body.header, body.data)}`),
          sql` `,
        )} else payload end`,
        render_tester_id: null,
      })
      .where('public_id', 'in', chunk.map((body) => body.publicId))
      .where('render_tester_id', 'is not', null)
      .execute();
  }
}

/**
 * The worker's side of late events: the event as it is to be sent. One found still empty is
 * rendered now (`render` gives the tester's view, undefined when there is none) and answered as
 * stored afterwards — undefined when it was dropped; any other is answered as it is.
 */
export async function completeLateEvent(
  db: Db,
  event: WebhookEventRow,
  render: (testerId: number) => Promise<unknown>,
): Promise<WebhookEventRow | undefined> {
  if (event.render_tester_id === null) return event;
  const header: EventHeader = { betaId: event.beta_id, type: event.type as EventType, now: event.created_at };
  await fillLateEvents(db, [{ publicId: event.public_id, header, data: await render(event.render_tester_id) }]);
  return db.selectFrom('webhook_events').selectAll().where('id', '=', event.id).executeTakeFirst();
}
