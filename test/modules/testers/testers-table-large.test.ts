// The table's sorts over more matches than a list counts (COUNTED_ROWS): pages read along an
// index (points), the standings' set (position: the whole beta, or a filter's matches looked for a
// chunk of the waitlist at a time, then the testers without a position), and the refusal of a page
// past the first COUNTED_ROWS of such a filter.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { COUNTED_ROWS } from '../../../src/primitives/paging.ts';
import type { TesterRow } from '../../../src/db/tables/testers.ts';
import { testerRow } from './support.ts';

const TESTERS = COUNTED_ROWS + 2_600;

describe('list testers: sorted pages of many matches', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let stored: TesterRow[];
  let base: string;

  async function ids(query: string): Promise<number[]> {
    const response = await ctx.request('GET', `${base}/testers?${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.map((tester: { id: number }) => tester.id);
  }

  before(async () => {
    ctx = await startTestContext();
    // Waitlist order by referrals (the default): most referrals first, then earliest applied_at, then id.
    beta = await ctx.createBeta();
    base = `/api/v2/betas/${beta.id}`;
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: TESTERS }, (_, i) => {
      // Every 9th is invited (no position); every 6th is not in the group; applied_at runs backwards in blocks.
      const appliedAt = new Date(start + ((i * 7919) % TESTERS) * 1000).toISOString();
      return testerRow(beta.id, `many-${i}@example.com`, {
        status: i % 9 === 4 ? 'invited' : 'applied',
        groups: i % 6 === 5 ? '' : 'crowd',
        points: (i * 31) % 97,
        share_signups_count: (i * 13) % 5,
        applied_at: appliedAt,
        created_at: appliedAt,
        updated_at: appliedAt,
      });
    });
    // Straight into the table (the API would take minutes for this many); the counters are not read by these lists.
    for (let from = 0; from < rows.length; from += 500) await ctx.database.db.insertInto('testers').values(rows.slice(from, from + 500)).execute();
    stored = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).orderBy('id').execute();
  });
  after(() => ctx.close());

  /** The stored rows in waitlist order, then the others by id (position order), of those `keep` accepts. */
  function positionOrder(keep: (row: TesterRow) => boolean, backwards = false): number[] {
    const waitlist = stored
      .filter((row) => row.status === 'applied' && keep(row))
      .sort((a, b) => b.share_signups_count - a.share_signups_count || a.applied_at!.localeCompare(b.applied_at!) || a.id - b.id)
      .map((row) => row.id);
    const off = stored.filter((row) => row.status !== 'applied' && keep(row)).map((row) => row.id);
    return backwards ? [...waitlist.reverse(), ...off.reverse()] : [...waitlist, ...off];
  }
  const inCrowd = (row: TesterRow) => row.groups === 'crowd';

  test('sort=position over the whole beta: any page, the last waitlist page running into the testers without a position', async () => {
    const order = positionOrder(() => true);
    const waitlistLength = stored.filter((row) => row.status === 'applied').length;
    assert.deepEqual(await ids('sort=position&per_page=100'), order.slice(0, 100));
    assert.deepEqual(await ids('sort=position&per_page=100&page=57'), order.slice(5600, 5700));
    const across = Math.floor(waitlistLength / 100) + 1;
    assert.deepEqual(await ids(`sort=position&per_page=100&page=${across}`), order.slice((across - 1) * 100, across * 100), 'the waitlist ends within the page');
    assert.deepEqual(await ids(`sort=position&per_page=100&page=${across + 2}`), order.slice((across + 1) * 100, (across + 2) * 100));
    const backwards = positionOrder(() => true, true);
    assert.deepEqual(await ids('sort=position&direction=desc&per_page=100&page=3'), backwards.slice(200, 300));
  });

  test('sort=position with a filter of many matches: its matches in waitlist order, then its others; past the first 10,000 refused', async () => {
    const order = positionOrder(inCrowd);
    assert.ok(order.length > COUNTED_ROWS);
    assert.deepEqual(await ids('group=crowd&sort=position&per_page=100'), order.slice(0, 100));
    assert.deepEqual(await ids('group=crowd&sort=position&per_page=100&page=100'), order.slice(9900, 10000));
    assert.deepEqual(await ids('group=crowd&sort=position&direction=desc&per_page=50&page=7'), positionOrder(inCrowd, true).slice(300, 350));
    const refused = await ctx.request('GET', `${base}/testers?group=crowd&sort=position&per_page=100&page=101`);
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors, [
      { code: 2301, message: 'sort=position pages through the first 10,000 testers of a filter matching more: narrow the filter, or sort by joined' },
    ]);
  });

  test('sort=points with a filter of many matches: along the index, ties by id; past the first 10,000 refused; joined goes on', async () => {
    const order = stored.filter(inCrowd).sort((a, b) => b.points - a.points || b.id - a.id).map((row) => row.id);
    assert.deepEqual(await ids('group=crowd&sort=points&per_page=100&page=2'), order.slice(100, 200));
    assert.deepEqual(await ids('group=crowd&sort=points&per_page=100&page=100'), order.slice(9900, 10000));
    assert.equal((await ctx.request('GET', `${base}/testers?group=crowd&sort=points&per_page=100&page=101`)).status, 422);
    const ascending = stored.filter(inCrowd).sort((a, b) => a.share_signups_count - b.share_signups_count || a.id - b.id).map((row) => row.id);
    assert.deepEqual(await ids('group=crowd&sort=referrals&direction=asc&per_page=100&page=45'), ascending.slice(4400, 4500), 'across chunks, ascending');
    const joined = stored.filter(inCrowd).map((row) => row.id);
    assert.deepEqual(await ids('group=crowd&per_page=100&page=105'), joined.slice(10400, 10500));
    assert.deepEqual(await ids('group=crowd&sort=joined&direction=desc&per_page=100&page=105'), [...joined].reverse().slice(10400, 10500));
    // Unfiltered, no bound: the beta's whole order is served by the index.
    const all = [...stored].sort((a, b) => a.share_signups_count - b.share_signups_count || a.id - b.id).map((row) => row.id);
    assert.deepEqual(await ids('sort=referrals&direction=asc&per_page=100&page=120'), all.slice(11900, 12000));
  });
});
