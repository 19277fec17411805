// Page numbers written other than in decimal digits. The validator reads a query's text as Number()
// does: "Infinity" or "1e309" became a number no minimum or maximum stops, which reached the
// database as an offset (500, found by fuzzing); "0x10", "1e3" or " 1" passed as 16, 1000 and 1.
// Every list that takes `page` and `per_page` — found in the OpenAPI document, so a list added later
// is covered the day it is added — must refuse them with 422 and its series' code, and answer a
// plain page as before. Any other whole number read from text is held to the same rule.
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

const NOT_DECIMAL = ['Infinity', '-Infinity', '1e309', '0x10', '1e3', '%201', '1%20', '%2B1', '1.0', '0b1', ''];

test('page and per_page other than decimal digits (Infinity, 1e309, 0x10, 1e3, " 1") are refused with 422 on every paginated list', async () => {
  const beta = await ctx.createBeta();
  const tester = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'pages@example.com' } } });
  assert.equal(tester.status, 201);
  const paths = await paginatedPaths({ beta_id: String(beta.id), tester_id: String(tester.body.id) });
  assert.ok(paths.length >= 10, `the paginated lists: ${paths.join(', ')}`);
  for (const path of paths) {
    // A plain page passes validation (a list of a resource not made here may answer 404).
    const plain = await ctx.request('GET', `${path}?page=1&per_page=10`);
    assert.ok(plain.status === 200 || plain.status === 404, `${path}: ${plain.status} ${JSON.stringify(plain.body)}`);
    for (const query of NOT_DECIMAL.flatMap((text) => [`page=${text}`, `per_page=${text}`])) {
      const refused = await ctx.request('GET', `${path}?${query}`);
      assert.equal(refused.status, 422, `${path}?${query}: ${refused.status} ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.errors.length, 1, `${path}?${query}: ${JSON.stringify(refused.body)}`);
      const [error] = refused.body.errors;
      assert.equal(error.code % 100, 1, `${path}?${query}: the series' general code, got ${error.code}`);
      assert.equal(error.message, `${query.split('=')[0]} must be a whole number written in decimal digits (0-9), such as 25`);
    }
  }
});

test('a whole number read from text elsewhere is decimal digits too: the quantity of points in a form body', async () => {
  const beta = await ctx.createBeta({ signup_points: 0 });
  const tester = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'digits@example.com' } } });
  assert.equal(tester.status, 201);
  const points = () => ctx.database.db.selectFrom('points').select('quantity').where('tester_id', '=', tester.body.id).execute();
  for (const quantity of ['0x10', '1e3', '%205', '5%20', '5.0']) {
    const refused = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { form: `email=digits%40example.com&quantity=${quantity}` });
    assert.equal(refused.status, 422, `quantity=${quantity}: ${JSON.stringify(refused.body)}`);
    assert.deepEqual(refused.body.errors.map((e: { message: string }) => e.message), ['quantity must be a whole number written in decimal digits (0-9), such as 25']);
  }
  assert.deepEqual(await points(), [], 'nothing stored');
  const plain = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { form: 'email=digits%40example.com&quantity=007' });
  assert.equal(plain.status, 201, JSON.stringify(plain.body));
  const negative = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { form: 'email=digits%40example.com&quantity=-5' });
  assert.equal(negative.status, 201, JSON.stringify(negative.body));
  assert.deepEqual((await points()).map((p) => p.quantity).sort((a, b) => a - b), [-5, 7]);
});
