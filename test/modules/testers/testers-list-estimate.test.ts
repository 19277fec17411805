// A filtered list counts its matches exactly up to COUNTED_MATCHES; past that, X-Pagination's
// total_count is an estimate and the header says so (total_estimated). Pages stay exact either way.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { COUNTED_MATCHES } from '../../../src/modules/testers/queries.ts';

const pagination = (response: TestResponse) => JSON.parse(String(response.headers['x-pagination']));

/** More matching testers than are counted, with others between them: every fifth is not a match. */
const MATCHING = COUNTED_MATCHES + 1_500;

describe('list testers: a filter with more matches than are counted', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let matchingIds: number[];
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
    const stored = await ctx.database.db.selectFrom('testers').select(['id', 'email']).where('beta_id', '=', beta.id).orderBy('id').execute();
    matchingIds = stored.filter((row) => row.email.startsWith('bulkmatch-')).map((row) => row.id);
    assert.ok(matchingIds.length >= MATCHING);
  });
  after(() => ctx.close());

  test('the first page: exact items, an estimated total close to the true one, and the header says it is estimated', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch&per_page=100`);
    assert.equal(response.status, 200);
    assert.deepEqual(
      response.body.map((tester: { id: number }) => tester.id),
      matchingIds.slice(0, 100),
    );
    const header = pagination(response);
    assert.equal(header.total_estimated, true);
    assert.ok(header.total_count > COUNTED_MATCHES, `estimated ${header.total_count}`);
    // The matches are spread evenly over the ids: the estimate is within 2 % of the count.
    assert.ok(Math.abs(header.total_count - matchingIds.length) / matchingIds.length < 0.02, `estimated ${header.total_count}, true ${matchingIds.length}`);
    assert.equal(header.pages, Math.ceil(header.total_count / 100));
  });

  test('a page past the counted matches is exact too', async () => {
    const pageNumber = Math.floor(COUNTED_MATCHES / 100) + 3;
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch&per_page=100&page=${pageNumber}`);
    assert.equal(response.status, 200);
    assert.deepEqual(
      response.body.map((tester: { id: number }) => tester.id),
      matchingIds.slice((pageNumber - 1) * 100, pageNumber * 100),
    );
    assert.equal(pagination(response).total_estimated, true);
  });

  test('a filter with fewer matches has an exact total and no total_estimated', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=bulkmatch-12&per_page=100`);
    assert.equal(response.status, 200);
    const expected = (await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('email', 'like', '%bulkmatch-12%').orderBy('id').execute()).map((row) => row.id);
    assert.ok(expected.length > 100 && expected.length < COUNTED_MATCHES);
    const header = pagination(response);
    assert.equal(header.total_count, expected.length);
    assert.equal('total_estimated' in header, false);
    assert.deepEqual(
      response.body.map((tester: { id: number }) => tester.id),
      expected.slice(0, 100),
    );
  });
});
