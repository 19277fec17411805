// Webhooks (docs/decisions.md, "Webhooks"): endpoints per beta, the events raised for them (written
// in the transaction of the change that raised them: the outbox) and every delivery attempt.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // JSON array of event types; NULL subscribes to every type, including ones added later.
    .addColumn('events', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Why the service switched it off (a 410 answer); NULL when enabled or switched off by hand.
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_beta_id_id').on('webhook_endpoints').columns(['beta_id', 'id']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', id.type, id.build)
    // evt_…: the body's id and the webhook-id header, the same on every attempt.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // The body exactly as it is sent, rendered when the event was raised.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_beta_id_id').on('webhook_events').columns(['beta_id', 'id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', id.type, id.build)
    .addColumn('endpoint_id', ref, (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', ref, (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_id_id').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_event_id').on('webhook_deliveries').column('event_id').execute();
}
