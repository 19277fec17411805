// Every operation of the OpenAPI document, fuzzed from its schemas (test/support/fuzz): valid and
// boundary values, wrong types, huge numbers, awkward and unstorable text, fields missing and
// unknown, malformed bodies and wrong content types, hostile ids. Every answer must be a status
// the operation declares, never a 5xx, with a body its schema accepts, and a refused request or a
// read must store nothing. Bounded here (FUZZ_CASES a operation, 20 by default) and with a fixed
// seed (FUZZ_SEED, 2026 by default), so CI runs the same cases every time; `npm run fuzz -- --cases
// N` runs longer, from a new seed each time. A failure lists each kind of finding with the first
// request that showed it, and the seed to replay it with.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { Fuzzer, summarize } from '../support/fuzz/fuzzer.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 2026);

describe('fuzzing every documented operation', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  test(`${CASES} cases an operation: no 5xx, only declared statuses and bodies, nothing stored by a refusal or a read`, async () => {
    const fuzzer = await Fuzzer.start(ctx);
    // Every operation the document has, by construction: one added later is fuzzed the day it is documented.
    const document = (await ctx.request('GET', '/docs/json', { key: null })).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const documented = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    assert.ok(documented.length >= 87, `${documented.length} operations documented`);
    assert.deepEqual(fuzzer.operations.map((operation) => operation.spec.operationId).sort(), documented.sort());
    for (const [index, operation] of fuzzer.operations.entries()) await fuzzer.run(operation, CASES, SEED + index * 10_000);
    assert.equal(fuzzer.casesRun, CASES * fuzzer.operations.length);
    assert.deepEqual(summarize(fuzzer.findings), [], `FUZZ_SEED=${SEED}`);
  });
});
