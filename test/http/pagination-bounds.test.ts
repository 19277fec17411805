// Non-finite page numbers (issue found by fuzzing): a query's "Infinity" or "1e309" coerces to a
// number that no minimum or maximum stops, and reached the database as an offset: 500. Every list
// that takes `page` and `per_page` — found in the OpenAPI document, so a list added later is
// covered the day it is added — must refuse them with 422 and its series' code, and answer a
// plain page as before.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';

let ctx: TestContext;
before(async () => {
  ctx = await startTestContext();
});
after(() => ctx.close());

/** GET paths whose operation documents a `page` query parameter, path parameters filled with ids that exist. */
async function paginatedPaths(ids: Record<string, string>): Promise<string[]> {
  const document = (await ctx.request('GET', '/api/v2/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const parameters = operations.get?.parameters ?? [];
    if (!parameters.some((p) => p.in === 'query' && p.name === 'page')) return [];
    return [path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? '1')];
  });
}

test('page and per_page of Infinity, -Infinity or 1e309 are refused with 422 on every paginated list', async () => {
  const beta = await ctx.createBeta();
  const tester = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'pages@example.com' } } });
  assert.equal(tester.status, 201);
  const paths = await paginatedPaths({ beta_id: String(beta.id), tester_id: String(tester.body.id) });
  assert.ok(paths.length >= 10, `the paginated lists: ${paths.join(', ')}`);
  for (const path of paths) {
    // A plain page passes validation (a list of a resource not made here may answer 404).
    const plain = await ctx.request('GET', `${path}?page=1&per_page=10`);
    assert.ok(plain.status === 200 || plain.status === 404, `${path}: ${plain.status} ${JSON.stringify(plain.body)}`);
    for (const query of ['page=Infinity', 'page=-Infinity', 'page=1e309', 'per_page=Infinity', 'per_page=1e309']) {
      const refused = await ctx.request('GET', `${path}?${query}`);
      assert.equal(refused.status, 422, `${path}?${query}: ${refused.status} ${JSON.stringify(refused.body)}`);
      const [error] = refused.body.errors;
      assert.equal(error.code % 100, 1, `${path}?${query}: the series' general code, got ${error.code}`);
      assert.equal(error.message, `${query.split('=')[0]} must be a finite number`);
    }
  }
});
