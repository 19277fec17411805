// Share-link clicks per beta and channel (migration 030): one row per channel a beta's links were
// clicked through, so the dashboard reads at most a row per channel.
import type { Db, Executor } from '../../db/executor.ts';
import type { ShareChannel } from './share-channels.ts';

/** Counts a click under its channel, in the click's transaction (called once it counted). */
export async function countChannelClick(trx: Executor, betaId: number, channel: ShareChannel): Promise<void> {
  await trx
    .insertInto('share_channel_clicks')
    .values({ beta_id: betaId, channel, clicks: 1 })
    .onConflict((oc) => oc.columns(['beta_id', 'channel']).doUpdateSet((eb) => ({ clicks: eb('share_channel_clicks.clicks', '+', 1) })))
    .execute();
}

/** The beta's clicks by channel; channels without a click are absent. */
export async function channelClicks(db: Db, betaId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('share_channel_clicks').select(['channel', 'clicks']).where('beta_id', '=', betaId).execute();
  return new Map(rows.map((row) => [row.channel, Number(row.clicks)]));
}
