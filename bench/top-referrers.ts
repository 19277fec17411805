// npm run bench:top-referrers -- --beta ID [--database-url URL] [--rounds 3]
// What a dashboard's top referrers cost before a process has built the referrals sort set: the
// SQL top-N that answers them meanwhile (Standings.topByScan, TOP and the most read when leaving
// out suspects) against the build itself (Standings.topBy on a fresh process), each in a fresh
// Standings, in turn, `--rounds` times, in one process: only their ratio means anything on a loaded machine.
import { parseArgs } from 'node:util';
import { Standings } from '../src/modules/waitlist/standings.ts';
import { median, positiveInteger } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:top-referrers -- --beta ID [--database-url sqlite:PATH|postgres://…] [--rounds 3]';
const { values } = parseArgs({ options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
const betaId = positiveInteger(values.beta, 'beta', USAGE);
const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
const database = await openBenchDatabase(values['database-url']);

/** Wall time and this process's CPU time of `work`, in ms. */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const [started, cpu] = [performance.now(), process.cpuUsage()];
  await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const runs: Record<string, { ms: number; cpuMs: number }[]> = { 'scan, top 10': [], 'scan, top 2,560': [], build: [] };
for (let round = 0; round < rounds; round++) {
  for (const name of Object.keys(runs)) {
    const standings = new Standings(database.db, database.dialect);
    if (name === 'build') runs[name].push(await timed(() => standings.topBy(betaId, 'share_signups_count', 10)));
    else {
      // The scan starts the build; closing at once stops it before its first chunk: the scan is what is timed.
      runs[name].push(
        await timed(async () => {
          const answer = standings.topByScan(betaId, 'share_signups_count', name.endsWith(' 10') ? 10 : 2560);
          await standings.close();
          await answer;
        }),
      );
    }
    await standings.close();
  }
}
for (const [name, figures] of Object.entries(runs)) {
  console.log(`${name.padEnd(16)} median ${Math.round(median(figures.map((f) => f.ms)))} ms wall, ${Math.round(median(figures.map((f) => f.cpuMs)))} ms CPU of this process (${figures.map((f) => Math.round(f.ms)).join(', ')} ms)`);
}
await database.close();
