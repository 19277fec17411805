// npm run bench:fraud-clusters -- --beta ID [--database-url URL] [--flagged 30000] [--rounds 5]
// The fraud queue's clusters on a seeded beta (npm run bench:seed), in process through the service
// the route calls. The seed flags nobody, so this first flags `--flagged` of the beta's testers
// (every k-th by id, undecided), a third of them moved onto 200 busy /24s with one of three user
// agents, so that networks, devices and referrers cluster; then it times the first page (25
// clusters, their first members) by network, by device and by referrer. It rewrites testers'
// fraud columns and signup IPs: run it on a copy.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../src/process/config.ts';
import { ClusterKinds } from '../src/modules/fraud/fraud-clusters.ts';
import { createServices } from '../src/services.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:fraud-clusters -- --beta ID [--database-url sqlite:PATH|postgres://…] [--flagged 30000] [--rounds 5]';
const FLAGS = JSON.stringify([{ name: 'many_signups_from_ip', reason: 'flagged by bench:fraud-clusters' }]);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' }, flagged: { type: 'string', default: '30000' }, rounds: { type: 'string', default: '5' } } });
  if (values.help) return console.log(USAGE);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  const flagged = positiveInteger(values.flagged, 'flagged', USAGE);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const database = await openBenchDatabase(values['database-url']);
  const services = await createServices(database, loadConfig({ DATABASE_URL: values['database-url'], LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' }));
  const { db } = database;
  try {
    const { company_id: companyId } = await db.selectFrom('betas').select('company_id').where('id', '=', betaId).executeTakeFirstOrThrow();
    const { n } = await db.selectFrom('testers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('beta_id', '=', betaId).executeTakeFirstOrThrow();
    const testers = Number(n);
    const every = Math.max(1, Math.floor(testers / flagged));
    const started = performance.now();
    await db.updateTable('testers').set({ fraud_flags: null, fraud_decision: null }).where('beta_id', '=', betaId).where('fraud_flags', 'is not', null).execute();
    await db.updateTable('testers').set({ fraud_flags: FLAGS }).where('beta_id', '=', betaId).where(sql`id % ${sql.lit(every)}`, '=', 0).execute();
    await db
      .updateTable('testers')
      .set({
        signup_ip: sql`'198.18.' || cast(id % 200 as text) || '.' || cast(id % 250 + 1 as text)`,
        signup_user_agent: sql`case id % 3 when 0 then 'Bench/1 (bot farm A)' when 1 then 'Bench/1 (bot farm B)' else 'Bench/1 (bot farm C)' end`,
      })
      .where('beta_id', '=', betaId)
      .where(sql`id % ${sql.lit(every * 3)}`, '=', 0)
      .execute();
    const queued = await db.selectFrom('testers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('beta_id', '=', betaId).where('fraud_flags', 'is not', null).executeTakeFirstOrThrow();
    if (database.dialect === 'postgres') await sql`analyze testers`.execute(db);
    else await sql`pragma optimize`.execute(db);
    console.log(`${testers.toLocaleString('en')} testers, ${Number(queued.n).toLocaleString('en')} flagged (every ${every}th) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const figures: string[] = [];
    for (const by of ClusterKinds) {
      const ms: number[] = [];
      let total = 0;
      let largest = 0;
      for (let round = 0; round < rounds; round++) {
        const at = performance.now();
        const page = await services.fraudReview.clusters(companyId, String(betaId), by, { page: 1, perPage: 25, offset: 0 });
        ms.push(performance.now() - at);
        total = page.total;
        largest = page.items[0]?.size ?? 0;
      }
      console.log(`by ${by}: ${total.toLocaleString('en')} clusters, the largest ${largest.toLocaleString('en')}; rounds ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
      figures.push(`${by} ${median(ms).toFixed(0)} ms`);
    }
    console.log(`bench:fraud-clusters, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${database.dialect}: first page, median of ${rounds}: ${figures.join(', ')}`);
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
