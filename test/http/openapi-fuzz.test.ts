// Every operation of the OpenAPI document, fuzzed from its schemas (test/support/fuzz): valid and
// boundary values, wrong types, huge numbers, awkward and unstorable text, fields missing and
// unknown, malformed bodies and wrong content types, hostile ids. Every answer must be a status
// the operation declares, never a 5xx, with a body its schema accepts, and a refused request or a
// read must store nothing. Bounded here (FUZZ_CASES a operation); `npm run fuzz -- --cases N` runs
// longer. A failure lists each kind of finding with the first request that showed it; replay the
// run with FUZZ_SEED=<seed from the message>.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { Fuzzer, summarize } from '../support/fuzz/fuzzer.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe('fuzzing every documented operation', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  test(`${CASES} cases an operation: no 5xx, only declared statuses and bodies, nothing stored by a refusal or a read`, async () => {
    const fuzzer = await Fuzzer.start(ctx);
    assert.ok(fuzzer.operations.length >= 54, `${fuzzer.operations.length} operations`);
    for (const [index, operation] of fuzzer.operations.entries()) await fuzzer.run(operation, CASES, SEED + index * 10_000);
    assert.equal(fuzzer.casesRun, CASES * fuzzer.operations.length);
    assert.deepEqual(summarize(fuzzer.findings), [], `FUZZ_SEED=${SEED}`);
  });
});
