// Waitlist standing (DESIGN.md "Waitlist"): only applied, visible testers are on it; positions
// are computed from the beta's order, never stored. Each position is the count of testers ahead,
// answered by a range scan of the order's index (see migration 001).
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database, TesterRow } from '../../db/types.ts';
import type { WaitlistOrders } from '../betas/beta-settings.ts';

export type WaitlistOrder = (typeof WaitlistOrders)[number];

export interface Standing {
  waitlist_position: number | null;
  waitlist_ahead: number | null;
  waitlist_behind: number | null;
  waitlist_length: number;
}

type Placed = Pick<TesterRow, 'id' | 'status' | 'hidden' | 'share_signups_count' | 'points' | 'applied_at'>;

export function isOnWaitlist(tester: Pick<TesterRow, 'status' | 'hidden'>): boolean {
  return tester.status === 'applied' && tester.hidden === 0;
}

/** Testers strictly ahead of `tester` in the beta's order. */
function aheadOf(eb: ExpressionBuilder<Database, 'testers'>, order: WaitlistOrder, tester: Placed): Expression<SqlBool> {
  const appliedAt = tester.applied_at ?? '';
  const earlier = eb.or([
    eb('applied_at', '<', appliedAt),
    eb.and([eb('applied_at', '=', appliedAt), eb('id', '<', tester.id)]),
  ]);
  if (order === 'signup_time') return earlier;
  const column = order === 'points' ? 'points' : 'share_signups_count';
  const value = order === 'points' ? tester.points : tester.share_signups_count;
  return eb.or([eb(column, '>', value), eb.and([eb(column, '=', value), earlier])]);
}

export async function standingsOf(
  executor: Executor,
  beta: { id: number; applied_testers_count: number; settings: { waitlist_order: WaitlistOrder } },
  testers: readonly Placed[],
): Promise<Map<number, Standing>> {
  const length = beta.applied_testers_count;
  const order = beta.settings.waitlist_order;
  const entries = await Promise.all(
    testers.map(async (tester): Promise<[number, Standing]> => {
      if (!isOnWaitlist(tester)) {
        return [tester.id, { waitlist_position: null, waitlist_ahead: null, waitlist_behind: null, waitlist_length: length }];
      }
      const { ahead } = await executor
        .selectFrom('testers')
        .select((eb) => eb.fn.countAll<number>().as('ahead'))
        .where('beta_id', '=', beta.id)
        .where('status', '=', 'applied')
        .where('hidden', '=', 0)
        .where((eb) => aheadOf(eb, order, tester))
        .executeTakeFirstOrThrow();
      const position = Number(ahead) + 1;
      return [
        tester.id,
        { waitlist_position: position, waitlist_ahead: position - 1, waitlist_behind: Math.max(0, length - position), waitlist_length: length },
      ];
    }),
  );
  return new Map(entries);
}
