// npm run bench:seed -- --testers 100000 [--database-url URL] [--beta-name NAME] [--seed N]
// Builds a beta of N realistic testers in the bench database and prints its id and an API key.
import { parseArgs } from 'node:util';
import { BENCH_DATABASE_OPTIONS, seedBench } from './seeding.ts';

const USAGE = 'usage: npm run bench:seed -- --testers N [--database-url sqlite:PATH|postgres://…] [--beta-name NAME] [--seed N]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...BENCH_DATABASE_OPTIONS,
      testers: { type: 'string' },
      'beta-name': { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const testers = Number(values.testers);
  if (!Number.isInteger(testers) || testers < 1) throw new Error(`--testers must be a whole number ≥ 1\n${USAGE}`);
  const databaseUrl = values['database-url'];
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) throw new Error(`--database-url must be sqlite:PATH or postgres://…\n${USAGE}`);

  const tty = process.stderr.isTTY;
  const started = performance.now();
  const result = await seedBench({
    databaseUrl,
    testers,
    betaName: values['beta-name'],
    seed: Number(values.seed),
    progress: tty
      ? (done, total) => {
          const rate = done / ((performance.now() - started) / 1000);
          process.stderr.write(`\rseeding: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} testers (${Math.round(rate).toLocaleString('en')}/s)   `);
        }
      : undefined,
  });
  if (tty) process.stderr.write('\n');

  const statuses = Object.entries(result.byStatus)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  process.stdout.write(
    [
      `Seeded ${result.testers.toLocaleString('en')} testers in ${result.seconds.toFixed(1)} s (${result.dialect}; rows in ${result.insertSeconds.toFixed(1)} s, then counters and waitlist blocks checked against the rows${result.dialect === 'postgres' ? ', VACUUM ANALYZE' : ''}).`,
      `  statuses:  ${statuses}; credited referrals ${result.referrals}`,
      `  company:   ${result.companyId} (Bench)`,
      `  beta:      ${result.betaId}`,
      `  api key:   ${result.apiKey}`,
      '',
      `  npm run bench:reads -- --database-url '${databaseUrl}' --beta ${result.betaId} --key ${result.apiKey}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`\nbench:seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
