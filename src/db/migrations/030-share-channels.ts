// Share channels (docs/decisions.md, "Share channels"): the channel a referred signup came through,
// and share-link clicks counted per beta and channel. A signup writes only the column's value: the
// signups per channel are counted at read time from a partial index that holds referred signups
// with a channel alone, so a direct signup adds no index entry.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  await db.schema.alterTable('testers').addColumn('referral_channel', 'text').execute();
  await db.schema
    .createIndex('testers_stats_channel')
    .on('testers')
    .columns(['beta_id', 'hidden', 'referral_channel'])
    .where(sql.ref('referral_channel'), 'is not', null)
    .execute();
  await db.schema
    .createTable('share_channel_clicks')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('share_channel_clicks_pkey', ['beta_id', 'channel'])
    .execute();
}
