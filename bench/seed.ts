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

  const started = performance.now();
  const result = await seedBench({
    databaseUrl,
    testers,
    betaName: values['beta-name'],
    seed: Number(values.seed),
    progress: progressLine(started),
    step: (what) => {
      const text = `seeding: ${what} (at ${((performance.now() - started) / 1000).toFixed(0)} s)`;
      process.stderr.write(process.stderr.isTTY ? `\n${text}` : `${text}\n`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');

  const statuses = Object.entries(result.byStatus)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  const { phases } = result;
  process.stdout.write(
    [
      `Seeded ${result.testers.toLocaleString('en')} testers in ${s(result.seconds)} (${result.dialect}; rows in ${s(result.insertSeconds)}; then the seed's ${result.feedRows.toLocaleString('en')} standing feed rows deleted, ${result.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'PRAGMA optimize'}, counters, moves and rewards checked against the rows).`,
      `  time:      setup ${s(phases.setup)}, plan ${s(phases.plan)}, building rows ${s(phases.rows)}, writing rows ${s(phases.writes)}, indexes ${s(phases.indexes)}, feed rows ${s(phases.feed)}, statistics ${s(phases.analyze)}, check ${s(phases.check)}, close ${s(phases.close)}`,
      `  statuses:  ${statuses}; credited referrals ${result.referrals}`,
      `  history:   ${result.moves.toLocaleString('en')} moves, ${result.rewards.toLocaleString('en')} milestone rewards earned`,
      `  company:   ${result.companyId} (Bench)`,
      `  beta:      ${result.betaId}`,
      `  api key:   ${result.apiKey}`,
      '',
      `  npm run bench:api -- --database-url '${databaseUrl}' --beta ${result.betaId} --key ${result.apiKey}`,
      `  npm run bench:reads -- --database-url '${databaseUrl}' --beta ${result.betaId} --key ${result.apiKey}`,
      '',
    ].join('\n'),
  );
}

/**
 * Progress on stderr: on a terminal one line rewritten in place; otherwise (a log, a pipe) a line
 * every 5 seconds and at every tenth of the way, so a redirected run still shows it is moving.
 */
function progressLine(started: number): (done: number, total: number) => void {
  const tty = process.stderr.isTTY;
  let lastAt = started;
  let lastTenth = 0;
  return (done, total) => {
    const now = performance.now();
    const tenth = Math.floor((done / total) * 10);
    if (tty ? now - lastAt < 200 && done < total : now - lastAt < 5000 && tenth === lastTenth) return;
    lastAt = now;
    lastTenth = tenth;
    const rate = done / ((now - started) / 1000);
    const text = `seeding: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} testers (${Math.round(rate).toLocaleString('en')}/s)`;
    process.stderr.write(tty ? `\r${text}   ` : `${text}\n`);
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`\nbench:seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
