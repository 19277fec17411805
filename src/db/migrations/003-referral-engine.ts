// Points, rewards (definitions, rules, issued rewards), suppressions and friend invitations:
// the referral engine (docs/decisions.md, "Referrals", "Points", "Rewards").
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  // The idle clock: the last time a tester became or proved active (a checkin, or being set
  // active). The idle sweep compares it with the beta's idle_days.
  await db.schema.alterTable('testers').addColumn('last_active_at', 'text').execute();
  await db.schema.dropIndex('testers_idle_sweep').execute();
  await db.schema.createIndex('testers_idle_sweep').on('testers').columns(['status', 'beta_id', 'last_active_at']).execute();

  await db.schema
    .createTable('points')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reward_id', ref)
    // Makes an automatic award idempotent: one signup award per tester, one share award per
    // visitor network, one referral award per referred tester (NULL for bonus points).
    .addColumn('dedupe_key', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('points_beta_id_id').on('points').columns(['beta_id', 'id']).execute();
  await db.schema.createIndex('points_tester_id_id').on('points').columns(['tester_id', 'id']).execute();
  await db.schema.createIndex('points_tester_id_dedupe_key_unique').unique().on('points')
    .columns(['tester_id', 'dedupe_key']).execute();
  await db.schema.createIndex('points_reward_id').on('points').column('reward_id').execute();

  await db.schema
    .createTable('reward_definitions')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('friend_name', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('max_quantity_per_user', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('referrals_required', 'integer')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_definitions_beta_id_descriptor_unique').unique().on('reward_definitions')
    .columns(['beta_id', 'descriptor']).execute();

  await db.schema
    .createTable('reward_rules')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('definition_id', ref, (c) => c.notNull().references('reward_definitions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_rules_beta_id_event_definition_id_unique').unique().on('reward_rules')
    .columns(['beta_id', 'event', 'definition_id']).execute();

  await db.schema
    .createTable('rewards')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    // Kept when the definition is deleted: an issued reward stays what it was.
    .addColumn('definition_id', ref, (c) => c.references('reward_definitions.id').onDelete('set null'))
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('earned_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('rewards_beta_id_id').on('rewards').columns(['beta_id', 'id']).execute();
  await db.schema.createIndex('rewards_tester_id_definition_id').on('rewards').columns(['tester_id', 'definition_id']).execute();

  await db.schema
    .createTable('suppressions')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.references('testers.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('suppressed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suppressions_beta_id_email_normalized_unique').unique().on('suppressions')
    .columns(['beta_id', 'email_normalized']).execute();

  await db.schema
    .createTable('friend_invitations')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('inviter_id', ref, (c) => c.references('testers.id').onDelete('set null'))
    .addColumn('invitee_id', ref, (c) => c.references('testers.id').onDelete('set null'))
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('friend_invitations_beta_id_id').on('friend_invitations').columns(['beta_id', 'id']).execute();
  await db.schema.createIndex('friend_invitations_inviter_id').on('friend_invitations').column('inviter_id').execute();
}
