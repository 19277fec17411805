// Webhook endpoints of a beta and their delivery log (docs/decisions.md, "Webhooks"; the v2
// interface leaves webhook configuration to a web interface, Prelaunch offers it as a management
// extension). Events are raised by the domain (modules/events) and delivered by the worker
// (webhook-delivery.ts); this service manages where they go and shows what happened to them.
import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import { ApiError, Errors } from '../../errors.ts';
import { jsonInteger, type Db, type DialectName } from '../../db/database.ts';
import { PRUNE_BATCH_SIZE, pruneInBatches } from '../../db/pruning.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointsTable } from '../../db/types.ts';
import { parseId } from '../../ids.ts';
import { countUpTo, type PageRequest } from '../../paging.ts';
import { addSeconds, storedTime, type Clock } from '../../time.ts';
import { heldBy, type BetasService } from '../betas/betas.service.ts';
import { endpointsChanged, eventBody, EventTypes, newEventId, TEST_EVENT_TYPE, WEBHOOK_DELIVERY_JOB, type DeliveryJob, type EventType } from '../events/events.ts';
import { inTransaction } from '../../db/transaction.ts';
import { queueRedelivery } from './webhook-delivery.ts';
import { webhookUrlProblems } from './webhook-targets.ts';
import { ALL_EVENTS } from './webhooks.schemas.ts';

/** 24 random bytes, as Standard Webhooks secrets are: whsec_ and 32 base64 characters. */
const SECRET_BYTES = 24;

export interface WebhookInput {
  url?: string;
  events?: string[];
  enabled?: boolean;
  /** Also send the original service's X-Prefinery-Signature (webhook-delivery.ts). */
  prefinery_signature?: boolean;
}

/** A delivery attempt with the event it carried. */
export interface WebhookDelivery extends WebhookDeliveryRow {
  event_public_id: string;
  event_type: string;
}

/** A delivery attempt with the body its event sends (null while the body is still to be rendered). */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  payload: string | null;
}

/** An endpoint or delivery id from the path; anything but a positive integer names nothing. */
function idOf(text: string, what: 'Webhook' | 'Delivery'): number {
  const id = parseId(text);
  if (id === null) throw Errors.notFound(`${what} not found`);
  return id;
}

function newSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The stored form of an event filter: null for every type (also "*" among others: it already
 * includes them), else the JSON array in the order of EventTypes, each type once. Blank entries
 * (an empty form field; a JSON null, which the validator turns into [""]) name nothing.
 */
function storedEvents(sent: string[], problems: string[]): string | null {
  const events = sent.map((type) => type.trim()).filter((type) => type !== '');
  if (events.length === 0) problems.push(`events must name at least one event type, or "${ALL_EVENTS}" for all`);
  const unknown = [...new Set(events.filter((type) => type !== ALL_EVENTS && !(EventTypes as readonly string[]).includes(type)))];
  for (const type of unknown) {
    problems.push(`events: unknown event type ${JSON.stringify(type)}; known types are ${EventTypes.join(', ')}, or "${ALL_EVENTS}" for all`);
  }
  if (events.includes(ALL_EVENTS)) return null;
  return JSON.stringify(EventTypes.filter((type: EventType) => events.includes(type)));
}

/** Checks the fields sent and returns them as stored; every problem is reported together. */
function checkInput(input: WebhookInput, creating: boolean, allowPrivateTargets: boolean): Updateable<WebhookEndpointsTable> {
  const problems: string[] = [];
  const changes: Updateable<WebhookEndpointsTable> = {};
  const url = input.url?.trim();
  if (url === undefined || url === '') {
    if (creating || url === '') problems.push('url is required');
  } else {
    problems.push(...webhookUrlProblems(url, allowPrivateTargets));
    changes.url = url;
  }
  if (input.events !== undefined) changes.events = storedEvents(input.events, problems);
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    // The reason the service switched it off no longer holds once someone switches it on.
    if (input.enabled) changes.disabled_reason = null;
  }
  if (input.prefinery_signature !== undefined) changes.prefinery_signature = input.prefinery_signature ? 1 : 0;
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
  return changes;
}

export interface WebhooksOptions {
  allowPrivateTargets: boolean;
  /** Days an event and its attempts are kept after the last attempt; null = for ever. */
  logRetentionDays: number | null;
}

/** The DeliveryJob field that names the event, read from job payloads in SQL. */
const EVENT_ID_FIELD = 'eventId' satisfies keyof DeliveryJob;

export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly options: WebhooksOptions,
  ) {}

  /** The beta's endpoints by id. */
  async list(companyId: number, betaId: string, page: PageRequest): Promise<{ items: WebhookEndpointRow[]; total: number }> {
    const beta = await this.betas.require(companyId, betaId);
    const [items, counted] = await Promise.all([
      this.db.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', beta.id).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('webhook_endpoints').select('id').where('beta_id', '=', beta.id), page),
    ]);
    return { items, ...counted };
  }

  /** One endpoint of the beta; 404 for none, or another beta's. */
  async show(companyId: number, betaId: string, webhookId: string): Promise<WebhookEndpointRow> {
    return this.requireEndpoint(companyId, betaId, webhookId);
  }

  /** A new endpoint with a new secret (every event type and enabled unless said otherwise). */
  async create(companyId: number, betaId: string, input: WebhookInput): Promise<WebhookEndpointRow> {
    const beta = await this.betas.require(companyId, betaId);
    const fields = checkInput(input, true, this.options.allowPrivateTargets);
    const now = storedTime(this.clock.now());
    const row = await heldBy(
      this.db
        .insertInto('webhook_endpoints')
        .values({
          beta_id: beta.id,
          url: fields.url as string,
          secret: newSecret(),
          events: fields.events ?? null,
          enabled: fields.enabled ?? 1,
          prefinery_signature: fields.prefinery_signature ?? 0,
          disabled_reason: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    endpointsChanged(this.db, beta.id);
    return row;
  }

  /** Changes the fields sent; the others stay. */
  async update(companyId: number, betaId: string, webhookId: string, input: WebhookInput): Promise<WebhookEndpointRow> {
    const beta = await this.betas.require(companyId, betaId);
    const changes = checkInput(input, false, this.options.allowPrivateTargets);
    return this.changeEndpoint(beta.id, webhookId, changes);
  }

  /** A new secret, which signs every delivery from now on (pending retries included); the old one stops at once. */
  async rotateSecret(companyId: number, betaId: string, webhookId: string): Promise<WebhookEndpointRow> {
    const beta = await this.betas.require(companyId, betaId);
    return this.changeEndpoint(beta.id, webhookId, { secret: newSecret() });
  }

  /** Deletes the endpoint and its delivery log; its pending deliveries end unsent. Returns it as it was. */
  async delete(companyId: number, betaId: string, webhookId: string): Promise<WebhookEndpointRow> {
    const beta = await this.betas.require(companyId, betaId);
    const row = await this.db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', idOf(webhookId, 'Webhook'))
      .where('beta_id', '=', beta.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Webhook not found');
    endpointsChanged(this.db, beta.id);
    return row;
  }

  /** The endpoint's delivery attempts, newest first. */
  async deliveries(companyId: number, betaId: string, webhookId: string, page: PageRequest): Promise<{ items: WebhookDelivery[]; total: number }> {
    const endpoint = await this.requireEndpoint(companyId, betaId, webhookId);
    const [items, counted] = await Promise.all([
      this.db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
        .selectAll('webhook_deliveries')
        .select(['webhook_events.public_id as event_public_id', 'webhook_events.type as event_type'])
        .where('webhook_deliveries.endpoint_id', '=', endpoint.id)
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(page.perPage)
        .offset(page.offset)
        .execute(),
      countUpTo(this.db, this.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id), page),
    ]);
    return { items, ...counted };
  }

  /** One attempt, with the body of its event as sent. */
  async delivery(companyId: number, betaId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    const endpoint = await this.requireEndpoint(companyId, betaId, webhookId);
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .selectAll('webhook_deliveries')
      .select(['webhook_events.public_id as event_public_id', 'webhook_events.type as event_type', 'webhook_events.payload'])
      .where('webhook_deliveries.id', '=', idOf(deliveryId, 'Delivery'))
      .where('webhook_deliveries.endpoint_id', '=', endpoint.id)
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Delivery not found');
    return { ...row, payload: row.payload === '' ? null : row.payload };
  }

  /**
   * Raises a test event (webhook_test) for this endpoint alone, whatever its filter, and queues
   * one attempt at once, signed like every delivery; like a redelivery it is not retried (the log
   * shows the outcome, and another test can be asked for). A disabled endpoint answers 422.
   */
  async sendTest(companyId: number, betaId: string, webhookId: string): Promise<{ eventId: string }> {
    const endpoint = await this.requireEndpoint(companyId, betaId, webhookId);
    this.refuseDisabled(endpoint, 'sending a test event');
    const now = this.clock.now();
    const publicId = newEventId();
    const header = { betaId: endpoint.beta_id, type: TEST_EVENT_TYPE, now: storedTime(now) } as const;
    const data = { webhook_id: endpoint.id, url: endpoint.url, message: 'A test event: nothing changed in the beta.' };
    await inTransaction(this.db, async (trx) => {
      const event = await heldBy(
        trx
          .insertInto('webhook_events')
          .values({ public_id: publicId, beta_id: endpoint.beta_id, type: TEST_EVENT_TYPE, payload: eventBody(publicId, header, data), render_tester_id: null, created_at: header.now })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      await queueRedelivery(trx, { eventId: event.id, endpointId: endpoint.id }, now);
    });
    return { eventId: publicId };
  }

  private refuseDisabled(endpoint: WebhookEndpointRow, doing: string): void {
    if (endpoint.enabled === 1) return;
    const why = endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : '';
    throw Errors.betasGeneral(`The webhook is disabled${why}: enable it (PATCH with enabled true) before ${doing}`);
  }

  /**
   * Sends the delivery's event to the endpoint again, at once and once (no retries: whoever asked
   * sees the outcome in the log and can ask again). Same event, so the same webhook-id.
   */
  async redeliver(companyId: number, betaId: string, webhookId: string, deliveryId: string): Promise<void> {
    const endpoint = await this.requireEndpoint(companyId, betaId, webhookId);
    const delivery = await this.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('id', '=', idOf(deliveryId, 'Delivery'))
      .where('endpoint_id', '=', endpoint.id)
      .executeTakeFirst();
    if (!delivery) throw Errors.notFound('Delivery not found');
    this.refuseDisabled(endpoint, 'redelivering');
    await queueRedelivery(this.db, { eventId: delivery.event_id, endpointId: endpoint.id }, this.clock.now());
  }

  /**
   * The retention sweep: deletes the events whose last attempt (or, never attempted, whose raising)
   * is older than WEBHOOK_LOG_RETENTION_DAYS and that no delivery job names any more (none due,
   * scheduled or parked), with their attempts (the foreign key cascades), so the log keeps an
   * event's attempts whole. A batch at a time, oldest first, until done or `stop`; returns how many
   * events went.
   */
  async pruneLog(stop?: AbortSignal): Promise<number> {
    const days = this.options.logRetentionDays;
    if (days === null) return 0;
    const before = storedTime(addSeconds(this.clock.now(), -days * 86_400));
    const pending = await this.eventsStillDelivered(before);
    // Where the last batch stopped: events kept (pending, or attempted since) are passed only once.
    let after: [string, number] = ['', 0];
    return pruneInBatches(async () => {
      const rows = await this.db
        .selectFrom('webhook_events as e')
        .select(['e.id', 'e.created_at'])
        .where('e.created_at', '<', before)
        .where((eb) => eb(eb.refTuple('e.created_at', 'e.id'), '>', eb.tuple(...after)))
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.created_at', '>=', before)),
          ),
        )
        .orderBy('e.created_at')
        .orderBy('e.id')
        .limit(PRUNE_BATCH_SIZE)
        .execute();
      const ids = rows.map((row) => row.id).filter((id) => !pending.has(id));
      const deleted = ids.length === 0 ? 0 : (await this.db.deleteFrom('webhook_events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows;
      const last = rows.at(-1);
      if (last) after = [last.created_at, last.id];
      return { deleted: Number(deleted), done: rows.length < PRUNE_BATCH_SIZE };
    }, stop);
  }

  /**
   * Events raised before `before` that a delivery job still names: read once per sweep, one pass
   * over the delivery jobs (a redelivery or a parked job can name an event of any age).
   */
  private async eventsStillDelivered(before: string): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('outbox_jobs as j')
      .innerJoin('webhook_events as e', (join) => join.on('e.id', '=', jsonInteger(this.dialect, 'j.payload', EVENT_ID_FIELD)))
      .select('e.id')
      .distinct()
      .where('j.kind', '=', WEBHOOK_DELIVERY_JOB)
      .where('e.created_at', '<', before)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  private async requireEndpoint(companyId: number, betaId: string, webhookId: string): Promise<WebhookEndpointRow> {
    const beta = await this.betas.require(companyId, betaId);
    return this.endpointOf(beta.id, webhookId);
  }

  private async endpointOf(betaId: number, webhookId: string): Promise<WebhookEndpointRow> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', idOf(webhookId, 'Webhook'))
      .where('beta_id', '=', betaId)
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Webhook not found');
    return row;
  }

  /** Applies the changes; with none, the endpoint as it is (updated_at untouched). */
  private async changeEndpoint(betaId: number, webhookId: string, changes: Updateable<WebhookEndpointsTable>): Promise<WebhookEndpointRow> {
    if (Object.keys(changes).length === 0) return this.endpointOf(betaId, webhookId);
    const row = await this.db
      .updateTable('webhook_endpoints')
      .set({ ...changes, updated_at: storedTime(this.clock.now()) })
      .where('id', '=', idOf(webhookId, 'Webhook'))
      .where('beta_id', '=', betaId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Webhook not found');
    endpointsChanged(this.db, betaId);
    return row;
  }
}
