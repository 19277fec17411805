// npm run bench:wakeups -- --database-url postgres://… [--rounds 3] [--seconds 5] [--clients 20]
// What PostgreSQL's wake-ups (src/db/engine/wakeups.ts) cost a signup and what they buy. Two processes'
// services in this one (A serves the API, with its workers; B holds the beta's standings, as a
// second server would) on one database. Rounds alternate between announcing commits (NOTIFY after
// commit) and not (B then learns of A's signups on its heartbeat alone). Per variant, medians over
// the rounds: signups a second through app.inject, CPU time of this process per signup, the
// notifications B received per signup (coalesced: one in flight per channel), and how long after
// a round's last answer B's standings held its tester.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/process/config.ts';
import { RateLimits } from '../src/http/rate-limits.ts';
import { isReachable } from '../src/db/migrate.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { createServices } from '../src/services.ts';
import { systemClock } from '../src/primitives/time.ts';
import { Wakeups, wakeupsOf } from '../src/db/engine/wakeups.ts';
import { openBenchDatabase } from './seeding.ts';
import { median, positiveInteger } from './figures.ts';

const USAGE = 'usage: npm run bench:wakeups -- --database-url postgres://… [--rounds 3] [--seconds 5] [--clients 20]';

interface Round {
  rps: number;
  cpuMs: number;
  notificationsPerSignup: number;
  lagMs: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '5' },
      clients: { type: 'string', default: '20' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const databaseUrl = values['database-url'];
  if (!databaseUrl?.startsWith('postgres')) throw new Error(`wake-ups are PostgreSQL's: ${USAGE}`);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const clients = positiveInteger(values.clients, 'clients', USAGE);

  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', GEOIP_DATABASE_PATH: 'off', RATE_LIMIT_DEFAULT: '1000000/1m' });
  const [databaseA, databaseB] = [await openBenchDatabase(databaseUrl, { poolSize: 10 }), await openBenchDatabase(databaseUrl, { poolSize: 10 })];
  const [servicesA, servicesB] = [await createServices(databaseA, config), await createServices(databaseB, config)];
  const app = await buildApp({ config, services: servicesA, isDatabaseReady: () => isReachable(databaseA), rateLimits: new RateLimits(config.rateLimits, null, config.redisKeyPrefix), redis: null });
  const workers = await startWorkers(databaseA, servicesA, systemClock, app.log);
  const company = await servicesA.accounts.createCompany({ name: `Wake-ups bench ${Date.now()}` });
  const { key } = await servicesA.accounts.createApiKey({ companyId: company.id });
  const betaId = (await servicesA.betas.create(company.id, { name: 'Wake-ups', homepage_url: 'https://example.com' })).id;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const wakeupsB = wakeupsOf(databaseB.db)!;

  const announce = Wakeups.prototype.announce;
  let sequence = 0;
  async function round(announcing: boolean): Promise<Round> {
    Wakeups.prototype.announce = announcing ? announce : () => {};
    const [cpuAtStart, receivedAtStart] = [cpuMs(), wakeupsB.received];
    const deadline = performance.now() + seconds * 1000;
    let [created, lastId] = [0, 0];
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          sequence += 1;
          const response = await app.inject({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, headers, payload: { tester: { email: `wakeups-${process.pid}-${sequence}@example.com` } } });
          if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
          created += 1;
          lastId = Math.max(lastId, (response.json() as { id: number }).id);
        }
      }),
    );
    const cpu = (cpuMs() - cpuAtStart) / created;
    const answeredAt = performance.now();
    // B held the beta's set since the first round: it learns of the last signup by a notification or its heartbeat.
    while (!servicesB.standings.indexedIds(betaId)?.ids.includes(lastId)) await sleep(2);
    const lagMs = performance.now() - answeredAt;
    return { rps: created / seconds, cpuMs: cpu, notificationsPerSignup: (wakeupsB.received - receivedAtStart) / created, lagMs };
  }

  // B holds the beta's standings from now on (it reads its feed), after one signup to hold.
  const first = await app.inject({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, headers, payload: { tester: { email: `wakeups-${process.pid}-first@example.com` } } });
  if (first.statusCode !== 201) throw new Error(`create answered ${first.statusCode}: ${first.body}`);
  await servicesB.standings.firstIds({ id: betaId, settings: { waitlist_order: 'referrals' } }, 1);
  await round(true); // warm-up, not counted
  const load = loadavg()[0];
  const results = { on: [] as Round[], off: [] as Round[] };
  for (let n = 0; n < rounds; n++) {
    for (const announcing of n % 2 === 0 ? [true, false] : [false, true]) {
      results[announcing ? 'on' : 'off'].push(await round(announcing));
      process.stderr.write('.');
    }
  }
  Wakeups.prototype.announce = announce;
  process.stderr.write('\n');
  const summary = (rs: Round[]) => ({
    rps: median(rs.map((r) => r.rps)),
    cpuMs: median(rs.map((r) => r.cpuMs)),
    notifications: median(rs.map((r) => r.notificationsPerSignup)),
    lagMs: median(rs.map((r) => r.lagMs)),
  });
  const [on, off] = [summary(results.on), summary(results.off)];
  console.log(`signups through app.inject, ${clients} clients, ${rounds} rounds of ${seconds} s each; PostgreSQL; ${cpus().length} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
  console.log('| variant | signups/s (median) | CPU ms per signup | notifications to B per signup | B holds the last signup after (ms) |');
  console.log('|---|--:|--:|--:|--:|');
  for (const [name, figures] of [['announced (NOTIFY after commit)', on], ['not announced (heartbeat only)', off]] as const) {
    console.log(`| ${name} | ${figures.rps.toFixed(1)} | ${figures.cpuMs.toFixed(2)} | ${figures.notifications.toFixed(3)} | ${figures.lagMs.toFixed(0)} |`);
  }
  console.log(`ratio (announced / not): throughput ${(on.rps / off.rps).toFixed(2)}, CPU per signup ${(on.cpuMs / off.cpuMs).toFixed(2)}`);

  await app.close();
  await workers.stop();
  await Promise.all([servicesA.close(), servicesB.close()]);
  await Promise.all([databaseA.close(), databaseB.close()]);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
