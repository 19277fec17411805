// npm run bench:indexes -- [--database-url URL] [--testers 100000] [--signups 500] [--rounds 3] [--only NAME,…]
// What each index on `testers` costs a signup: a beta of N testers is seeded, then for every index
// in turn, rounds of M signups (through the service, with a referral, as the API makes them) run
// with the index and without it, alternating so the machine's drift falls on both sides alike.
// Prints the median time per signup with and without each index and the difference: what keeping
// the index costs, and the sum of those costs. Which query needs each index is listed beside it
// (docs/decisions.md, "Indexes on testers": the sorts by points and referrals need none).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../src/process/config.ts';
import { createServices } from '../src/services.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase, seedBench } from './seeding.ts';
import { median, positiveInteger, UsageError } from './figures.ts';

const USAGE = 'usage: npm run bench:indexes -- [--database-url sqlite:PATH|postgres://…] [--testers 100000] [--signups 500] [--rounds 3] [--only NAME,…]';

/** What reads each index (the primary key aside); an index no query needs would be listed as such. */
const NEEDED_BY: Record<string, string> = {
  testers_beta_id_email_normalized_unique: 'one address per beta (2310), find by e-mail (points, rewards, checkin, email_is)',
  testers_uuid_unique: 'find a tester by uuid (show, update, share status link)',
  testers_referral_code_unique: 'referral codes unique across the service; find a referrer by code',
  testers_beta_id_hidden_id: 'list pages in id order; the unfiltered list',
  testers_referrer_id: 'a referrer deleted: its referred testers (foreign key); referral counts',
  testers_beta_id_ip_created_at: 'signups from one IP in a day (max_signups_per_ip_per_day, fraud flag)',
  testers_beta_id_custom_var1: 'list filter custom_vars',
  testers_beta_id_custom_var2: 'list filter custom_vars',
  testers_beta_id_custom_var3: 'list filter custom_vars',
  testers_waitlist_signup_time: "building a beta's standings index (its waitlist in applied_at order)",
  testers_idle_sweep: 'the idle sweep (active testers past idle_days)',
  testers_unconfirmed_email: 'resend a confirmation link by address (unconfirmed testers only)',
  testers_beta_id_email_alias_key: 'fraud flag: the same mailbox under another alias',
  testers_email_normalized_trgm: 'list filter email_contains (PostgreSQL)',
  testers_name_search_trgm: 'list filter name (PostgreSQL)',
  testers_stats_signups: "a chat endpoint's daily digest: the day's signups and top referrers (webhook-digests.ts)",
  testers_fraud_queue: 'the fraud review queue (partial: flagged testers without a decision)',
  testers_fraud_clusters: "the fraud queue's network and device clusters by signup IP (partial: flagged testers without a decision)",
  testers_fraud_referrers: "the fraud queue's referrer clusters (partial: flagged testers without a decision)",
  testers_fraud_flagged: 'list filter fraud=flagged (partial: flagged testers only)',
  testers_grouped: 'list filter group (partial: testers with a group only)',
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...BENCH_DATABASE_OPTIONS,
      testers: { type: 'string', default: '100000' },
      signups: { type: 'string', default: '500' },
      rounds: { type: 'string', default: '3' },
      /** Only the indexes whose name holds one of these comma-separated parts. */
      only: { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const testers = positiveInteger(values.testers, 'testers', USAGE);
  const signups = positiveInteger(values.signups, 'signups', USAGE);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const databaseUrl = values['database-url'];

  const seeded = await seedBench({ databaseUrl, testers, betaName: `Indexes ${testers}` });
  const database = await openBenchDatabase(databaseUrl, { poolSize: 2 });
  const { db, dialect } = database;
  const services = await createServices(database, loadConfig({ DATABASE_URL: databaseUrl, GEOIP_DATABASE_PATH: 'off', LOG_LEVEL: 'silent' }));
  try {
    const referrers = (await db.selectFrom('testers').select('referral_code').where('beta_id', '=', seeded.betaId).limit(1000).execute()).map((row) => row.referral_code);
    let n = 0;
    /** Milliseconds per signup over `signups` of them, one after another. */
    const measure = async (): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < signups; i++) {
        n++;
        await services.testers.create(seeded.companyId, String(seeded.betaId), {
          email: `index-bench-${Date.now()}-${n}@example.com`,
          referrer_id: referrers[n % referrers.length],
          profile: { ip: `10.${n % 250}.${(n >> 8) % 250}.1` },
        });
      }
      return (performance.now() - started) / signups;
    };

    const definitions =
      dialect === 'sqlite'
        ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'testers' and sql is not null order by name`.execute(db)).rows
        : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'testers' and indexname <> 'testers_pkey' order by indexname`.execute(db)).rows;

    const only = values.only?.split(',').filter(Boolean);
    if (only) definitions.splice(0, definitions.length, ...definitions.filter((index) => only.some((part) => index.name.includes(part))));
    await measure(); // warm-up: statements prepared, caches filled
    const lines: string[] = [];
    let total = 0;
    for (const index of definitions) {
      const [withIt, without]: number[][] = [[], []];
      for (let round = 0; round < rounds; round++) {
        withIt.push(await measure());
        await sql.raw(`drop index ${index.name}`).execute(db);
        try {
          without.push(await measure());
        } finally {
          await sql.raw(index.sql).execute(db);
        }
      }
      const [a, b] = [median(withIt), median(without)];
      total += a - b;
      lines.push(`| ${index.name} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(a - b).toFixed(3)} | ${NEEDED_BY[index.name] ?? 'no query known to need it'} |`);
      process.stderr.write(`${index.name}: ${a.toFixed(3)} ms with, ${b.toFixed(3)} ms without\n`);
    }
    process.stdout.write(
      [
        `bench:indexes  ${dialect}, beta of ${testers.toLocaleString('en')} testers, ${signups} signups a measurement (referred, with an ip), median of ${rounds} rounds`,
        '',
        '| index | ms per signup, with | without | cost | needed by |',
        '|---|---|---|---|---|',
        ...lines,
        `| every index above | | | ${total.toFixed(3)} | |`,
        '',
      ].join('\n'),
    );
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : `bench:indexes failed: ${error instanceof Error ? error.stack : String(error)}`}\n`);
  process.exit(1);
});
