// The waitlist blocks (migration 006) as stored, and as a plain GROUP BY over the beta's testers
// says they should be. The triggers keep the first equal to the second; the bench seed's final
// check and the tests compare them. Written apart from the triggers' SQL on purpose: a recount
// that shared their code would share their mistakes.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { WaitlistOrders } from '../betas/beta-settings.ts';

/** One line per block, "dimension group [hour|minute] n", sorted: equal lists mean equal tables. */
export interface WaitlistBlocks {
  groups: string[];
  hours: string[];
  minutes: string[];
}

const GROUP_COLUMNS = { referrals: 'share_signups_count', points: 'points', signup_time: null } as const;
const TIME_LENGTHS = { groups: null, hours: 13, minutes: 16 } as const;

const sorted = (lines: string[]) => lines.sort();

export async function storedWaitlistBlocks(executor: Executor, betaId: number): Promise<WaitlistBlocks> {
  const [groups, hours, minutes] = await Promise.all([
    executor.selectFrom('waitlist_groups').select(['dimension', 'grp', 'n']).where('beta_id', '=', betaId).execute(),
    executor.selectFrom('waitlist_hours').select(['dimension', 'grp', 'hour', 'n']).where('beta_id', '=', betaId).execute(),
    executor.selectFrom('waitlist_minutes').select(['dimension', 'grp', 'minute', 'n']).where('beta_id', '=', betaId).execute(),
  ]);
  return {
    groups: sorted(groups.map((b) => `${b.dimension} ${b.grp} ${b.n}`)),
    hours: sorted(hours.map((b) => `${b.dimension} ${b.grp} ${b.hour} ${b.n}`)),
    minutes: sorted(minutes.map((b) => `${b.dimension} ${b.grp} ${b.minute} ${b.n}`)),
  };
}

export async function recountedWaitlistBlocks(executor: Executor, betaId: number): Promise<WaitlistBlocks> {
  const blocks: WaitlistBlocks = { groups: [], hours: [], minutes: [] };
  for (const dimension of WaitlistOrders) {
    const column = GROUP_COLUMNS[dimension];
    for (const level of ['groups', 'hours', 'minutes'] as const) {
      const length = TIME_LENGTHS[level];
      if (level === 'groups' && column === null) continue; // signup_time has a single group
      const rows = await executor
        .selectFrom('testers')
        .select((eb) => [
          (column ? sql.ref<number>(column) : sql<number>`0`).as('grp'),
          (length ? sql<string>`substr(coalesce(applied_at, ''), 1, ${sql.lit(length)})` : sql<string>`''`).as('at'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('beta_id', '=', betaId)
        .where('status', '=', 'applied')
        .where('hidden', '=', 0)
        .groupBy(['grp', 'at'])
        .execute();
      // One at a time: a million testers make more blocks than push(...all) may pass as arguments.
      for (const r of rows) blocks[level].push(length ? `${dimension} ${r.grp} ${r.at} ${r.n}` : `${dimension} ${r.grp} ${r.n}`);
    }
  }
  return { groups: sorted(blocks.groups), hours: sorted(blocks.hours), minutes: sorted(blocks.minutes) };
}
