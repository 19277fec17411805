// Webhook endpoints for chat tools and their daily digest (docs/decisions.md, "Slack and Discord"):
// the body format an endpoint takes, and the digest's local time, its time zone and when it is
// next due. The digest counts the day's invitations from a partial index that holds invited testers
// alone, so a signup (never invited yet) adds no entry to it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // standard (signed JSON events), slack or discord (their incoming-webhook messages).
  await db.schema.alterTable('webhook_endpoints').addColumn('format', 'text', (c) => c.notNull().defaultTo('standard')).execute();
  // HH:MM local to digest_time_zone (IANA); null is no digest.
  await db.schema.alterTable('webhook_endpoints').addColumn('digest_at', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('digest_time_zone', 'text').execute();
  // When the next digest is due; moved on by whoever sends one, so only one process does.
  await db.schema.alterTable('webhook_endpoints').addColumn('digest_next_at', 'text').execute();
  await db.schema
    .createIndex('webhook_endpoints_digest_next_at')
    .on('webhook_endpoints')
    .column('digest_next_at')
    .where(sql.ref('digest_next_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('testers_invited_at')
    .on('testers')
    .columns(['beta_id', 'hidden', 'invited_at'])
    .where(sql.ref('invited_at'), 'is not', null)
    .execute();
}
