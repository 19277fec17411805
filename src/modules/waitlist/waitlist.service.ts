// Waitlist standing (DESIGN.md "Waitlist"; docs/decisions.md "Waitlist at scale"): only applied,
// visible testers are on it; positions are computed from the beta's order, never stored. The count
// of testers ahead is read from the waitlist blocks (migration 006, kept exact by triggers on
// testers): the groups ahead, the tester's group's hours before its hour, that hour's minutes
// before its minute, and an index range count of the testers of its minute ahead of it. Its cost
// depends on the number of groups, hours and minutes, not on the position or the waitlist's length.
// A page counts forward in one pass (countAhead); a single tester counts each level from its
// nearer end (countAheadOfOne), so a new signup costs next to nothing.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { planOnce, type Executor } from '../../db/database.ts';
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
  // applied_at is set whenever a tester reaches applied; '' would be the triggers' key too.
  return { id: tester.id, group: column ? tester[column] : 0, appliedAt: tester.applied_at ?? '' };
}

/** Negative when `a` is ahead of `b`. ISO timestamps compare the same as text in JS and SQL. */
function compareKeys(a: WaitlistKey, b: WaitlistKey): number {
  if (a.group !== b.group) return b.group - a.group;
  if (a.appliedAt !== b.appliedAt) return a.appliedAt < b.appliedAt ? -1 : 1;
  return a.id - b.id;
}

// The blocks' time keys: the first characters of applied_at ("2026-11-22T09:15:00.123Z"), as the
// migration's triggers cut them. A prefix sorts before every time it starts.
const hourOf = (key: WaitlistKey) => key.appliedAt.slice(0, 13);
const minuteOf = (key: WaitlistKey) => key.appliedAt.slice(0, 16);

/**
 * A place within one level, in waitlist order: a (group, hour) among hour blocks, a (group,
 * minute) among minute blocks, or a tester (`id`) among the testers of its minute.
 */
interface Place {
  /** What the place's count is looked up by: "group hour", "group minute", or the tester's id. */
  name: string;
  group: number;
  at: string;
  id: number;
  /** The stretch of the level that counts toward the place: a group's hours, an hour's minutes, a minute's testers. */
  container: string;
  /** Where that stretch starts ('' for all of a group's hours, the hour for its minutes, the minute for its testers). */
  start: string;
}

/** [from, to) within `group`, on (time, id); ids only matter among testers. */
interface Stretch {
  group: number;
  from: string;
  fromId: number;
  to: string;
  toId: number;
}

/**
 * Chains the places of a level: each one's stretch runs from the previous place of its container
 * (or the container's start) to itself, so no block or tester is read twice for a whole page, and
 * a place's count is its stretch's plus the previous places' of its container.
 */
function chained(places: Place[]): { stretches: Stretch[]; totals(sums: number[]): Map<string, number> } {
  const stretches = places.map((place, index) => {
    const previous = index > 0 && places[index - 1].container === place.container ? places[index - 1] : undefined;
    return previous
      ? { group: place.group, from: previous.at, fromId: previous.id, to: place.at, toId: place.id }
      : { group: place.group, from: place.start, fromId: 0, to: place.at, toId: place.id };
  });
  return {
    stretches,
    totals(sums) {
      const totals = new Map<string, number>();
      let total = 0;
      places.forEach((place, index) => {
        if (index === 0 || places[index - 1].container !== place.container) total = 0;
        total += sums[index];
        totals.set(place.name, total);
      });
      return totals;
    },
  };
}

/** `places` without consecutive repeats (they come sorted, so repeats are consecutive). */
function distinctPlaces(places: Place[]): Place[] {
  return places.filter((place, index) => index === 0 || places[index - 1].name !== place.name);
}

/**
 * The stretches of one level as a table (a VALUES list), so one correlated subquery counts them
 * all: PostgreSQL plans it once, however many stretches a page has. Every value is cast, because
 * PostgreSQL would read untyped parameters in VALUES as text.
 */
function stretchValues(stretches: Stretch[]) {
  const rows = stretches.map(
    (s, i) =>
      sql`(cast(${i} as integer), cast(${s.group} as bigint), cast(${s.from} as text), cast(${s.fromId} as bigint), cast(${s.to} as text), cast(${s.toId} as bigint))`,
  );
  return sql<StretchRow>`(values ${sql.join(rows)})`; // Kysely writes a raw CTE body without its parentheses
}

type Level = 'groups' | 'hours' | 'minutes' | 'testers';
type StretchRow = { i: number; grp: number; lo: string; lo_id: number; hi: string; hi_id: number };
type BlockStretches = 'hour_stretches' | 'minute_stretches';
/** The tables of the statement below: the database and the stretches of each level. */
type WithStretches = Database & Record<BlockStretches | 'tester_stretches', StretchRow>;

/**
 * How many testers are ahead of each key, read in one statement, so PostgreSQL answers from one
 * snapshot even outside a transaction: a position never mixes counts from before and after a
 * concurrent change. The statement returns the group totals above the last group of the page
 * (level `groups`, i = the group) and the sum of every stretch of the other levels (i = its index).
 */
async function countAhead(executor: Executor, betaId: number, order: WaitlistOrder, keys: WaitlistKey[]): Promise<Map<number, number>> {
  const sorted = [...keys].sort(compareKeys);
  const column = groupColumn(order);
  const hours = chained(
    distinctPlaces(sorted.map((k) => ({ name: `${k.group} ${hourOf(k)}`, group: k.group, at: hourOf(k), id: 0, container: `${k.group}`, start: '' }))),
  );
  const minutes = chained(
    distinctPlaces(sorted.map((k) => ({ name: `${k.group} ${minuteOf(k)}`, group: k.group, at: minuteOf(k), id: 0, container: `${k.group} ${hourOf(k)}`, start: hourOf(k) }))),
  );
  const testers = chained(sorted.map((k) => ({ name: `${k.id}`, group: k.group, at: k.appliedAt, id: k.id, container: `${k.group} ${minuteOf(k)}`, start: minuteOf(k) })));

  // Hour and minute blocks read alike, each with its time column as `at` (both engines flatten the
  // derived table, so the primary key still serves the range).
  const hourBlocks = executor.selectFrom('waitlist_hours').select(['beta_id', 'dimension', 'grp', 'hour as at', 'n']).as('b');
  const minuteBlocks = executor.selectFrom('waitlist_minutes').select(['beta_id', 'dimension', 'grp', 'minute as at', 'n']).as('b');
  const blockSums = (eb: ExpressionBuilder<WithStretches, never>, level: Level, stretches: BlockStretches, blocks: typeof hourBlocks) =>
    eb
      .selectFrom(`${stretches} as k`)
      .select((k) => [
        sql.lit<Level>(level).as('level'),
        'k.i as i',
        k
          .selectFrom(blocks)
          .select((b) => b.fn.coalesce(b.fn.sum<number>('b.n'), b.lit(0)).as('n'))
          .where('b.beta_id', '=', betaId)
          .where('b.dimension', '=', order)
          .whereRef('b.grp', '=', 'k.grp')
          .whereRef('b.at', '>=', 'k.lo')
          .whereRef('b.at', '<', 'k.hi')
          .as('n'),
      ]);

  const rows = await executor
    .with('hour_stretches(i, grp, lo, lo_id, hi, hi_id)', () => stretchValues(hours.stretches))
    .with('minute_stretches(i, grp, lo, lo_id, hi, hi_id)', () => stretchValues(minutes.stretches))
    .with('tester_stretches(i, grp, lo, lo_id, hi, hi_id)', () => stretchValues(testers.stretches))
    .selectFrom('tester_stretches as k')
    .select((eb) => [
      sql.lit<Level>('testers').as('level'),
      'k.i as i',
      eb
        .selectFrom('testers as t')
        .select((t) => t.fn.countAll<number>().as('n'))
        .where('t.beta_id', '=', betaId)
        .where('t.status', '=', 'applied')
        .where('t.hidden', '=', 0)
        .where((t) => testerStretch(t, column))
        .as('n'),
    ])
    .unionAll((eb) => blockSums(eb, 'hours', 'hour_stretches', hourBlocks))
    .unionAll((eb) => blockSums(eb, 'minutes', 'minute_stretches', minuteBlocks))
    .$if(column !== null, (query) =>
      query.unionAll((eb) =>
        eb
          .selectFrom('waitlist_groups as g')
          .select([sql.lit<Level>('groups').as('level'), 'g.grp as i', 'g.n as n'])
          .where('g.beta_id', '=', betaId)
          .where('g.dimension', '=', order)
          .where('g.grp', '>', sorted[sorted.length - 1].group),
      ),
    )
    .execute();

  const sums: Record<Exclude<Level, 'groups'>, number[]> = { hours: [], minutes: [], testers: [] };
  const groupTotals: { group: number; n: number }[] = [];
  for (const row of rows) {
    if (row.level === 'groups') groupTotals.push({ group: Number(row.i), n: Number(row.n) });
    else sums[row.level as Exclude<Level, 'groups'>][Number(row.i)] = Number(row.n);
  }
  const hourTotals = hours.totals(sums.hours);
  const minuteTotals = minutes.totals(sums.minutes);
  const testerTotals = testers.totals(sums.testers);

  const ahead = new Map<number, number>();
  sorted.forEach((key, index) => {
    const groupsAhead = groupTotals.reduce((sum, total) => (total.group > key.group ? sum + total.n : sum), 0);
    ahead.set(key.id, groupsAhead + hourTotals.get(`${key.group} ${hourOf(key)}`)! + minuteTotals.get(`${key.group} ${minuteOf(key)}`)! + testerTotals.get(`${key.id}`)!);
  });
  return ahead;
}

/** The testers of the stretch `k`: within its group (none for signup_time), (applied_at, id) in [lo, hi). */
function testerStretch(eb: ExpressionBuilder<any, any>, column: GroupColumn | null): Expression<SqlBool> {
  const place = eb.refTuple('t.applied_at', 't.id');
  return eb.and([
    ...(column ? [eb(`t.${column}`, '=', eb.ref('k.grp'))] : []),
    eb(place, '>=', eb.refTuple('k.lo', 'k.lo_id')),
    eb(place, '<', eb.refTuple('k.hi', 'k.hi_id')),
  ]);
}

/** Where a single tester's count at one level starts: the start of its container, or the end. */
export type CountFrom = 'start' | 'end';

/** The ends a single tester's count starts from at the hour, minute and tester levels. */
export interface CountDirections {
  hours: CountFrom;
  minutes: CountFrom;
  testers: CountFrom;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The nearer end of each level for one tester, guessed from its time: within its group, from the
 * start when it applied in the first half of the beta's life so far; within its hour and minute
 * likewise, by the minute and the second, with the hour or minute still going ending now. A new
 * signup (the end of every level) thus counts almost nothing, however busy its minute; a tester's
 * cost is its distance to the nearer end, not to the start.
 */
export function nearerEnds(appliedAt: string, betaCreatedAt: string, now: string): CountDirections {
  const [at, until] = [Date.parse(appliedAt), Date.parse(now)];
  const half = (from: number, to: number): CountFrom => (at - from < Math.min(to, until) - at ? 'start' : 'end');
  // Within the hour or minute (`span`) the tester applied in.
  const within = (span: number) => {
    const start = at - (at % span);
    return half(start, start + span);
  };
  return { hours: half(Date.parse(betaCreatedAt), until), minutes: within(HOUR_MS), testers: within(MINUTE_MS) };
}

/** A bound past every key that starts with `prefix`: such keys go on with ':' (minutes, seconds), and ';' sorts right after it. */
const pastPrefix = (prefix: string) => `${prefix};`;

/**
 * How many testers are ahead of one tester, in one statement (one snapshot), each level counted
 * from the end `directions` says: from the start, the blocks or testers before it; from the end,
 * the container's total less the blocks or testers from it on. Also returns the waitlist's length
 * as of the same snapshot. Only for a tester with an applied_at (every applied tester has one).
 */
export async function countAheadOfOne(
  executor: Executor,
  betaId: number,
  order: WaitlistOrder,
  key: WaitlistKey,
  directions: CountDirections,
): Promise<{ ahead: number; length: number }> {
  const column = groupColumn(order);
  const [hour, minute] = [hourOf(key), minuteOf(key)];
  // Written as SQL, not built: this is the hottest statement (every show), and Kysely's builder
  // took about 60 µs to build and compile its eight subqueries (some 8 % of a show), a template 5.
  const sum = (table: 'waitlist_groups' | 'waitlist_hours' | 'waitlist_minutes', where: RawBuilder<unknown>) =>
    sql`(select coalesce(sum(n), 0) from ${sql.table(table)} where beta_id = ${betaId} and dimension = ${order} and ${where})`;
  const inGroup = sql`grp = ${key.group}`;
  const testers = (where: RawBuilder<unknown>) =>
    sql`(select count(*) from testers as t where t.beta_id = ${betaId} and t.status = 'applied' and t.hidden = 0${
      column ? sql` and ${sql.ref(`t.${column}`)} = ${key.group}` : sql``
    } and ${where})`;
  const waitlistLength = sql`(select applied_testers_count from betas where id = ${betaId})`;
  const place = sql`(t.applied_at, t.id)`;
  const { rows } = await planOnce(
    sql<Record<'length' | 'groups_ahead' | 'group_total' | 'hours' | 'hour_total' | 'minutes' | 'minute_total' | 'testers', unknown>>`select
      ${waitlistLength} as "length",
      ${column ? sum('waitlist_groups', sql`grp > ${key.group}`) : sql`0`} as "groups_ahead",
      ${column ? sum('waitlist_groups', inGroup) : waitlistLength} as "group_total",
      ${sum('waitlist_hours', sql`${inGroup} and hour ${directions.hours === 'start' ? sql`<` : sql`>=`} ${hour}`)} as "hours",
      ${sum('waitlist_hours', sql`${inGroup} and hour = ${hour}`)} as "hour_total",
      ${sum(
        'waitlist_minutes',
        directions.minutes === 'start'
          ? sql`${inGroup} and minute >= ${hour} and minute < ${minute}`
          : sql`${inGroup} and minute >= ${minute} and minute < ${pastPrefix(hour)}`,
      )} as "minutes",
      ${sum('waitlist_minutes', sql`${inGroup} and minute = ${minute}`)} as "minute_total",
      ${testers(
        directions.testers === 'start'
          ? sql`${place} >= (${minute}, ${0}) and ${place} < (${key.appliedAt}, ${key.id})`
          : sql`${place} >= (${key.appliedAt}, ${key.id}) and t.applied_at < ${pastPrefix(minute)}`,
      )} as "testers"`,
  ).execute(executor);
  const row = rows[0];
  const n = (value: unknown) => Number(value ?? 0);
  const fromEnd = (total: unknown, counted: unknown, from: CountFrom) => (from === 'start' ? n(counted) : n(total) - n(counted));
  const ahead =
    n(row.groups_ahead) +
    fromEnd(row.group_total, row.hours, directions.hours) +
    fromEnd(row.hour_total, row.minutes, directions.minutes) +
    fromEnd(row.minute_total, row.testers, directions.testers);
  const length = n(row.length);
  // A row read before a concurrent change of the same tester can place it outside its blocks: never below 0 or past the end.
  return { ahead: Math.min(Math.max(0, ahead), Math.max(0, length - 1)), length };
}

/**
 * How the standings of several testers are counted: `page` in one statement from one snapshot, for
 * views shown together (a list page, whose positions must agree); `each` one tester at a time from
 * its nearer ends, as show counts it, for views shown on their own (event bodies) — cheaper for a
 * few testers, since a page's chained count reads a new signup's whole group from its start.
 */
export type StandingsCount = 'page' | 'each';

export async function standingsOf(
  executor: Executor,
  beta: { id: number; applied_testers_count: number; created_at: string; settings: { waitlist_order: WaitlistOrder } },
  testers: readonly Placed[],
  now: string,
  count: StandingsCount = 'page',
): Promise<Map<number, Standing>> {
  const order = beta.settings.waitlist_order;
  const standings = new Map<number, Standing>();
  const placed = new Map<number, WaitlistKey>();
  let length = beta.applied_testers_count;
  const standing = (ahead: number): Standing => ({ waitlist_position: ahead + 1, waitlist_ahead: ahead, waitlist_behind: Math.max(0, length - ahead - 1), waitlist_length: length });
  for (const tester of testers) if (isOnWaitlist(tester)) placed.set(tester.id, keyOf(order, tester));
  const alone = placed.size === 1 || count === 'each' ? [...placed.values()].filter((key) => key.appliedAt !== '') : [];
  for (const key of alone) {
    // A tester on its own (show, a signup's answer, an event's body): counted from the nearer ends, with the length of the same snapshot.
    const counted = await countAheadOfOne(executor, beta.id, order, key, nearerEnds(key.appliedAt, beta.created_at, now));
    length = counted.length;
    standings.set(key.id, standing(counted.ahead));
  }
  const together = [...placed.values()].filter((key) => !standings.has(key.id));
  if (together.length > 0) {
    for (const [id, ahead] of await countAhead(executor, beta.id, order, together)) standings.set(id, standing(ahead));
  }
  for (const tester of testers) {
    if (!placed.has(tester.id)) standings.set(tester.id, { waitlist_position: null, waitlist_ahead: null, waitlist_behind: null, waitlist_length: length });
  }
  return standings;
}
