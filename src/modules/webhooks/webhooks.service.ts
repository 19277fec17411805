// Webhook endpoints of a beta and their delivery log (docs/decisions.md, "Webhooks"; the v2
// interface leaves webhook configuration to a web interface, Prelaunch offers it as a management
// extension). Events are raised by the domain (modules/events) and delivered by the worker
// (webhook-delivery.ts); this service manages where they go and shows what happened to them.
import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { jsonInteger } from '../../db/database.ts';
import type { Db, DialectName } from '../../db/executor.ts';
import { PRUNE_BATCH_SIZE, pruneInBatches } from '../../db/pruning.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointsTable } from '../../db/tables/effects.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type BetasService } from '../betas/betas.service.ts';
import { endpointsChanged, eventBody, EventTypes, newEventId, TEST_EVENT_TYPE, WEBHOOK_DELIVERY_JOB, type DeliveryJob, type EventType } from '../events/events.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bodySent, queueRedelivery } from './webhook-delivery.ts';
import { webhookUrlProblems } from './webhook-targets.ts';
import { ALL_EVENTS, WebhookFormats } from './webhooks.schemas.ts';
import { isTimeOfDay, isTimeZone } from '../invitation-schedules/next-run.ts';
import { nextDigestAt } from './webhook-digests.ts';

/** 24 random bytes, as Standard Webhooks secrets are: whsec_ and 32 base64 characters. */
const SECRET_BYTES = 24;

export interface WebhookInput {
  url?: string;
  events?: string[];
  enabled?: boolean;
  /** Also send the original service's X-Prefinery-Signature (webhook-delivery.ts). */
  prefinery_signature?: boolean;
  /** standard, slack or discord (chat-messages.ts). */
  format?: string;
  /** HH:MM local to digest_time_zone; null or empty for no daily digest (webhook-digests.ts). */
  digest_at?: string | null;
  digest_time_zone?: string | null;
}

/** The digest settings an endpoint has before a change (none for a new one). */
type DigestSettings = Pick<WebhookEndpointRow, 'digest_at' | 'digest_time_zone'>;

/** An optional text field as stored: trimmed, and empty or null meaning none. */
function textOrNull(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The digest's columns after the change, from the fields sent over those it had: off (all null),
 * or the time, its zone and when it is next due. Nothing when neither field was sent.
 */
function digestChanges(input: WebhookInput, current: DigestSettings, now: Date, problems: string[]): Updateable<WebhookEndpointsTable> {
  if (input.digest_at === undefined && input.digest_time_zone === undefined) return {};
  const at = input.digest_at === undefined ? current.digest_at : textOrNull(input.digest_at);
  const zone = input.digest_time_zone === undefined ? current.digest_time_zone : textOrNull(input.digest_time_zone);
  if (at === null) {
    if (input.digest_at === undefined && zone !== null) problems.push('digest_time_zone needs digest_at: send the time of day the digest is sent, HH:MM');
    return { digest_at: null, digest_time_zone: null, digest_next_at: null };
  }
  if (!isTimeOfDay(at)) problems.push(`digest_at must be a time of day, HH:MM from 00:00 to 23:59, or null for no digest (not ${JSON.stringify(at)})`);
  if (zone === null) problems.push('digest_time_zone is required with digest_at: an IANA time zone such as Europe/Paris or UTC');
  else if (!isTimeZone(zone)) problems.push(`digest_time_zone is not a known time zone: ${JSON.stringify(zone)}; use an IANA name such as Europe/Paris or UTC`);
  if (problems.length > 0 || zone === null) return {};
  return { digest_at: at, digest_time_zone: zone, digest_next_at: nextDigestAt(at, zone, now) };
}

/** A delivery attempt with the event it carried. */
export interface WebhookDelivery extends WebhookDeliveryRow {
  event_public_id: string;
  event_type: string;
}

/** A delivery attempt with the body its event sends. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  payload: string;
}

/** An endpoint or delivery id from the path; anything but a positive integer names nothing. */
function idOf(text: string, what: 'Webhook' | 'Delivery'): number {
  const id = parseId(text);
  if (id === null) throw Errors.notFound(`${what} not found`);
  return id;
}

/** A signing secret no other endpoint has (a sandbox's copies get new ones too). */
export function newSecret(): string {
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

/**
 * Checks the fields sent and returns them as stored; every problem is reported together. `current`
 * is the endpoint's digest before the change (a new endpoint has none).
 */
function checkInput(input: WebhookInput, current: DigestSettings | null, allowPrivateTargets: boolean, now: Date): Updateable<WebhookEndpointsTable> {
  const creating = current === null;
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
  if (input.format !== undefined) {
    const format = input.format.trim();
    if ((WebhookFormats as readonly string[]).includes(format)) changes.format = format;
    else problems.push(`format must be one of ${WebhookFormats.join(', ')} (not ${JSON.stringify(input.format)})`);
  }
  Object.assign(changes, digestChanges(input, current ?? { digest_at: null, digest_time_zone: null }, now, problems));
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
  return changes;
}

export interface WebhooksOptions {
  allowPrivateTargets: boolean;
  /** Where the console is, for the links of chat messages. */
  publicUrl: string;
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
    const fields = checkInput(input, null, this.options.allowPrivateTargets, this.clock.now());
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
          format: fields.format ?? 'standard',
          digest_at: fields.digest_at ?? null,
          digest_time_zone: fields.digest_time_zone ?? null,
          digest_next_at: fields.digest_next_at ?? null,
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
    // The digest's fields are checked against the ones the endpoint has (a new time keeps its zone).
    const current = await this.endpointOf(beta.id, webhookId);
    const changes = checkInput(input, current, this.options.allowPrivateTargets, this.clock.now());
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
    const beta = await this.betas.require(companyId, betaId);
    const endpoint = await this.endpointOf(beta.id, webhookId);
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .selectAll('webhook_deliveries')
      .select(['webhook_events.public_id as event_public_id', 'webhook_events.type as event_type', 'webhook_events.payload'])
      .where('webhook_deliveries.id', '=', idOf(deliveryId, 'Delivery'))
      .where('webhook_deliveries.endpoint_id', '=', endpoint.id)
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Delivery not found');
    // Shown as sent (webhook-delivery.ts): a chat endpoint's message, a sandbox's test mark.
    return { ...row, payload: bodySent(endpoint, row.payload, { name: beta.name, sandbox: beta.sandbox_of !== null }, this.options.publicUrl) };
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
          .values({ public_id: publicId, beta_id: endpoint.beta_id, type: TEST_EVENT_TYPE, payload: eventBody(publicId, header, data), created_at: header.now })
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
