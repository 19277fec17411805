// The signup guard (docs/decisions.md, "Signup guard"): the proof-of-work challenges already
// spent, so that a solution is accepted once whichever process sees it, and the public signups
// let through per visitor subnet, counted over the last hour. Both tables hold short-lived rows
// only: a spent challenge until it would have expired, a subnet's signup for an hour.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('spent_challenges')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('spent_challenges_pkey', ['beta_id', 'nonce'])
    .execute();
  await db.schema.createIndex('spent_challenges_expiry').on('spent_challenges').column('expires_at').execute();
  await db.schema
    .createTable('subnet_signups')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('subnet', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subnet_signups_pkey', ['beta_id', 'token'])
    .execute();
  await db.schema.createIndex('subnet_signups_window').on('subnet_signups').columns(['beta_id', 'subnet', 'created_at']).execute();
  await db.schema.createIndex('subnet_signups_age').on('subnet_signups').column('created_at').execute();
}
