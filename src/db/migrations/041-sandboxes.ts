// A beta's sandbox (docs/betas.md, "Sandbox"): a twin of the beta to rehearse in, naming the beta
// it copies. At most one per beta (the unique index makes two concurrent creations one), and
// deleting the beta deletes its sandbox, with everything in it, through the foreign key.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  // Null for a beta of its own; a sandbox never changes what it is.
  await db.schema.alterTable('betas').addColumn('sandbox_of', ref, (c) => c.references('betas.id').onDelete('cascade')).execute();
  await db.schema.createIndex('betas_sandbox_of').unique().on('betas').column('sandbox_of').execute();
}
