// Builds a realistic beta of N testers straight into the database (not through HTTP), fast enough
// for 100,000 in seconds and 1,000,000 in minutes: rows are planned in memory, then inserted in
// multi-row batches, several batches per transaction. The beta's counters move in the same
// transactions as the rows they count (with the project's own counter functions), so they are exact
// after every commit; a final check compares them with the rows and fails loudly if they differ. The
// standing feed's triggers (migration 014) record the waitlisted testers as for any other insert.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle, type DialectName, type Executor } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { NewTester } from '../src/db/types.ts';
import { AccountsService } from '../src/modules/accounts/accounts.service.ts';
import { addToBetaCounter, countersOf, moveTesterCount } from '../src/modules/betas/beta-counters.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { BetasService } from '../src/modules/betas/betas.service.ts';
import { emailAliasKey } from '../src/modules/fraud/email-alias.ts';
import { uniqueInvitationCode } from '../src/modules/invitation-codes/invitation-codes.service.ts';
import { candidateReferralCode } from '../src/modules/referrals/referral-codes.ts';
import { TesterStatuses, type TesterStatus } from '../src/modules/testers/tester-status.ts';
import { systemClock } from '../src/time.ts';

export const DEFAULT_BENCH_DATABASE_URL = 'sqlite:/tmp/prelaunch-bench/bench.sqlite';

/** The command-line options (node:util parseArgs) of every bench on the bench database. */
export const BENCH_DATABASE_OPTIONS = {
  'database-url': { type: 'string', default: DEFAULT_BENCH_DATABASE_URL },
  help: { type: 'boolean', short: 'h' },
} as const;

/** …and of the benches measuring a beta seeded before: its id and an API key, as bench:seed prints them. */
export const SEEDED_BETA_OPTIONS = {
  ...BENCH_DATABASE_OPTIONS,
  beta: { type: 'string' },
  key: { type: 'string' },
} as const;
export const BENCH_COMPANY = 'Bench';

/** Rows per INSERT: 30 columns × 1000 rows stays under SQLite's 32,766 bound parameters. */
const BATCH_ROWS = 1000;
/** Batches per transaction. */
const BATCHES_PER_TRANSACTION = 20;
const DAY_MS = 86_400_000;
const SPAN_DAYS = 30;

export interface SeedOptions {
  databaseUrl: string;
  testers: number;
  betaName?: string;
  /** Seed of the pseudo-random plan (statuses, referral trees, names); uuids and codes stay random. */
  seed?: number;
  /** Called after each committed transaction. */
  progress?: (done: number, total: number) => void;
}

export interface SeedResult {
  dialect: DialectName;
  companyId: number;
  betaId: number;
  apiKey: string;
  testers: number;
  byStatus: Record<string, number>;
  referrals: number;
  seconds: number;
  /** Of `seconds`, until the last row was committed (the rest: checking counters, VACUUM on PostgreSQL). */
  insertSeconds: number;
}

// ---- the plan ----------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mateo',
  'Isabella', 'Levi', 'Charlotte', 'Leo', 'Luna', 'Ezra', 'Harper', 'Asher', 'Chloé', 'Jonas', 'Léa', 'Yuki',
  'Priya', 'Arjun', 'Fatima', 'Omar', 'Sofía', 'Diego', 'Zoë', 'Hannah', 'Max', 'Nina', 'Kofi', 'Amara',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Müller', 'Schmidt', 'Dubois', 'Rossi', 'Nakamura', 'Kim', 'Nguyen', 'Patel', 'Okafor', 'Silva', 'Novak', 'Jensen',
];
const DOMAINS = [
  ['gmail.com', 40], ['yahoo.com', 8], ['outlook.com', 10], ['hotmail.com', 6], ['icloud.com', 8], ['proton.me', 4],
  ['gmx.de', 3], ['fastmail.com', 2], ['acme.io', 3], ['initech.com', 2], ['globex.net', 2], ['example.org', 2],
] as const;
/** custom_var1: where the signup came from, as sites commonly pass it. */
const SOURCES = [
  ['newsletter', 20], ['twitter', 15], ['producthunt', 12], ['hackernews', 10], ['linkedin', 8], ['friend', 10],
  ['google-ads', 8], ['reddit', 7], ['podcast', 5], ['partner-acme', 5],
] as const;
const COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'FR', 'CA', 'IN', 'BR', 'JP', 'NL', 'ES', 'AU', 'SE', 'NG'];
const PLANS = ['free', 'pro', 'team'];

/** Status shares (the brief's mix): applied 70 %, invited 10 %, active 10 %, imported 5 %, rejected 5 %. */
const STATUS_MIX: [TesterStatus, number][] = [['applied', 0.7], ['invited', 0.1], ['active', 0.1], ['imported', 0.05], ['rejected', 0.05]];
/** Share of all testers referred by an earlier one (imported testers never are). */
const REFERRED_SHARE = 0.3;
/** Share of referrals that go to an already successful referrer (preferential attachment: a long tail). */
const POPULAR_REFERRER_SHARE = 0.6;

/** mulberry32: small, fast, seedable. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [value, weight] of entries) {
    r -= weight;
    if (r < 0) return value;
  }
  return entries[entries.length - 1][0];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

const ascii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();

/**
 * Everything about each tester that depends on other testers (statuses, referral trees, counts,
 * times), in flat arrays so 1,000,000 testers plan in a few hundred MB at most.
 */
interface Plan {
  count: number;
  status: Uint8Array; // index into TesterStatuses
  referrer: Int32Array; // index of the referrer, or -1
  referrals: Int32Array; // credited referrals received
  createdAt: Float64Array; // ms since epoch, increasing with the index
  appliedAt: Float64Array; // 0 when never applied
}

function planTesters(count: number, random: () => number, now: number): Plan {
  const plan: Plan = {
    count,
    status: new Uint8Array(count),
    referrer: new Int32Array(count).fill(-1),
    referrals: new Int32Array(count),
    createdAt: new Float64Array(count),
    appliedAt: new Float64Array(count),
  };
  const start = now - SPAN_DAYS * DAY_MS;
  const referredChance = REFERRED_SHARE / (1 - STATUS_MIX.find(([s]) => s === 'imported')![1]);
  const edges: number[] = []; // referrer index of every referral so far: a pick from it is popularity-weighted
  for (let i = 0; i < count; i++) {
    const status = weighted(random, STATUS_MIX);
    plan.status[i] = TesterStatuses.indexOf(status);
    // Signups spread over the last 30 days in index order, at millisecond resolution.
    plan.createdAt[i] = Math.floor(start + ((i + random()) / count) * SPAN_DAYS * DAY_MS);
    // Referrers come from earlier batches only, so their ids are known when this row is inserted.
    const earlier = Math.floor(i / BATCH_ROWS) * BATCH_ROWS;
    if (status !== 'imported' && earlier > 0 && random() < referredChance) {
      const referrer = edges.length > 0 && random() < POPULAR_REFERRER_SHARE ? edges[Math.floor(random() * edges.length)] : Math.floor(random() * earlier);
      plan.referrer[i] = referrer;
      plan.referrals[referrer]++;
      edges.push(referrer);
    }
    // Referred testers reached applied (that is when a referral is credited); of the others, the
    // invited and active ones were often created in that status directly.
    const applied = status === 'applied' || status === 'rejected' || plan.referrer[i] >= 0 || ((status === 'invited' || status === 'active') && random() < 0.5);
    if (applied) plan.appliedAt[i] = plan.createdAt[i];
  }
  return plan;
}

// ---- rows --------------------------------------------------------------------------------------

interface RowContext {
  betaId: number;
  decoderKey: string;
  now: number;
  random: () => number;
  codes: Set<string>;
}

function uniqueCode(codes: Set<string>): string {
  for (;;) {
    const code = candidateReferralCode({ vanity: false });
    if (!codes.has(code)) {
      codes.add(code);
      return code;
    }
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A moment between `from` and now, leaning early. */
function later(random: () => number, from: number, now: number): number {
  return Math.floor(from + (now - from) * random() * random());
}

function testerRow(plan: Plan, i: number, referrerId: number | null, ctx: RowContext): NewTester {
  const { random, now } = ctx;
  const status = TesterStatuses[plan.status[i]];
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const named = random() < 0.9;
  // The number ends every local part, so addresses are unique within the beta by construction.
  const n = i + 1;
  const local = [
    () => `${ascii(first)}.${ascii(last)}${n}`,
    () => `${ascii(first)}${ascii(last)[0]}${n}`,
    () => `${ascii(first)[0]}${ascii(last)}${n}`,
    () => `${ascii(first)}_${n}`,
  ][Math.floor(random() * 4)]();
  const domain = weighted(random, DOMAINS);
  const normalized = `${local}@${domain}`;
  const email = random() < 0.05 ? normalized.replace(/^./, (c) => c.toUpperCase()) : normalized;
  const createdAt = plan.createdAt[i];
  const appliedAt = plan.appliedAt[i];
  const referrals = plan.referrals[i];
  const invitedAt = status === 'invited' || (status === 'active' && random() < 0.8) ? later(random, createdAt, now) : 0;
  const joinedAt = status === 'active' ? later(random, invitedAt || createdAt, now) : 0;
  const shares = random() < 0.3 ? 1 + Math.floor(-Math.log(1 - random()) * 2) : 0;
  const bonus = random() < 0.02 ? 10 * (1 + Math.floor(random() * 5)) : 0;
  // Default point settings: signup 1, referral 5, share 3.
  const points = (appliedAt ? 1 : 0) + 5 * referrals + 3 * shares + bonus;
  const source = random() < 0.6 ? weighted(random, SOURCES) : null;
  const updatedAt = Math.max(createdAt, invitedAt, joinedAt);
  const row: NewTester = {
    uuid: randomUUID(),
    beta_id: ctx.betaId,
    email,
    email_normalized: normalized,
    status,
    invitation_code: status === 'invited' || status === 'active' ? uniqueInvitationCode(ctx.decoderKey, email) : '',
    referral_code: uniqueCode(ctx.codes),
    referrer_id: referrerId,
    referral_credited_at: referrerId === null ? null : iso(appliedAt),
    share_clicks_count: referrals + shares * Math.floor(random() * 4),
    share_signups_count: referrals,
    points,
    friend_invitations_allowed: 5,
    groups: random() < 0.03 ? 'vip' : '',
    name_search: named ? `${first} ${last}`.toLowerCase() : '',
    first_name: named ? first : null,
    last_name: named ? last : null,
    country: random() < 0.7 ? pick(random, COUNTRIES) : null,
    locale: random() < 0.5 ? 'en' : null,
    ip: `${10 + Math.floor(random() * 200)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
    custom_var1: source,
    custom_var2: random() < 0.3 ? pick(random, PLANS) : null,
    utm_source: source && random() < 0.5 ? source : null,
    imported_at: status === 'imported' ? iso(createdAt) : null,
    applied_at: appliedAt ? iso(appliedAt) : null,
    invited_at: invitedAt ? iso(invitedAt) : null,
    joined_at: joinedAt ? iso(joinedAt) : null,
    created_at: iso(createdAt),
    updated_at: iso(updatedAt),
  };
  // Filled after the rest so the seeded random sequence (and the data set) stays as it was.
  return { ...row, email_alias_key: emailAliasKey(normalized), signup_ip: row.ip };
}

// ---- the run -----------------------------------------------------------------------------------

/** PostgreSQL: creates the database named in the URL when it does not exist yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Database name ${JSON.stringify(name)}: letters, digits and _ only`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Opens (creating a PostgreSQL database if needed) and migrates the bench database. */
/** The bench database, created when missing and migrated; a pool of 4 unless `poolSize` says otherwise. */
export async function openBenchDatabase(url: string, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  if (!url.startsWith('sqlite:')) await ensurePostgresDatabase(url);
  const database = openDatabase(url, { poolSize: options.poolSize ?? 4 });
  await migrateToLatest(database);
  return database;
}

export async function seedBench(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const database = await openBenchDatabase(options.databaseUrl);
  try {
    const { db, dialect } = database;
    // SQLite: a page cache big enough for the testers indexes (uuid and referral code inserts land
    // at random places in them); the default 2 MB makes a 1,000,000-tester seed mostly page I/O.
    if (dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(db);
    const accounts = new AccountsService(db, systemClock);
    const company = (await accounts.listCompanies()).find((c) => c.name === BENCH_COMPANY) ?? (await accounts.createCompany({ name: BENCH_COMPANY }));
    const key = await accounts.createApiKey({ companyId: company.id, name: 'bench' });
    const beta = await new BetasService(db, systemClock).create(company.id, {
      name: options.betaName ?? `Bench ${options.testers.toLocaleString('en')} testers`,
      homepage_url: 'https://bench.example.com/',
    });

    const now = Date.now();
    const random = prng(options.seed ?? 1);
    const plan = planTesters(options.testers, random, now);
    // Referral codes are unique across the service: start from the codes already taken.
    const codes = new Set((await db.selectFrom('testers').select('referral_code').execute()).map((r) => r.referral_code));
    const ctx: RowContext = { betaId: beta.id, decoderKey: beta.settings.decoder_key, now, random, codes };
    const ids = new Float64Array(plan.count);

    const perTransaction = BATCH_ROWS * BATCHES_PER_TRANSACTION;
    for (let from = 0; from < plan.count; from += perTransaction) {
      const to = Math.min(plan.count, from + perTransaction);
      await inTransaction(db, async (trx) => {
        const entered = new Map<TesterStatus, number>();
        let credited = 0;
        for (let batch = from; batch < to; batch += BATCH_ROWS) {
          const end = Math.min(to, batch + BATCH_ROWS);
          const rows: NewTester[] = [];
          for (let i = batch; i < end; i++) {
            const referrer = plan.referrer[i];
            rows.push(testerRow(plan, i, referrer >= 0 ? ids[referrer] : null, ctx));
            const status = TesterStatuses[plan.status[i]];
            entered.set(status, (entered.get(status) ?? 0) + 1);
            if (referrer >= 0) credited++;
          }
          // The order RETURNING gives rows back in is not promised: match them by referral code.
          const inserted = await trx.insertInto('testers').values(rows).returning(['id', 'referral_code']).execute();
          const idByCode = new Map(inserted.map((r) => [r.referral_code, r.id]));
          for (let i = batch; i < end; i++) ids[i] = idByCode.get(rows[i - batch].referral_code)!;
        }
        for (const [status, n] of entered) moveTesterCount(trx, beta.id, { from: null, to: status }, n);
        addToBetaCounter(trx, beta.id, 'share_signups_count', credited);
      });
      options.progress?.(to, plan.count);
    }

    const inserted = performance.now();
    const check = await checkCounters(db, beta.id);
    if (dialect === 'postgres') {
      // What autovacuum does shortly after a bulk load anyway (statistics, visibility map for
      // index-only scans); done here so measurements start from that steady state at once.
      await sql`vacuum (analyze) testers, tester_changes`.execute(db);
    }
    return {
      dialect,
      companyId: company.id,
      betaId: beta.id,
      apiKey: key.key,
      testers: plan.count,
      byStatus: check.byStatus,
      referrals: check.referrals,
      seconds: (performance.now() - started) / 1000,
      insertSeconds: (inserted - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

/** Compares the beta's counters with its rows; throws when any differs. */
export async function checkCounters(db: Executor, betaId: number): Promise<{ byStatus: Record<string, number>; referrals: number }> {
  const beta = (await countersOf(db, [betaId])).get(betaId)!;
  const groups = await db
    .selectFrom('testers')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('beta_id', '=', betaId)
    .where('hidden', '=', 0)
    .groupBy('status')
    .execute();
  const byStatus: Record<string, number> = Object.fromEntries(groups.map((g) => [g.status, Number(g.n)]));
  const { referrals } = await db
    .selectFrom('testers')
    .select((eb) => eb.fn.countAll<number>().as('referrals'))
    .where('beta_id', '=', betaId)
    .where('referral_credited_at', 'is not', null)
    .executeTakeFirstOrThrow();
  // Every tester's share_signups_count is the number of its credited referrals.
  const { wrong } = await db
    .selectFrom('testers as t')
    .select((eb) => eb.fn.countAll<number>().as('wrong'))
    .where('t.beta_id', '=', betaId)
    .where((eb) =>
      eb(
        't.share_signups_count',
        '<>',
        eb.selectFrom('testers as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.referrer_id', '=', 't.id').where('r.referral_credited_at', 'is not', null),
      ),
    )
    .executeTakeFirstOrThrow();
  const problems: string[] = [];
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  if (beta.testers_count !== total) problems.push(`testers_count ${beta.testers_count} ≠ ${total} rows`);
  for (const status of TesterStatuses) {
    const stored = beta[`${status}_testers_count`];
    if (stored !== (byStatus[status] ?? 0)) problems.push(`${status}_testers_count ${stored} ≠ ${byStatus[status] ?? 0} rows`);
  }
  if (beta.share_signups_count !== Number(referrals)) problems.push(`share_signups_count ${beta.share_signups_count} ≠ ${referrals} credited referrals`);
  if (Number(wrong) !== 0) problems.push(`${wrong} testers whose share_signups_count differs from their credited referrals`);
  if (problems.length > 0) throw new Error(`Counters do not match the rows of beta ${betaId}: ${problems.join('; ')}`);
  return { byStatus, referrals: Number(referrals) };
}
