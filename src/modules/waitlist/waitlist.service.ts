// Waitlist standing (DESIGN.md "Waitlist"): only applied, visible testers are on it; positions
// are computed from the beta's order, never stored. A position is the count of testers ahead,
// answered by range scans of the order's index (see migration 001) that stop at the tester: the
// cost grows with the position, not with the length of the waitlist.
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

/**
 * A tester's place in the order: most `group` first (share_signups_count or points; signup_time
 * has no group), then earliest applied_at, then lowest id. A total order: ids are unique.
 */
interface WaitlistKey {
  id: number;
  group: number;
  appliedAt: string;
}

type GroupColumn = 'share_signups_count' | 'points';

function groupColumn(order: WaitlistOrder): GroupColumn | null {
  return order === 'signup_time' ? null : order === 'points' ? 'points' : 'share_signups_count';
}

function keyOf(order: WaitlistOrder, tester: Placed): WaitlistKey {
  const column = groupColumn(order);
  return { id: tester.id, group: column ? tester[column] : 0, appliedAt: tester.applied_at ?? '' };
}

/** Negative when `a` is ahead of `b`. ISO timestamps compare the same as text in JS and SQL. */
function compareKeys(a: WaitlistKey, b: WaitlistKey): number {
  if (a.group !== b.group) return b.group - a.group;
  if (a.appliedAt !== b.appliedAt) return a.appliedAt < b.appliedAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * One contiguous stretch of the order's index: within `group` (or any group for signup_time),
 * (applied_at, id) from `from` (inclusive) to `to` (exclusive); or every group strictly between
 * `below` and `above`. Each is a single index range, so counting it reads only its own entries.
 */
type Stretch =
  | { kind: 'within'; group: number; from?: WaitlistKey; to?: WaitlistKey }
  | { kind: 'groups'; above?: number; below?: number };

/** The stretches that together hold exactly the testers in [from, to) of the order (from ahead of to). */
function stretchesBetween(grouped: boolean, from: WaitlistKey | undefined, to: WaitlistKey): Stretch[] {
  if (!grouped) return [{ kind: 'within', group: 0, from, to }];
  if (!from) return [{ kind: 'groups', below: to.group }, { kind: 'within', group: to.group, to }];
  if (from.group === to.group) return [{ kind: 'within', group: to.group, from, to }];
  const stretches: Stretch[] = [{ kind: 'within', group: from.group, from }];
  // Groups are integers: none lies strictly between two consecutive ones.
  if (from.group - to.group > 1) stretches.push({ kind: 'groups', above: from.group, below: to.group });
  stretches.push({ kind: 'within', group: to.group, to });
  return stretches;
}

function stretchCondition(eb: ExpressionBuilder<Database, 'testers'>, column: GroupColumn | null, stretch: Stretch): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (stretch.kind === 'groups') {
    // `above`/`below` are the groups ahead of/behind the stretch: bigger groups come first.
    if (stretch.above !== undefined) conditions.push(eb(column!, '<', stretch.above));
    if (stretch.below !== undefined) conditions.push(eb(column!, '>', stretch.below));
  } else {
    if (column) conditions.push(eb(column, '=', stretch.group));
    // Row values: one range on (applied_at, id), which both engines read from the index.
    const place = eb.refTuple('applied_at', 'id');
    if (stretch.from) conditions.push(eb(place, '>=', eb.tuple(stretch.from.appliedAt, stretch.from.id)));
    if (stretch.to) conditions.push(eb(place, '<', eb.tuple(stretch.to.appliedAt, stretch.to.id)));
  }
  return eb.and(conditions);
}

/**
 * How many testers are ahead of each key. The keys are taken in waitlist order and each one's
 * count is the previous one's plus the testers from the previous key (inclusive) to it (exclusive):
 * every index entry is read at most once, however many keys there are, instead of once per key.
 * One small statement per key (its one to three stretches), run together as the old per-tester
 * counts were: a single statement of a whole page's stretches would be estimated costly enough
 * for PostgreSQL to JIT-compile it, which alone takes longer than the counting.
 */
async function countAhead(executor: Executor, betaId: number, order: WaitlistOrder, keys: WaitlistKey[]): Promise<Map<number, number>> {
  const sorted = [...keys].sort(compareKeys);
  const column = groupColumn(order);
  const counted = await Promise.all(
    sorted.map(async (key, index) => {
      const previous = index > 0 ? sorted[index - 1] : undefined;
      if (previous && compareKeys(previous, key) === 0) return 0; // the same tester twice
      const stretches = stretchesBetween(column !== null, previous, key);
      const counts = await executor
        .selectNoFrom((eb) =>
          stretches.map((stretch, n) =>
            eb
              .selectFrom('testers')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .where('beta_id', '=', betaId)
              .where('status', '=', 'applied')
              .where('hidden', '=', 0)
              .where((inner) => stretchCondition(inner, column, stretch))
              .as(`s${n}`),
          ),
        )
        .executeTakeFirstOrThrow();
      return Object.values(counts as Record<string, unknown>).reduce<number>((sum, n) => sum + Number(n), 0);
    }),
  );
  const ahead = new Map<number, number>();
  let total = 0;
  sorted.forEach((key, index) => {
    total += counted[index];
    ahead.set(key.id, total);
  });
  return ahead;
}

export async function standingsOf(
  executor: Executor,
  beta: { id: number; applied_testers_count: number; settings: { waitlist_order: WaitlistOrder } },
  testers: readonly Placed[],
): Promise<Map<number, Standing>> {
  const length = beta.applied_testers_count;
  const order = beta.settings.waitlist_order;
  const standings = new Map<number, Standing>();
  const placed: WaitlistKey[] = [];
  for (const tester of testers) {
    if (isOnWaitlist(tester)) placed.push(keyOf(order, tester));
    else standings.set(tester.id, { waitlist_position: null, waitlist_ahead: null, waitlist_behind: null, waitlist_length: length });
  }
  if (placed.length === 0) return standings;
  for (const [id, ahead] of await countAhead(executor, beta.id, order, placed)) {
    const position = ahead + 1;
    standings.set(id, { waitlist_position: position, waitlist_ahead: ahead, waitlist_behind: Math.max(0, length - position), waitlist_length: length });
  }
  return standings;
}
