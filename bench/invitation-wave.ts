// npm run bench:wave -- --beta ID [--database-url URL] [--count 10000] [--rounds 3]
// A scheduled invitation wave on a seeded beta (npm run bench:seed), in process through the services
// the scheduler calls: a "top N every day" schedule made due now, the scheduler's round that starts
// its wave (the selection read from the standings' index, the bulk action listed), and the wave's job
// run to its end (every tester invited, their e-mails and webhooks queued in the outbox; sending
// them is the outbox's work, not the wave's). Each round invites the next N of the waitlist, as
// daily waves do. Prints each round's seconds and invitations a second, and the median. Writes to
// the bench database: use a copy.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/process/config.ts';
import { createServices } from '../src/services.ts';
import { storedTime } from '../src/primitives/time.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:wave -- --beta ID [--database-url sqlite:PATH|postgres://…] [--count 10000] [--rounds 3]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' }, count: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } },
  });
  if (values.help) return console.log(USAGE);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  const count = positiveInteger(values.count, 'count', USAGE);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const database = await openBenchDatabase(values['database-url']);
  const services = await createServices(database, loadConfig({ DATABASE_URL: values['database-url'], LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' }));
  const { db } = database;
  const beta = await db.selectFrom('betas').select('company_id').where('id', '=', betaId).executeTakeFirstOrThrow();
  const testers = Number((await db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).executeTakeFirstOrThrow()).n);
  // As a server does at start: the waitlists' order-statistics index the selection reads.
  await services.standings.warm();
  const schedule = await services.invitationSchedules.create(beta.company_id, String(betaId), { kind: 'top', count, every: 'day', at: '10:00', time_zone: 'Europe/Paris' });
  const seconds: number[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      await db.updateTable('invitation_schedules').set({ next_run_at: storedTime(new Date()) }).where('id', '=', schedule.id).execute();
      const started = performance.now();
      const begun = await services.invitationSchedules.runDue();
      if (begun !== 1) throw new Error(`the scheduler started ${begun} waves, not 1`);
      const wave = await db.selectFrom('invitation_waves').selectAll().where('schedule_id', '=', schedule.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      if (wave.bulk_action_id === null) throw new Error('the wave listed nobody: the waitlist is empty');
      if ((await services.bulkActions.run(wave.bulk_action_id)) !== 'done') throw new Error('the wave stopped before its end');
      const elapsed = (performance.now() - started) / 1000;
      const action = await db.selectFrom('bulk_actions').selectAll().where('id', '=', wave.bulk_action_id).executeTakeFirstOrThrow();
      if (action.state !== 'completed' || action.changed !== count) {
        throw new Error(`wave ${round}: ${action.state}, ${action.changed} of ${count} invited`);
      }
      seconds.push(elapsed);
      console.log(`round ${round}: positions ${wave.first_position}–${wave.last_position}, ${count.toLocaleString('en')} invited in ${elapsed.toFixed(1)} s (${Math.round(count / elapsed).toLocaleString('en')}/s)`);
    }
    const typical = median(seconds);
    console.log(
      `bench:wave, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${database.dialect}, ${testers.toLocaleString('en')} testers, waves of ${count.toLocaleString('en')}: median ${typical.toFixed(1)} s (${Math.round(count / typical).toLocaleString('en')} invitations/s); target ≤ 120 s`,
    );
  } finally {
    await db.deleteFrom('invitation_schedules').where('id', '=', schedule.id).execute();
    await services.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
