// A beta's design for its public pages (modules/betas/beta-page.ts): the owner's copy and colours
// as one JSON object on the beta's row, so that whatever reads the beta (from memory, for the
// signup page) has the design with it; and its images (logo, hero) kept in the database, so that
// every process serves the same bytes, looked up by the digest their URL names.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { dialect, ref }: MigrationContext): Promise<void> {
  await db.schema.alterTable('betas').addColumn('page', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema
    .createTable('beta_images')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // logo or hero: a beta has at most one of each.
    .addColumn('kind', 'text', (c) => c.notNull())
    // The SHA-256 of the bytes, hex: the image's URL names it.
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('beta_images_pkey', ['beta_id', 'kind'])
    .execute();
  await db.schema.createIndex('beta_images_digest').on('beta_images').column('digest').execute();
}
