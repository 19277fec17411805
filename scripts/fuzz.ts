// npm run fuzz -- [--cases 200] [--seed N] [--operation ID]… [--database-url postgres://…]
// The reliability suite's long run, on a database of its own (a temporary SQLite file, or a new
// database on the PostgreSQL server given, dropped after): every operation of the OpenAPI document
// fuzzed --cases times (test/support/fuzz/fuzzer.ts; or only the operations named by --operation,
// without the matrix), then the cross-company matrix. Prints the
// statuses each operation answered, the figures docs/operations.md records, and every finding
// with the first request that showed it; exits 1 when there is any.
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run fuzz -- [--cases 200] [--seed N] [--operation operationId]… [--database-url postgres://user@host:5432/postgres]';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '200' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
    operation: { type: 'string', multiple: true },
    help: { type: 'boolean', default: false },
  },
});
const cases = Number(values.cases);
const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);
if (values.help || !Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
// The test context reads the dialect when it is first imported.
if (values['database-url']) {
  process.env.TEST_DIALECT = 'postgres';
  process.env.TEST_DATABASE_URL = values['database-url'];
} else {
  process.env.TEST_DIALECT = 'sqlite';
}

const { startTestContext } = await import('../test/support/context.ts');
const { Fuzzer, summarize } = await import('../test/support/fuzz/fuzzer.ts');
const { runCrossCompanyMatrix } = await import('../test/support/fuzz/cross-company.ts');

const ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
let failed = false;
try {
  const started = performance.now();
  const fuzzer = await Fuzzer.start(ctx);
  const only = values.operation;
  const unknown = only?.filter((id) => !fuzzer.operations.some((operation) => operation.spec.operationId === id)) ?? [];
  if (unknown.length > 0) throw new Error(`no operation ${unknown.join(', ')} in the OpenAPI document`);
  const chosen = fuzzer.operations.filter((operation) => !only || only.includes(operation.spec.operationId));
  console.log(`# ${process.env.TEST_DIALECT}: ${chosen.length} operations, ${cases} cases each, seed ${seed}`);
  for (const [index, operation] of fuzzer.operations.entries()) {
    if (!chosen.includes(operation)) continue;
    await fuzzer.run(operation, cases, seed + index * 10_000);
    const { statuses } = fuzzer.stats.get(operation.spec.operationId)!;
    const answered = Object.entries(statuses).map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(`${operation.spec.operationId.padEnd(28)} ${answered}`);
  }
  const fuzzSeconds = (performance.now() - started) / 1000;
  const matrix = only ? { attempts: [], unfilled: [] } : await runCrossCompanyMatrix(ctx);
  const count = (kind: string) => fuzzer.findings.filter((finding) => finding.kind === kind).length;
  const crossFailures = matrix.attempts.filter((attempt) => attempt.problems.length > 0);
  const crossSuccesses = matrix.attempts.filter((attempt) => attempt.status < 400);
  console.log(`
operations fuzzed          ${fuzzer.stats.size}
cases run                  ${fuzzer.casesRun} (${fuzzSeconds.toFixed(0)} s)
5xx answers                ${count('server error')}
undeclared statuses        ${count('undeclared status')}
schema mismatches          ${count('schema mismatch')}
stored by a refusal        ${count('stored by a refused request')}
stored by a read           ${count('stored by a read')}
invalid JSON accepted      ${count('invalid body accepted')}
cross-company attempts     ${matrix.attempts.length} over ${new Set(matrix.attempts.map((attempt) => attempt.operation.label)).size} operations
cross-company successes    ${crossSuccesses.length} (answers other than 404, or stored: ${crossFailures.length})`);
  for (const line of summarize(fuzzer.findings)) console.log(`FINDING ${line}`);
  for (const attempt of crossFailures) console.log(`CROSS-COMPANY ${attempt.method} ${attempt.url} (${attempt.variant}): ${attempt.problems.join('; ')}`);
  for (const label of matrix.unfilled) console.log(`UNFILLED ${label}: add it to the fixture's id map`);
  failed = fuzzer.findings.length > 0 || crossFailures.length > 0 || matrix.unfilled.length > 0;
} finally {
  await ctx.close();
}
process.exit(failed ? 1 : 0);
