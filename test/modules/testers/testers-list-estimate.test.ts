// A filtered list counts its matches exactly up to COUNTED_ROWS; past that, X-Pagination's
// total_count is an estimate and the header says so (total_estimated). Pages stay exact either way.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { COUNTED_ROWS } from '../../../src/primitives/paging.ts';

const pagination = (response: TestResponse) => JSON.parse(String(response.headers['x-pagination']));
const idsOf = (response: TestResponse) => response.body.map((tester: { id: number }) => tester.id);

/** The page is 200, its header says the total is estimated, and the estimate is within 2 % of `trueCount` (the matches are spread evenly over the ids). */
function assertEstimated(response: TestResponse, trueCount: number): void {
  assert.equal(response.status, 200);
  const header = pagination(response);
  assert.equal(header.total_estimated, true);
  assert.ok(header.total_count > COUNTED_ROWS, `estimated ${header.total_count}`);
  assert.ok(Math.abs(header.total_count - trueCount) / trueCount < 0.02, `estimated ${header.total_count}, true ${trueCount}`);
  assert.equal(header.pages, Math.ceil(header.total_count / header.per_page));
}

/** More matching testers than are counted, with others between them: every fifth is not a match. */
const MATCHING = COUNTED_ROWS + 1_500;

describe('list testers: a filter with more matches than are counted', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let matchingIds: number[];
  let stored: { id: number; email: string }[];
  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta();
    const now = new Date().toISOString();
    const rows = Array.from({ length: Math.ceil((MATCHING * 5) / 4) }, (_, i) => {
      const local = i % 5 === 4 ? `other-${i}` : `bulkmatch-${i}`;
      const email = `${local}@example.com`;
      return {
        uuid: randomUUID(),
        beta_id: beta.id,
        email,
        email_normalized: email,
        email_alias_key: email,
        status: 'applied',
        hidden: 0,
        invitation_code: '',
        referral_code: `code${i}`,
        friend_invitations_allowed: 0,
        groups: '',
        name_search: '',
        applied_at: now,
        created_at: now,
        updated_at: now,
      };
    });
    // Straight into the table (the API would take minutes for this many); the beta's counters are not read here.
    for (let start = 0; start < rows.length; start += 500) {
      await ctx.database.db.insertInto('testers').values(rows.slice(start, start + 500)).execute();
    }
    stored = await ctx.database.db.selectFrom('testers').select(['id', 'email']).where('beta_id', '=', beta.id).orderBy('id').execute();
    matchingIds = stored.filter((row) => row.email.startsWith('bulkmatch-')).map((row) => row.id);
    assert.ok(matchingIds.length >= MATCHING);
  });
  after(() => ctx.close());

  test('the first page: exact items, an estimated total close to the true one, and the header says it is estimated', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch&per_page=100`);
    assert.deepEqual(idsOf(response), matchingIds.slice(0, 100));
    assertEstimated(response, matchingIds.length);
  });

  test('a page past the counted matches is exact too', async () => {
    const pageNumber = Math.floor(COUNTED_ROWS / 100) + 3;
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch&per_page=100&page=${pageNumber}`);
    assert.equal(response.status, 200);
    assert.deepEqual(
      response.body.map((tester: { id: number }) => tester.id),
      matchingIds.slice((pageNumber - 1) * 100, pageNumber * 100),
    );
    assert.equal(pagination(response).total_estimated, true);
  });

  /**
   * The counters claim a beta of a million testers (the rows above were not counted in): the search
   * then asks the trigram index, as at that size, instead of scanning, and a fragment with more
   * candidates than it lists reads its first candidates alone (TextSearch.head) before all of them.
   */
  const claimBigBeta = () =>
    ctx.database.db
      .insertInto('beta_counters')
      .values({ beta_id: beta.id, slot: 0, testers_count: 1_000_000 })
      .onConflict((conflict) => conflict.columns(['beta_id', 'slot']).doUpdateSet({ testers_count: 1_000_000 }))
      .execute();
  const list = (query: string) => ctx.request('GET', `/api/v2/betas/${beta.id}/testers?${query}`);

  test('through the index: the first page, a deep page and a sort answer as the scan does', async () => {
    await claimBigBeta();
    const first = await list('email_contains=bulkmatch&per_page=100');
    assert.deepEqual(idsOf(first), matchingIds.slice(0, 100));
    assertEstimated(first, matchingIds.length);
    // Past the counted matches the first candidates are not enough: all of them are read.
    const pageNumber = Math.floor(COUNTED_ROWS / 100) + 3;
    const deep = await list(`email_contains=bulkmatch&per_page=100&page=${pageNumber}`);
    assert.deepEqual(idsOf(deep), matchingIds.slice((pageNumber - 1) * 100, pageNumber * 100));
    assertEstimated(deep, matchingIds.length);
    const newest = await list('email_contains=bulkmatch&per_page=100&sort=joined&direction=desc');
    assert.deepEqual(idsOf(newest), matchingIds.slice(-100).reverse());
    assertEstimated(newest, matchingIds.length);
  });

  test('through the index: a filter with fewer matches than counted is exact, with no total_estimated', async () => {
    await claimBigBeta();
    for (const fragment of ['bulkmatch-12', 'bulkmatch-1']) {
      const response = await list(`email_contains=${fragment}&per_page=100&page=2`);
      const expected = stored.filter((row) => row.email.includes(fragment)).map((row) => row.id);
      assert.ok(expected.length > 100 && expected.length <= COUNTED_ROWS, `${fragment}: ${expected.length}`);
      const header = pagination(response);
      assert.equal(header.total_count, expected.length, fragment);
      assert.equal('total_estimated' in header, false, fragment);
      assert.deepEqual(idsOf(response), expected.slice(100, 200), fragment);
    }
  });

  test('through the index: with hidden testers among the first candidates, all are read: the page is exact, the total still an estimate', async () => {
    await claimBigBeta();
    const hidden = matchingIds.slice(0, 50);
    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', 'in', hidden).execute();
    try {
      const response = await list('email_contains=bulkmatch&per_page=100');
      assert.deepEqual(idsOf(response), matchingIds.slice(50, 150));
      assertEstimated(response, matchingIds.length - 50);
    } finally {
      await ctx.database.db.updateTable('testers').set({ hidden: 0 }).where('id', 'in', hidden).execute();
    }
  });

  test('a filter with fewer matches has an exact total and no total_estimated', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch-12&per_page=100`);
    assert.equal(response.status, 200);
    const expected = (await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('email', 'like', '%bulkmatch-12%').orderBy('id').execute()).map((row) => row.id);
    assert.ok(expected.length > 100 && expected.length < COUNTED_ROWS);
    const header = pagination(response);
    assert.equal(header.total_count, expected.length);
    assert.equal('total_estimated' in header, false);
    assert.deepEqual(
      response.body.map((tester: { id: number }) => tester.id),
      expected.slice(0, 100),
    );
  });
});
