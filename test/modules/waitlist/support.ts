// Helpers of the waitlist tests: the waitlist by brute force (every applied, visible tester sorted
// by the owner's priority, then the order's rules), the standings the API shows, and the index in memory against a recount.
import assert from 'node:assert/strict';
import type { TestContext } from '../../support/context.ts';

export const ORDERS = ['referrals', 'points', 'signup_time'] as const;

/** What the checks need of a process: its answers, and the database to recount from. */
export type Reader = Pick<TestContext, 'request' | 'database'>;
export type Order = (typeof ORDERS)[number];

/** id → position: the beta's testers on the waitlist sorted by `order`, read straight from the rows. */
export async function naivePositions(ctx: Reader, betaId: number, order: Order): Promise<Map<number, number>> {
  const rows = await ctx.database.db
    .selectFrom('testers')
    .select(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
    .where('beta_id', '=', betaId)
    .execute();
  const group = (row: (typeof rows)[number]) => (order === 'referrals' ? row.share_signups_count : order === 'points' ? row.points : 0);
  const waitlist = rows
    .filter((row) => row.status === 'applied' && row.hidden === 0)
    .sort(
      (a, b) =>
        b.priority - a.priority || group(b) - group(a) || (a.applied_at! < b.applied_at! ? -1 : a.applied_at! > b.applied_at! ? 1 : 0) || a.id - b.id,
    );
  return new Map(waitlist.map((row, index) => [row.id, index + 1]));
}

/** Every visible tester of the beta as the list shows them, page after page. */
export function listAll(ctx: Reader, betaId: number, perPage: number, key?: string): Promise<any[]> {
  return listPages(ctx, `/api/v2/betas/${betaId}/testers`, perPage, key);
}

/** Every item of a paginated list (`path` without a query), page after page. */
export async function listPages(ctx: Reader, path: string, perPage: number, key?: string): Promise<any[]> {
  const listed: any[] = [];
  for (let page = 1; ; page++) {
    const response = await ctx.request('GET', `${path}?per_page=${perPage}&page=${page}`, { key });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    listed.push(...response.body);
    if (JSON.parse(String(response.headers['x-pagination'])).next_page === null) return listed;
  }
}

/** A tester's standing as the API shows it: position, ahead, behind, length. */
export const standing = (tester: any) => [tester.waitlist_position, tester.waitlist_ahead, tester.waitlist_behind, tester.waitlist_length];

/** The standing a tester must show: from the naive reference, null off the waitlist. */
export function expectedStanding(expected: Map<number, number>, id: number) {
  const position = expected.get(id);
  return position === undefined ? [null, null, null, expected.size] : [position, position - 1, expected.size - position, expected.size];
}

export interface StandingsOptions {
  key?: string;
  perPages?: number[];
  show?: boolean;
}

/**
 * Switches the beta to `order` and compares every tester's standing, in lists of several page
 * sizes (a page's testers are counted together) and one by one (show), with the naive reference.
 * Returns the listed testers.
 */
export async function assertStandings(ctx: TestContext, betaId: number, order: Order, options: StandingsOptions = {}): Promise<any[]> {
  const patched = await ctx.request('PATCH', `/api/v2/betas/${betaId}`, { key: options.key, body: { settings: { waitlist_order: order } } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  return assertCurrentStandings(ctx, betaId, order, options);
}

/**
 * assertStandings without the switch: the beta must be in `order` already. Changes nothing, so it
 * can be repeated (another process catching up); `label` starts every message (the moment checked).
 */
export async function assertCurrentStandings(ctx: Reader, betaId: number, order: Order, options: StandingsOptions & { label?: string } = {}): Promise<any[]> {
  const at = options.label ? `${options.label}: ` : '';
  const expected = await naivePositions(ctx, betaId, order);
  let listed: any[] = [];
  for (const perPage of options.perPages ?? [100, 7]) {
    listed = await listAll(ctx, betaId, perPage, options.key);
    for (const tester of listed) assert.deepEqual(standing(tester), expectedStanding(expected, tester.id), `${at}tester ${tester.id}, ${order} order, per_page ${perPage}`);
    assert.equal(listed.filter((tester) => tester.waitlist_position !== null).length, expected.size, `${at}${order}: every waitlisted tester is listed`);
  }
  if (options.show ?? true) {
    for (const tester of listed) {
      const shown = await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${tester.id}`, { key: options.key });
      assert.deepEqual(standing(shown.body), expectedStanding(expected, tester.id), `${at}show ${tester.id}, ${order} order`);
    }
  }
  return listed;
}

/** The beta's waitlist as the context's process holds it in memory equals a full sort of the rows, in the beta's order. */
export async function assertIndexExact(ctx: TestContext, betaId: number): Promise<void> {
  await ctx.services.standings.settle();
  const indexed = ctx.services.standings.indexedIds(betaId);
  assert.ok(indexed, 'the beta is indexed');
  const expected = await naivePositions(ctx, betaId, indexed.order);
  assert.ok(expected.size > 0, 'a waitlist to compare');
  assert.deepEqual(indexed.ids, [...expected.keys()]);
}
