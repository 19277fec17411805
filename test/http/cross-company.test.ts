// No company reaches another's data, whatever route: the matrix (test/support/fuzz/cross-company.ts)
// sends every documented operation whose path names something with ids that exist but belong to
// another company (or another beta), and each must answer 404 and store nothing. Operations are
// read from the OpenAPI document, so a route is covered the day it is added, and one whose path
// parameter the fixture cannot fill fails here until the fixture's id map names it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { runCrossCompanyMatrix } from '../support/fuzz/cross-company.ts';

describe('cross-company matrix', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  test("every operation with another company's or another beta's ids answers 404 and changes nothing", async () => {
    const matrix = await runCrossCompanyMatrix(ctx);
    assert.deepEqual(
      matrix.unfilled,
      [],
      'path parameters the fixture cannot fill: add each to the id map (makeFixture in test/support/fuzz/fixture.ts), with what it names',
    );
    assert.deepEqual(matrix.uncrossable.sort(), [
      'GET /api/v2/api_keys (listApiKeys)',
      'GET /api/v2/betas (listBetas)',
      'GET /api/v2/members (listMembers)',
      'POST /api/v2/api_keys (createApiKey)',
      'POST /api/v2/betas (createBeta)',
      'POST /api/v2/members (createMember)',
    ]);
    const operations = new Set(matrix.attempts.map((attempt) => attempt.operation.label));
    assert.ok(operations.size >= 52, `${operations.size} operations crossed`);
    const failed = matrix.attempts
      .filter((attempt) => attempt.problems.length > 0)
      .map((attempt) => `${attempt.method} ${attempt.url} (${attempt.operation.spec.operationId}, ${attempt.variant}): ${attempt.problems.join('; ')}`);
    assert.deepEqual(failed, []);
  });
});
