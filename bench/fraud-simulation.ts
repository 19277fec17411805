// npm run bench:fraud-simulation -- --beta ID [--database-url URL] [--rounds 3]
// A fraud simulation over a whole seeded beta (npm run bench:seed), in process through the service
// the routes call: created with settings that refuse and block (a limit per IP, disposable
// domains, block mode), then its job run to the end. Prints each round's seconds and testers
// checked a second, the median, and the peak resident memory. Changes no tester; each round adds
// its simulation's row.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/process/config.ts';
import { Permissions } from '../src/modules/accounts/permissions.ts';
import { createServices } from '../src/services.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:fraud-simulation -- --beta ID [--database-url sqlite:PATH|postgres://…] [--rounds 3]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
  if (values.help) return console.log(USAGE);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const database = await openBenchDatabase(values['database-url']);
  const services = await createServices(database, loadConfig({ DATABASE_URL: values['database-url'], LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' }));
  const { company_id: companyId } = await database.db.selectFrom('betas').select('company_id').where('id', '=', betaId).executeTakeFirstOrThrow();
  const principal = { companyId, keyId: null, session: null, permissions: new Set(Permissions) };
  const seconds: number[] = [];
  let checked = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const started = performance.now();
      const simulation = await services.fraudSimulations.create(principal, String(betaId), {
        settings: { max_signups_per_ip_per_day: 3, block_disposable_email_domains: true, fraud_mode: 'block' },
      });
      if ((await services.fraudSimulations.run(simulation.id)) !== 'done') throw new Error('the simulation stopped before its end');
      const elapsed = (performance.now() - started) / 1000;
      const done = await services.fraudSimulations.show(companyId, String(betaId), String(simulation.id));
      if (done.status !== 'completed') throw new Error(`round ${round}: the simulation ${done.status}: ${done.failure}`);
      checked = done.testers_checked;
      seconds.push(elapsed);
      const { positions_changed: moved, rules } = JSON.parse(done.result!) as { positions_changed: number; rules: { refused: number }[] };
      const refused = rules.reduce((sum, rule) => sum + rule.refused, 0);
      console.log(`round ${round}: ${checked.toLocaleString('en')} testers checked in ${elapsed.toFixed(1)} s; ${refused.toLocaleString('en')} refused, ${moved.toLocaleString('en')} positions changed`);
    }
    const typical = median(seconds);
    console.log(
      `bench:fraud-simulation, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${database.dialect}: median ${typical.toFixed(1)} s ` +
        `(${Math.round(checked / typical).toLocaleString('en')} testers/s), peak resident ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; target < 60 s`,
    );
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
