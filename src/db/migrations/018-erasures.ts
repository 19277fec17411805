// Erasing a tester (docs/privacy.md; docs/decisions.md, "Erasure"): the tester's row is kept,
// anonymized, and marked with when it was erased; the erased address is remembered only as an
// HMAC-SHA256 keyed with a random salt of its beta, so that the beta can refuse to import or
// e-mail it again without storing it.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema.alterTable('testers').addColumn('erased_at', 'text').execute();

  // One random salt per beta, made by its first erasure: the same address hashes differently in
  // two betas, and a beta that never erased anyone has none.
  await db.schema
    .createTable('erasure_salts')
    .addColumn('beta_id', ref, (c) => c.primaryKey().references('betas.id').onDelete('cascade'))
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('erasures')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // Hex HMAC-SHA256 of the lower-cased address, keyed with the beta's salt.
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('erasures_beta_id_email_hash', ['beta_id', 'email_hash'])
    .execute();
}
