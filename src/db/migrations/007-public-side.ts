// The public side of a campaign (docs/decisions.md, "Public pages"): a beta's public slug for its
// signup page, the daily salts that make visitor hashes, and the visits counted once per visitor
// per day.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  // NULL = no slug (the page is reached by id); NULLs do not collide in a unique index on either engine.
  await db.schema.alterTable('betas').addColumn('slug', 'text').execute();
  await db.schema.createIndex('betas_slug_unique').unique().on('betas').column('slug').execute();

  // One random salt per UTC day ("day:2026-11-22") and a permanent one for share points
  // ("share-points"): every process reads the same salt, so they count a visitor alike.
  await db.schema
    .createTable('visitor_salts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A visit counted: an impression of a beta's form or a click on a tester's share link
  // (`target_id` is the beta's or the tester's id), by a visitor hash, on a UTC day. Only the
  // hash is stored, never the address; rows of past days are pruned with their day's salt.
  await db.schema
    .createTable('daily_visits')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', ref, (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('daily_visits_pkey', ['kind', 'target_id', 'day', 'visitor'])
    .execute();
  await db.schema.createIndex('daily_visits_day').on('daily_visits').column('day').execute();
  await db.schema.createIndex('daily_visits_beta_id').on('daily_visits').column('beta_id').execute();

  // "Send me a new link" by address, across betas: only unconfirmed testers are looked up so.
  await db.schema
    .createIndex('testers_unconfirmed_email')
    .on('testers')
    .column('email_normalized')
    .where(sql.ref('status'), '=', 'unconfirmed')
    .execute();
}
