// No list counts past COUNTED_ROWS (docs/decisions.md, "Pagination"): a list of more rows answers
// total_count as the rows counted, with total_estimated, while next_page stays exact; a list of
// fewer rows is counted exactly and says nothing of an estimate. The body is the bare array.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { COUNTED_ROWS } from '../../src/primitives/paging.ts';

let ctx: TestContext;
before(async () => {
  ctx = await startTestContext();
});
after(() => ctx.close());

async function page(path: string) {
  const response = await ctx.request('GET', path);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.ok(Array.isArray(response.body), 'the body is a bare array');
  return { body: response.body as { code: string }[], pagination: JSON.parse(String(response.headers['x-pagination'])) };
}

test('a list of more than COUNTED_ROWS invitation codes counts no further; its last page is counted exactly', async () => {
  const beta = await ctx.createBeta();
  const rows = Array.from({ length: COUNTED_ROWS + 3 }, (_, i) => ({
    beta_id: beta.id,
    code: `CODE${i}`,
    code_normalized: `code${i}`,
    max_uses: null,
    expires_at: null,
    created_at: '2026-11-22T09:15:00.000Z',
  }));
  for (let start = 0; start < rows.length; start += 1000) await ctx.database.db.insertInto('invitation_codes').values(rows.slice(start, start + 1000)).execute();
  const path = `/api/v2/betas/${beta.id}/invitation_codes?per_page=100`;

  const first = await page(path);
  assert.deepEqual(first.body.slice(0, 2).map((code) => code.code), ['CODE0', 'CODE1']);
  assert.deepEqual(
    [first.pagination.total_count, first.pagination.total_estimated, first.pagination.pages, first.pagination.next_page],
    [COUNTED_ROWS + 1, true, Math.ceil((COUNTED_ROWS + 1) / 100), 2],
  );
  const last = await page(`${path}&page=101`);
  assert.deepEqual(last.body.map((code) => code.code), ['CODE10000', 'CODE10001', 'CODE10002']);
  assert.deepEqual([last.pagination.total_count, last.pagination.total_estimated, last.pagination.next_page], [COUNTED_ROWS + 3, undefined, null]);
  assert.equal((await page(`${path}&page=100`)).pagination.next_page, 101, 'the page before the last knows a next page exists');

  const stored = await ctx.database.db.selectFrom('invitation_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).executeTakeFirstOrThrow();
  assert.equal(Number(stored.n), COUNTED_ROWS + 3, 'reading changed nothing');
});

test('a short list is counted exactly, without total_estimated', async () => {
  const beta = await ctx.createBeta();
  for (const code of ['ALPHA', 'BETA', 'GAMMA']) {
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_codes`, { body: { invitation_code: { code, max_uses: 5 } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  }
  const { body, pagination } = await page(`/api/v2/betas/${beta.id}/invitation_codes?per_page=2&page=2`);
  assert.deepEqual(body.map((code) => code.code), ['GAMMA']);
  assert.deepEqual(pagination, { previous_page: 1, next_page: null, current_page: 2, per_page: 2, count: 1, pages: 2, total_count: 3 });
});
