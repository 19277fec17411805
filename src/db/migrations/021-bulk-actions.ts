// Bulk actions (modules/bulk-actions): a status change asked of many testers at once, run as a
// background job in batches. The job's row carries its selection, its counts and its cursor (the
// resume point, moved in each batch's transaction); a "top N of the waitlist" selection is fixed
// when the job is created, as the ids of those N testers in waitlist order (bulk_action_items).
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bulk_actions')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // invite, set_status
    .addColumn('action', 'text', (c) => c.notNull())
    // The status asked of each tester (invited for invite).
    .addColumn('target_status', 'text', (c) => c.notNull())
    // top (the first top_n of the waitlist, ids in bulk_action_items) or filter (JSON of the list's filters)
    .addColumn('selection', 'text', (c) => c.notNull())
    .addColumn('top_n', 'integer')
    .addColumn('filters', 'text')
    // A filter's testers are those with an id up to this one, the highest when the job was created.
    .addColumn('max_tester_id', ref)
    .addColumn('requested_by_member_id', ref, (c) => c.references('members.id').onDelete('set null'))
    .addColumn('requested_by_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
    // queued, running, completed, failed, cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    // The last position (top) or tester id (filter) whose batch has committed: the job resumes after it.
    .addColumn('cursor', ref, (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('bulk_actions_beta_id').on('bulk_actions').columns(['beta_id', 'id']).execute();

  // The testers of a "top N" selection, by their position on the waitlist when the job was created.
  // A tester deleted meanwhile takes its item with it (and is not counted). Each batch deletes the
  // items it has done, so the table holds only what running actions have left to do.
  await db.schema
    .createTable('bulk_action_items')
    .addColumn('bulk_action_id', ref, (c) => c.notNull().references('bulk_actions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bulk_action_items_pkey', ['bulk_action_id', 'position'])
    .execute();
  await db.schema.createIndex('bulk_action_items_tester_id').on('bulk_action_items').column('tester_id').execute();
}
