// npm run bench:reads -- [--database-url URL] (--beta ID --key KEY | --testers N) [--rounds 3] [--samples 300] [--list-samples 50] [--json PATH] [--only TEXT]
// Latency of the tester reads (show, list pages, list filters) over real HTTP, one request at a
// time, against the app started in this process on a free port. Without --beta it seeds a beta
// first (bench/seeding.ts). Prints per operation p50/p90/p99/max in ms: the median over the rounds.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/process/config.ts';
import { RateLimits } from '../src/http/rate-limits.ts';
import { isReachable } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';
import { countersOf } from '../src/modules/betas/beta-counters.ts';
import { openBenchDatabase, seedBench, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { UsageError, median, percentile, positiveInteger } from './figures.ts';

const USAGE =
  'usage: npm run bench:reads -- [--database-url sqlite:PATH|postgres://…] (--beta ID --key KEY | --testers N) [--rounds 3] [--samples 300] [--list-samples 50] [--json PATH]';

interface Operation {
  name: string;
  samples: number;
  /** The request path of the n-th sample (query included). */
  path: (n: number) => string;
}

interface Stats {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function statsOf(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      testers: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '3' },
      samples: { type: 'string', default: '300' },
      'list-samples': { type: 'string', default: '50' },
      warmup: { type: 'string', default: '10' },
      json: { type: 'string' },
      only: { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const databaseUrl = values['database-url'];
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const showSamples = positiveInteger(values.samples, 'samples', USAGE);
  const listSamples = positiveInteger(values['list-samples'], 'list-samples', USAGE);
  const warmup = positiveInteger(values.warmup, 'warmup', USAGE);

  let betaId: number;
  let key: string;
  if (values.beta) {
    if (!values.key) throw new UsageError(`--beta needs --key (an API key of the beta's company)\n${USAGE}`);
    betaId = positiveInteger(values.beta, 'beta', USAGE);
    key = values.key;
  } else {
    const testers = positiveInteger(values.testers, 'testers', USAGE);
    process.stderr.write(`No --beta: seeding ${testers.toLocaleString('en')} testers first…\n`);
    const seeded = await seedBench({ databaseUrl, testers });
    process.stderr.write(`Seeded beta ${seeded.betaId} in ${seeded.seconds.toFixed(1)} s (API key ${seeded.apiKey}).\n`);
    betaId = seeded.betaId;
    key = seeded.apiKey;
  }

  // The app as main.ts builds it, without workers (nothing to deliver) and without logging.
  const database = await openBenchDatabase(databaseUrl);
  // The limits the samples would reach are raised: the limiter still runs, and its cost is measured.
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    GEOIP_DATABASE_PATH: 'off',
    WORKERS_ENABLED: 'false',
    RATE_LIMIT_DEFAULT: '1000000/1m',
    RATE_LIMIT_LIST_TESTERS: '1000000/1m',
    RATE_LIMIT_LIST_TESTERS_COMPANY: '1000000/1m',
    RATE_LIMIT_PUBLIC_PAGES: '1000000/1m',
  });
  const services = await createServices(database, config);
  const rateLimits = new RateLimits(config.rateLimits, null, config.redisKeyPrefix);
  const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port');
  const origin = `http://127.0.0.1:${address.port}`;

  try {
    const { db, dialect } = database;
    const beta = await db.selectFrom('betas').selectAll().where('id', '=', betaId).executeTakeFirst();
    if (!beta) throw new Error(`Beta ${betaId} is not in ${databaseUrl}`);
    const counters = (await countersOf(db, [betaId])).get(betaId)!;
    // Sample material: every tester of the beta (id, uuid, e-mail, name, code, custom_var1).
    const testers = await db
      .selectFrom('testers')
      .select(['id', 'uuid', 'email_normalized', 'last_name', 'referral_code', 'custom_var1'])
      .where('beta_id', '=', betaId)
      .where('hidden', '=', 0)
      .execute();
    if (testers.length === 0) throw new Error(`Beta ${betaId} has no testers: seed it with npm run bench:seed`);
    const withName = testers.filter((t) => t.last_name);
    const withVar = testers.filter((t) => t.custom_var1);
    // Testers who referred others, most first: the referral tree's heavy nodes.
    const referrers = await db
      .selectFrom('testers')
      .select(['referrer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('beta_id', '=', betaId)
      .where('referrer_id', 'is not', null)
      .groupBy('referrer_id')
      .orderBy('n', 'desc')
      .limit(100)
      .execute();
    const any = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
    const base = `/api/v2/betas/${betaId}/testers`;
    const deepPage = (perPage: number) => Math.max(1, Math.floor(Math.ceil(testers.length / perPage) * 0.9));

    const operations: Operation[] = [
      { name: 'show tester (random)', samples: showSamples, path: () => `${base}/${any(testers).id}` },
      { name: 'list page 1, per_page 25', samples: listSamples, path: () => `${base}?page=1&per_page=25` },
      { name: 'list page 1, per_page 100', samples: listSamples, path: () => `${base}?page=1&per_page=100` },
      { name: `list page ${deepPage(25)}, per_page 25`, samples: listSamples, path: () => `${base}?page=${deepPage(25)}&per_page=25` },
      { name: `list page ${deepPage(100)}, per_page 100`, samples: listSamples, path: () => `${base}?page=${deepPage(100)}&per_page=100` },
      {
        // A piece of someone's address, as an operator types it: 6 characters of a random local part.
        name: 'list email_contains=<6 chars>',
        samples: listSamples,
        path: () => {
          const local = any(testers).email_normalized.split('@')[0];
          const from = Math.floor(Math.random() * Math.max(1, local.length - 5));
          return `${base}?email_contains=${encodeURIComponent(local.slice(from, from + 6))}`;
        },
      },
      { name: 'list name=<last name>', samples: listSamples, path: () => `${base}?name=${encodeURIComponent(any(withName.length ? withName : testers).last_name ?? 'smith')}` },
      { name: 'list referral_code=<code>', samples: listSamples, path: () => `${base}?referral_code=${any(testers).referral_code}` },
      { name: 'list custom_vars=<source>', samples: listSamples, path: () => `${base}?custom_vars=${encodeURIComponent(any(withVar.length ? withVar : testers).custom_var1 ?? 'x')}` },
      // The console's tester table: its filters and sorts (docs/decisions.md, "Owner console").
      ...[
        'status=applied',
        'status=rejected',
        'group=vip',
        'fraud=flagged',
        'referred=true',
        'referred=false',
        'sort=position',
        `sort=position&page=${deepPage(25)}`,
        'sort=position&direction=desc',
        'sort=points',
        `sort=points&page=${deepPage(25)}`,
        'sort=referrals',
        'sort=joined&direction=desc',
        'status=applied&sort=position&page=1000',
        'status=invited&sort=points',
        'group=vip&sort=position',
        'group=vip&sort=points&page=100',
        'referred=true&sort=position&page=100',
        'referred=false&sort=referrals',
      ].map((query) => ({ name: `list ${query}`, samples: listSamples, path: () => `${base}?${query}` })),
      { name: 'list referrer_id=<referrer>', samples: listSamples, path: () => `${base}?referrer_id=${any(referrers).referrer_id}` },
      // What a tester's console page reads, for the beta's biggest referrer.
      ...(
        [
          ['show', ''],
          ['answers', '/responses'],
          ['webhook events', '/webhook_events'],
        ] as const
      ).map(([what, suffix]) => ({ name: `tester page: ${what}`, samples: listSamples, path: () => `${base}/${referrers[0].referrer_id}${suffix}` })),
      { name: 'tester page: referrals', samples: listSamples, path: () => `${base}?referrer_id=${referrers[0].referrer_id}&per_page=25` },
      ...['points', 'rewards', 'emails'].map((list) => ({
        name: `tester page: ${list}`,
        samples: listSamples,
        path: () => `/api/v2/betas/${betaId}/${list}?email=${encodeURIComponent(testers.find((t) => t.id === referrers[0].referrer_id)?.email_normalized ?? '')}&per_page=${list === 'emails' ? 25 : 100}`,
      })),
      // A tester's progress and status page, and the leaderboard (docs/decisions.md, "Leaderboard and progress").
      { name: 'progress.json (random)', samples: showSamples, path: () => `${base}/${any(testers).id}/progress` },
      {
        name: 'status page (random)',
        samples: showSamples,
        path: () => {
          const tester = any(testers);
          return `/r/${tester.referral_code}?check=${tester.uuid}`;
        },
      },
      { name: 'leaderboard.json (owner)', samples: listSamples, path: () => `/api/v2/betas/${betaId}/leaderboard` },
      // Answers 404 unless the beta's leaderboard_enabled is on: the run says so rather than turn it on.
      ...(JSON.parse(beta.settings).leaderboard_enabled
        ? [{ name: 'public leaderboard', samples: showSamples, path: () => `/public/betas/${betaId}/leaderboard` }]
        : []),
    ].filter((operation) => !values.only || operation.name.includes(values.only));
    if (!JSON.parse(beta.settings).leaderboard_enabled) process.stderr.write(`Beta ${betaId}'s leaderboard is off: the public leaderboard is not measured (PATCH settings.leaderboard_enabled to measure it).\n`);

    const headers = { authorization: `Bearer ${key}` };
    const timed = async (path: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(origin + path, { headers });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
      return elapsed;
    };

    const loadBefore = loadavg()[0];
    // Warm-up: connections, JIT, the database's cache.
    for (const operation of operations) for (let n = 0; n < warmup; n++) await timed(operation.path(n));

    const results: Stats[][] = operations.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [index, operation] of operations.entries()) {
        const times: number[] = [];
        for (let n = 0; n < operation.samples; n++) times.push(await timed(operation.path(n)));
        results[index].push(statsOf(times));
      }
      if (process.stderr.isTTY) process.stderr.write(`\rround ${round}/${rounds} done   `);
    }
    if (process.stderr.isTTY) process.stderr.write('\n');

    const version =
      dialect === 'sqlite'
        ? `SQLite ${(await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0].v}`
        : ((await sql<{ v: string }>`select version() as v`.execute(db)).rows[0].v.split(' on ')[0]);
    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${process.platform}`;
    const summary = operations.map((operation, index) => {
      const perRound = results[index];
      return {
        operation: operation.name,
        samples: perRound[0].samples,
        p50: median(perRound.map((s) => s.p50)),
        p90: median(perRound.map((s) => s.p90)),
        p99: median(perRound.map((s) => s.p99)),
        max: median(perRound.map((s) => s.max)),
      };
    });

    const lines = [
      `bench:reads  ${new Date().toISOString().slice(0, 16)}Z`,
      `machine:  ${machine}`,
      `database: ${dialect} (${version}); beta ${betaId}: ${counters.testers_count.toLocaleString('en')} testers, ${counters.applied_testers_count.toLocaleString('en')} on the waitlist (order ${JSON.parse(beta.settings).waitlist_order})`,
      `load:     1-minute load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (${cpus().length} CPUs: above that, other processes competed)`,
      `method:   sequential HTTP GETs (fetch, keep-alive) to the app in this process; ${warmup} warm-up requests per operation; ${rounds} round${rounds === 1 ? '' : 's'}; figures are the median of the rounds' percentiles, in ms`,
      '',
      table(summary),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    if (values.json) {
      writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), machine, load: [loadBefore, loadavg()[0]], dialect, version, betaId, testers: counters.testers_count, rounds, summary, perRound: results }, null, 2));
    }
  } finally {
    await app.close();
    await database.close();
  }
}

function table(rows: ({ operation: string } & Stats)[]): string {
  const header = ['operation', 'samples', 'p50', 'p90', 'p99', 'max'];
  const cells = rows.map((r) => [r.operation, String(r.samples), ...[r.p50, r.p90, r.p99, r.max].map((v) => v.toFixed(1))]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.map(line)].join('\n');
}

main().catch((error: unknown) => {
  const text = error instanceof UsageError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`\nbench:reads failed: ${text}\n`);
  process.exit(1);
});
