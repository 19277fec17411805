// Builds a realistic beta of N testers straight into the database (not through HTTP): 100,000 in
// seconds, 1,000,000 in about a minute on two cores. The plan (statuses, referral trees, counts,
// times) is drawn first in flat arrays; the rows are built from it one by one and written by the
// fastest path each database has without a dependency beyond its driver:
// - SQLite: a connection of the seed's own, tuned for a bulk load and for nothing else (no sync
//   per commit, a big page cache: connection settings that end with it), one prepared single-row
//   INSERT run by better-sqlite3 directly (no query building, the id read from the insert), 100,000
//   rows per transaction;
// - PostgreSQL: one INSERT … SELECT FROM unnest(one array per column) per 1,000 rows (31
//   parameters, not 31,000), 50,000 rows per transaction.
// Each block of testers is followed by the history its rows imply, written the same way: the moves
// (a signup's, each credited referral's, each status change off the waitlist) and the milestone
// rewards the beta's reward ladder gives for the referrals.
// The beta's counters move in the same transactions as the rows they count (the project's own
// counter functions), so they are exact after every commit; a final check compares them with the
// rows and fails loudly if they differ. The standing feed's triggers (migration 014) record the
// waitlisted testers as for any other insert; once the rows are in, the seed deletes its own beta's
// feed rows (a plain DELETE): a server started later builds its index from the testers table and
// needs none of them, and they would otherwise be pruned a thousand at a time under the next
// measurement.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { Db, DialectName, Executor } from '../src/db/executor.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/types.ts';
import type { RewardsTable } from '../src/db/tables/rewards.ts';
import type { NewTester, TesterMovesTable } from '../src/db/tables/testers.ts';
import { AccountsService } from '../src/modules/accounts/accounts.service.ts';
import { addToBetaCounter, countersOf, moveTesterCount } from '../src/modules/betas/beta-counters.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { foldSearchBatch } from '../src/db/engine/search-folding.ts';
import { foldRollups } from '../src/modules/stats/rollups.ts';
import { BetasService } from '../src/modules/betas/betas.service.ts';
import { RewardDefinitionsService } from '../src/modules/rewards/reward-definitions.service.ts';
import { emailAliasKey } from '../src/modules/fraud/email-alias.ts';
import { uniqueInvitationCode } from '../src/modules/invitation-codes/invitation-codes.service.ts';
import { candidateReferralCode } from '../src/modules/referrals/referral-codes.ts';
import { TesterStatuses, type TesterStatus } from '../src/modules/testers/tester-status.ts';
import { systemClock } from '../src/primitives/time.ts';

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

/**
 * Referrers are drawn from the testers before the current block of this many (the plan's rule
 * since the first seeds, when they were inserted 1,000 rows per statement): kept, so a seed gives
 * the same data set as before.
 */
const PLAN_BLOCK = 1000;
/** Rows per transaction (SQLite: one for the whole load, see sqliteLoader). */
const ROWS_PER_TRANSACTION = { sqlite: Infinity, postgres: 50_000 } as const;
/** The seed's SQLite page cache: the testers indexes (uuid and referral code land at random places) stay in memory. */
const SQLITE_BULK_CACHE_KIB = 1024 * 1024;
const DAY_MS = 86_400_000;
const SPAN_DAYS = 30;

export interface SeedOptions {
  databaseUrl: string;
  testers: number;
  betaName?: string;
  /** Seed of the pseudo-random plan (statuses, referral trees, names); uuids and codes stay random. */
  seed?: number;
  /** Called as rows are written (every few thousand): rows written so far, of the total. */
  progress?: (done: number, total: number) => void;
  /** Called as each part of the work after the rows begins (SQLite: each index built). */
  step?: (what: string) => void;
}

export interface SeedResult {
  dialect: DialectName;
  companyId: number;
  betaId: number;
  apiKey: string;
  testers: number;
  byStatus: Record<string, number>;
  referrals: number;
  /** Rows of the testers' history: moves, and milestone rewards earned. */
  moves: number;
  rewards: number;
  seconds: number;
  /** Of `seconds`, until the last row was committed (the rest: the feed rows' deletion, statistics, the check). */
  insertSeconds: number;
  /** Where the time went, in seconds. `rows` and `writes` interleave: together they are the insert phase. */
  phases: { setup: number; plan: number; rows: number; writes: number; indexes: number; feed: number; analyze: number; check: number; close: number };
  /** Standing feed rows the triggers wrote for the beta, deleted at the end. */
  feedRows: number;
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
    // Referrers come from earlier blocks only (PLAN_BLOCK), so their ids are known when this row is inserted.
    const earlier = Math.floor(i / PLAN_BLOCK) * PLAN_BLOCK;
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

/** The columns the seed writes, in the order testerValues gives them; the others keep their defaults. */
const COLUMNS = [
  'uuid', 'beta_id', 'email', 'email_normalized', 'status', 'invitation_code', 'referral_code', 'referrer_id',
  'referral_credited_at', 'share_clicks_count', 'share_signups_count', 'points', 'friend_invitations_allowed', 'groups',
  'name_search', 'first_name', 'last_name', 'country', 'locale', 'ip', 'custom_var1', 'custom_var2', 'utm_source',
  'imported_at', 'applied_at', 'invited_at', 'joined_at', 'created_at', 'updated_at', 'email_alias_key', 'signup_ip',
] as const satisfies readonly (keyof NewTester)[];
const REFERRAL_CODE_COLUMN = COLUMNS.indexOf('referral_code');
/** PostgreSQL types of the columns, for unnest's arrays. */
const POSTGRES_TYPES = COLUMNS.map((column) =>
  column === 'beta_id' || column === 'referrer_id'
    ? 'bigint'
    : ['share_clicks_count', 'share_signups_count', 'points', 'friend_invitations_allowed'].includes(column)
      ? 'integer'
      : 'text',
);

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

const LOCAL_PARTS = [
  (first: string, last: string, n: number) => `${first}.${last}${n}`,
  (first: string, last: string, n: number) => `${first}${last[0]}${n}`,
  (first: string, last: string, n: number) => `${first[0]}${last}${n}`,
  (first: string, _last: string, n: number) => `${first}_${n}`,
];
const ASCII_FIRST = new Map(FIRST_NAMES.map((name) => [name, ascii(name)]));
const ASCII_LAST = new Map(LAST_NAMES.map((name) => [name, ascii(name)]));

/**
 * Tester `i`'s values in COLUMNS order. The pseudo-random draws happen in the order they always
 * have (each draw's line below is where it was when rows were objects), so a seed still gives the
 * same data set.
 */
function testerValues(plan: Plan, i: number, referrerId: number | null, ctx: RowContext): unknown[] {
  const { random, now } = ctx;
  const status = TesterStatuses[plan.status[i]];
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const named = random() < 0.9;
  // The number ends every local part, so addresses are unique within the beta by construction.
  const local = LOCAL_PARTS[Math.floor(random() * 4)](ASCII_FIRST.get(first)!, ASCII_LAST.get(last)!, i + 1);
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
  const invited = status === 'invited' || status === 'active';
  const shareClicks = referrals + shares * Math.floor(random() * 4);
  const groups = random() < 0.03 ? 'vip' : '';
  const country = random() < 0.7 ? pick(random, COUNTRIES) : null;
  const locale = random() < 0.5 ? 'en' : null;
  const ip = `${10 + Math.floor(random() * 200)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;
  const plan2 = random() < 0.3 ? pick(random, PLANS) : null;
  const utmSource = source && random() < 0.5 ? source : null;
  // prettier-ignore
  return [
    randomUUID(), ctx.betaId, email, normalized, status, invited ? uniqueInvitationCode(ctx.decoderKey, email) : '', uniqueCode(ctx.codes), referrerId,
    referrerId === null ? null : iso(appliedAt), shareClicks, referrals, points, 5, groups,
    named ? `${first} ${last}`.toLowerCase() : '', named ? first : null, named ? last : null, country, locale, ip, source, plan2, utmSource,
    status === 'imported' ? iso(createdAt) : null, appliedAt ? iso(appliedAt) : null, invitedAt ? iso(invitedAt) : null, joinedAt ? iso(joinedAt) : null,
    iso(createdAt), iso(updatedAt), emailAliasKey(normalized), ip,
  ];
}

// ---- history -----------------------------------------------------------------------------------

/** The beta's reward ladder: Milestone definitions, each earned once, granting no points (so the planned points stay exact). */
const MILESTONES = [
  { descriptor: 'early-access', name: 'Early access', referrals_required: 3 },
  { descriptor: 'nimbus-tee', name: 'A Nimbus T-shirt', referrals_required: 10 },
  { descriptor: 'lifetime-pro', name: 'Lifetime Pro', referrals_required: 25 },
] as const;

/** Another table the seed writes rows of, in `columns` order; the other columns keep their defaults. */
interface TableRows {
  table: 'tester_moves' | 'rewards';
  columns: readonly string[];
  /** PostgreSQL types of the columns, for unnest's arrays. */
  postgresTypes: readonly string[];
}

const MOVES: TableRows = {
  table: 'tester_moves',
  columns: ['beta_id', 'tester_id', 'at', 'cause', 'source_id', 'position_before', 'position', 'referrals', 'points'] satisfies (keyof TesterMovesTable)[],
  postgresTypes: ['bigint', 'bigint', 'text', 'text', 'bigint', 'integer', 'integer', 'integer', 'integer'],
};
const REWARDS: TableRows = {
  table: 'rewards',
  columns: ['beta_id', 'tester_id', 'definition_id', 'descriptor', 'name', 'type', 'user_role', 'status', 'source', 'earned_at'] satisfies (keyof RewardsTable)[],
  postgresTypes: ['bigint', 'bigint', 'bigint', 'text', 'text', 'text', 'text', 'text', 'text', 'text'],
};

const [INVITED_AT_COLUMN, JOINED_AT_COLUMN] = [COLUMNS.indexOf('invited_at'), COLUMNS.indexOf('joined_at')];

interface SeededMilestone {
  id: number;
  descriptor: string;
  name: string;
  referrals_required: number;
}

/**
 * The moves and milestone rewards the planned testers imply, as the services would have written
 * them (record-moves.ts, reward-engine.ts) had the testers signed up one by one: a move per signup
 * (not per import), per credited referral (the referrer's, with the referred tester as its source)
 * and per status change off the waitlist; a milestone reward when a referral reaches its count.
 * Moves follow the plan's order, which is time order, but the status changes: they are written
 * last, oldest first. The positions are not a replay of the waitlist but its shape: the list grows
 * evenly over the 30 days to its final length, a signup joins it at the end, and a tester with k
 * referrals stands behind those who end with more than k, in the same proportion. Draws come from
 * a pseudo-random sequence of their own, so the testers are those the same seed always gave.
 */
class History {
  readonly #plan: Plan;
  readonly #betaId: number;
  readonly #milestones: readonly SeededMilestone[];
  readonly #random: () => number;
  readonly #now: number;
  /** Waitlisted testers at the end who end with more than k referrals, by k. */
  readonly #ahead: Float64Array;
  readonly #waitlistLength: number;
  /** Per tester: the latest position (0: none yet, or off the waitlist), referrals and points so far. */
  readonly #position: Int32Array;
  readonly #referrals: Int32Array;
  readonly #points: Int32Array;
  /** When the tester left the waitlist (invited, active, rejected); Infinity when it never did. */
  readonly #leftAt: Float64Array;
  /** Referrals and points when the tester left the waitlist, for its status move; -1 until a later move. */
  readonly #referralsAtLeaving: Int32Array;
  readonly #pointsAtLeaving: Int32Array;
  readonly #leavers: number[] = [];
  moves = 0;
  rewards = 0;

  constructor(plan: Plan, betaId: number, milestones: readonly SeededMilestone[], seed: number, now: number) {
    this.#plan = plan;
    this.#betaId = betaId;
    this.#milestones = milestones;
    this.#random = prng(seed);
    this.#now = now;
    let most = 0;
    for (let i = 0; i < plan.count; i++) most = Math.max(most, plan.referrals[i]);
    const ending = new Float64Array(most + 2);
    let length = 0;
    for (let i = 0; i < plan.count; i++) {
      if (TesterStatuses[plan.status[i]] !== 'applied') continue;
      ending[plan.referrals[i]] += 1;
      length += 1;
    }
    // ahead[k] = waitlisted testers ending with more than k referrals.
    this.#ahead = new Float64Array(most + 2);
    for (let k = most; k >= 0; k--) this.#ahead[k] = this.#ahead[k + 1] + ending[k + 1];
    this.#waitlistLength = length;
    this.#position = new Int32Array(plan.count);
    this.#referrals = new Int32Array(plan.count);
    this.#points = new Int32Array(plan.count);
    this.#leftAt = new Float64Array(plan.count).fill(Infinity);
    this.#referralsAtLeaving = new Int32Array(plan.count).fill(-1);
    this.#pointsAtLeaving = new Int32Array(plan.count).fill(-1);
  }

  /** Where `ahead` testers of the final list stand at plan index i: the list grown in proportion. */
  #scaled(ahead: number, i: number): number {
    return 1 + Math.floor((ahead * (i + 1)) / this.#plan.count);
  }

  /** The moves and rewards of testers from…to (their rows `rows`, inserted as `ids`): rows of MOVES and REWARDS. */
  of(from: number, to: number, rows: readonly unknown[][], ids: Float64Array): { moves: unknown[][]; rewards: unknown[][] } {
    const plan = this.#plan;
    const moves: unknown[][] = [];
    const rewards: unknown[][] = [];
    for (let i = from; i < to; i++) {
      const status = TesterStatuses[plan.status[i]];
      if (status === 'imported') continue;
      const row = rows[i - from];
      const appliedAt = plan.appliedAt[i];
      const at = iso(plan.createdAt[i]);
      // A signup on the waitlist joins its end; one created invited or active is never on it.
      const position = appliedAt ? Math.max(1, this.#scaled(this.#waitlistLength, i) - 1) : 0;
      this.#position[i] = position;
      this.#points[i] = appliedAt ? 1 : 0;
      moves.push([this.#betaId, ids[i], at, 'signed_up', null, null, position || null, 0, this.#points[i]]);
      if (appliedAt && status !== 'applied') {
        const invited = (row[INVITED_AT_COLUMN] ?? row[JOINED_AT_COLUMN]) as string | null;
        this.#leftAt[i] = invited ? Date.parse(invited) : later(this.#random, appliedAt, this.#now);
        this.#leavers.push(i);
      }
      const referrer = plan.referrer[i];
      if (referrer < 0) continue;
      // The referrer's credit, as it stands then: off the waitlist once it has left it.
      const k = (this.#referrals[referrer] += 1);
      const onWaitlist = this.#position[referrer] > 0 && plan.createdAt[i] < this.#leftAt[referrer];
      if (!onWaitlist && this.#referralsAtLeaving[referrer] < 0 && this.#leftAt[referrer] !== Infinity) {
        this.#referralsAtLeaving[referrer] = k - 1;
        this.#pointsAtLeaving[referrer] = this.#points[referrer];
      }
      const before = onWaitlist ? this.#position[referrer] : 0;
      const after = onWaitlist ? Math.min(before, this.#scaled(this.#ahead[k], i)) : 0;
      if (onWaitlist) this.#position[referrer] = after;
      this.#points[referrer] += 5;
      moves.push([this.#betaId, ids[referrer], at, 'referral_credited', ids[i], before || null, after || null, k, this.#points[referrer]]);
      for (const milestone of this.#milestones) {
        if (milestone.referrals_required !== k) continue;
        rewards.push([this.#betaId, ids[referrer], milestone.id, milestone.descriptor, milestone.name, 'Milestone', 'referrer', 'earned', 'milestone', at]);
      }
    }
    this.moves += moves.length;
    this.rewards += rewards.length;
    return { moves, rewards };
  }

  /** The status moves off the waitlist, oldest first: once every tester is in. */
  leavings(ids: Float64Array): unknown[][] {
    const leavers = this.#leavers.sort((a, b) => this.#leftAt[a] - this.#leftAt[b]);
    const moves = leavers.map((i) => {
      const referrals = this.#referralsAtLeaving[i] >= 0 ? this.#referralsAtLeaving[i] : this.#referrals[i];
      const points = this.#pointsAtLeaving[i] >= 0 ? this.#pointsAtLeaving[i] : this.#points[i];
      return [this.#betaId, ids[i], iso(this.#leftAt[i]), 'status_changed', null, this.#position[i] || null, null, referrals, points];
    });
    this.moves += moves.length;
    return moves;
  }
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

/** The bench database, created when missing and migrated; a pool of 4 unless `poolSize` says otherwise. */
export async function openBenchDatabase(url: string, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  if (!url.startsWith('sqlite:')) await ensurePostgresDatabase(url);
  const database = openDatabase(url, { poolSize: options.poolSize ?? 4 });
  await migrateToLatest(database);
  return database;
}

/** How rows reach the database: `insert` writes them in order, in the open transaction, and gives back their ids in the same order. */
interface Loader {
  db: Db;
  /** Rows per call of `insert`. */
  chunk: number;
  insert(trx: Executor, rows: unknown[][]): Promise<ArrayLike<number>>;
  /** Writes rows of another table, in the open transaction. */
  append(trx: Executor, table: TableRows, rows: unknown[][]): Promise<void>;
  /** In the load's (first) transaction, before any row. */
  beforeRows?(): void;
  /** In the load's (last) transaction, after the last row: `step` reports each part of the work. */
  afterRows?(trx: Executor, step: (what: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite: a connection of its own for the load, with settings for it alone: no fsync at commit
 * (`synchronous = OFF`; a crash mid-seed loses the seed, which is run again), a 1 GiB page cache,
 * temporary b-trees in memory. They end with the connection; the database file keeps none of them.
 * The project's counter functions run through a Kysely instance on the same connection, so they
 * write in the transaction the rows are in.
 *
 * The whole load is one transaction, and in it the testers' secondary indexes are dropped before
 * the rows go in and made again after, from their own definitions in sqlite_schema: an index built
 * from sorted keys costs a fraction of a million inserts at random places (uuid, referral code,
 * e-mail). The search table takes the new rows as the server's fold does (search-folding.ts). Another connection sees the schema before or after, never between (a
 * failure rolls all of it back); a writer waits for the lock, as for any long transaction.
 */
function sqliteLoader(file: string): Loader {
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = OFF');
  connection.pragma(`cache_size = -${SQLITE_BULK_CACHE_KIB}`);
  connection.pragma('temp_store = MEMORY');
  const insert = connection.prepare(`insert into testers (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  const appends = new Map<TableRows, SQLite.Statement>();
  let deferred: { type: string; name: string; sql: string }[] = [];
  return {
    db,
    chunk: 1000,
    beforeRows: () => {
      deferred = connection
        .prepare(
          `select type, name, sql from sqlite_schema where tbl_name = 'testers' and sql is not null
             and type = 'index' order by name`,
        )
        .all() as typeof deferred;
      for (const { type, name } of deferred) connection.exec(`drop ${type} ${name}`);
    },
    insert: async (_trx, rows) => {
      const ids = new Float64Array(rows.length);
      for (let k = 0; k < rows.length; k++) ids[k] = Number(insert.run(rows[k]).lastInsertRowid);
      return ids;
    },
    append: async (_trx, table, rows) => {
      let statement = appends.get(table);
      if (!statement) {
        statement = connection.prepare(`insert into ${table.table} (${table.columns.join(', ')}) values (${table.columns.map(() => '?').join(', ')})`);
        appends.set(table, statement);
      }
      for (const row of rows) statement.run(row);
    },
    afterRows: async (trx, step) => {
      step('search table');
      while ((await foldSearchBatch(trx)) > 0);
      for (const { type, name, sql: definition } of deferred) {
        step(`${type} ${name}`);
        connection.exec(definition);
      }
    },
    close: async () => {
      // Back to the project's settings for the checkpoint that closing runs.
      connection.pragma('synchronous = NORMAL');
      await db.destroy();
    },
  };
}

/** The rows as one array per column, each cast to its PostgreSQL type: what unnest reads back as rows. */
function columnArrays(types: readonly string[], rows: unknown[][]) {
  return sql.join(types.map((type, c) => sql`${rows.map((row) => row[c])}::${sql.raw(type)}[]`));
}

/** PostgreSQL: each chunk is one INSERT … SELECT FROM unnest of one array per column. */
function postgresLoader(database: DatabaseHandle): Loader {
  const columns = sql.raw(COLUMNS.join(', '));
  return {
    db: database.db,
    // A referrer is in an earlier block of the plan: its id is known when a row is built.
    chunk: PLAN_BLOCK,
    insert: async (trx, rows) => {
      const { rows: inserted } = await sql<{ id: number; referral_code: string }>`insert into testers (${columns})
        select * from unnest(${columnArrays(POSTGRES_TYPES, rows)}) returning id, referral_code`.execute(trx);
      // The order RETURNING gives rows back in is not promised: match them by referral code.
      const idByCode = new Map(inserted.map((r) => [r.referral_code, Number(r.id)]));
      return rows.map((row) => idByCode.get(row[REFERRAL_CODE_COLUMN] as string)!);
    },
    append: async (trx, table, rows) => {
      if (rows.length === 0) return;
      // WITH ORDINALITY keeps the rows' order: the moves' ids then follow it, as they follow time.
      await sql`insert into ${sql.table(table.table)} (${sql.raw(table.columns.join(', '))})
        select ${sql.raw(table.columns.map((_, c) => `u.c${c}`).join(', '))}
        from unnest(${columnArrays(table.postgresTypes, rows)}) with ordinality as u(${sql.raw(table.columns.map((_, c) => `c${c}`).join(', '))}, n)
        order by u.n`.execute(trx);
    },
    close: async () => {},
  };
}

export async function seedBench(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const phases = { setup: 0, plan: 0, rows: 0, writes: 0, indexes: 0, feed: 0, analyze: 0, check: 0, close: 0 };
  let mark = started;
  const lap = (phase: keyof typeof phases) => {
    const now = performance.now();
    phases[phase] += (now - mark) / 1000;
    mark = now;
  };
  const database = await openBenchDatabase(options.databaseUrl);
  let databaseOpen = true;
  let loader: Loader | undefined;
  try {
    const { db, dialect } = database;
    const accounts = new AccountsService(db, systemClock);
    const company = (await accounts.listCompanies()).find((c) => c.name === BENCH_COMPANY) ?? (await accounts.createCompany({ name: BENCH_COMPANY }));
    const key = await accounts.createApiKey({ companyId: company.id, name: 'bench' });
    const betas = new BetasService(db, dialect, systemClock);
    const beta = await betas.create(company.id, {
      name: options.betaName ?? `Bench ${options.testers.toLocaleString('en')} testers`,
      homepage_url: 'https://bench.example.com/',
    });
    const definitions = new RewardDefinitionsService(db, dialect, systemClock, betas);
    const milestones: SeededMilestone[] = [];
    for (const milestone of MILESTONES) {
      const { id } = await definitions.createDefinition(company.id, String(beta.id), { ...milestone, type: 'Milestone', max_quantity_per_user: 1, points: 0 });
      milestones.push({ id, ...milestone });
    }
    // Referral codes are unique across the service: start from the codes already taken.
    const codes = new Set((await db.selectFrom('testers').select('referral_code').execute()).map((r) => r.referral_code));
    if (dialect === 'sqlite') {
      // The project's connection (migrated, the beta made) gives way to the load's own.
      await database.close();
      databaseOpen = false;
      loader = sqliteLoader(options.databaseUrl.slice('sqlite:'.length));
    } else {
      loader = postgresLoader(database);
    }
    lap('setup');

    const now = Date.now();
    const random = prng(options.seed ?? 1);
    const plan = planTesters(options.testers, random, now);
    const history = new History(plan, beta.id, milestones, (options.seed ?? 1) + 1, now);
    lap('plan');
    const ctx: RowContext = { betaId: beta.id, decoderKey: beta.settings.decoder_key, now, random, codes };
    const ids = new Float64Array(plan.count);

    const perTransaction = ROWS_PER_TRANSACTION[dialect];
    const { chunk } = loader;
    for (let from = 0; from < plan.count; from += perTransaction) {
      const to = Math.min(plan.count, from + perTransaction);
      let attempts = 0;
      await inTransaction(loader.db, async (trx) => {
        // A retry would draw different rows from the pseudo-random sequence: fail instead.
        if ((attempts += 1) > 1) throw new Error(`the transaction of testers ${from}–${to} was rolled back; run the seed again`);
        const entered = new Map<TesterStatus, number>();
        let credited = 0;
        if (from === 0) loader!.beforeRows?.();
        for (let batch = from; batch < to; batch += chunk) {
          const end = Math.min(to, batch + chunk);
          const rows: unknown[][] = [];
          for (let i = batch; i < end; i++) {
            const referrer = plan.referrer[i];
            rows.push(testerValues(plan, i, referrer >= 0 ? ids[referrer] : null, ctx));
            const status = TesterStatuses[plan.status[i]];
            entered.set(status, (entered.get(status) ?? 0) + 1);
            if (referrer >= 0) credited++;
          }
          lap('rows');
          const inserted = await loader!.insert(trx, rows);
          for (let i = batch; i < end; i++) ids[i] = inserted[i - batch];
          lap('writes');
          const { moves, rewards } = history.of(batch, end, rows, ids);
          lap('rows');
          await loader!.append(trx, MOVES, moves);
          await loader!.append(trx, REWARDS, rewards);
          lap('writes');
          options.progress?.(end, plan.count);
        }
        if (to === plan.count) {
          const leavings = history.leavings(ids);
          lap('rows');
          for (let start = 0; start < leavings.length; start += chunk) await loader!.append(trx, MOVES, leavings.slice(start, start + chunk));
          lap('writes');
          await loader!.afterRows?.(trx, (what) => options.step?.(what));
          lap('indexes');
        }
        for (const [status, n] of entered) moveTesterCount(trx, beta.id, { from: null, to: status }, n);
        addToBetaCounter(trx, beta.id, 'share_signups_count', credited);
      });
      lap('writes');
    }
    const inserted = performance.now();

    // The beta is new: every feed row of it is the seed's own.
    const feedRows = Number((await loader.db.deleteFrom('tester_changes').where('beta_id', '=', beta.id).executeTakeFirst()).numDeletedRows);
    // The dashboard's rollups take the seeded testers as a server's fold would, before anything is measured.
    await foldRollups(loader.db, dialect);
    lap('feed');
    if (dialect === 'postgres') {
      // What autovacuum does shortly after a bulk load anyway (statistics, visibility map for
      // index-only scans, the dead rows of the folded rollup changes); done here so measurements
      // start from that steady state at once.
      await sql`vacuum (analyze) testers, tester_changes, tester_rollup_changes, tester_moves, rewards`.execute(loader.db);
    } else {
      // What every connection of the app runs at its start (database.ts): statistics for tables
      // that grew tenfold. Without it, statistics taken while the table was small (a database
      // seeded with a small beta first) make the check below a scan per tester: minutes.
      await sql`pragma optimize = 0x10002`.execute(loader.db);
    }
    lap('analyze');
    const check = await checkCounters(loader.db, beta.id);
    await checkHistory(loader.db, beta.id, { moves: history.moves, rewards: history.rewards, referrals: check.referrals });
    lap('check');
    await loader.close();
    loader = undefined;
    lap('close');
    return {
      dialect,
      companyId: company.id,
      betaId: beta.id,
      apiKey: key.key,
      testers: plan.count,
      byStatus: check.byStatus,
      referrals: check.referrals,
      moves: history.moves,
      rewards: history.rewards,
      seconds: (performance.now() - started) / 1000,
      insertSeconds: (inserted - started) / 1000,
      phases,
      feedRows,
    };
  } finally {
    await loader?.close();
    if (databaseOpen) await database.close();
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

/**
 * Compares the beta's moves and rewards with what the seed wrote: one credited-referral move per
 * credited referral, and the milestone rewards the testers' referral counts give (each reached
 * count of each milestone of the beta, once). Throws when any differs.
 */
async function checkHistory(db: Executor, betaId: number, wrote: { moves: number; rewards: number; referrals: number }): Promise<void> {
  const moves = await db
    .selectFrom('tester_moves')
    .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when cause = 'referral_credited' then 1 else 0 end)`.as('credited')])
    .where('beta_id', '=', betaId)
    .executeTakeFirstOrThrow();
  const { rewards } = await db.selectFrom('rewards').select((eb) => eb.fn.countAll<number>().as('rewards')).where('beta_id', '=', betaId).executeTakeFirstOrThrow();
  // What the ladder gives: per milestone, the testers whose credited referrals reach its count.
  const { earned } = await db
    .selectFrom('testers as t')
    .innerJoin('reward_definitions as d', (join) => join.onRef('d.beta_id', '=', 't.beta_id').on('d.type', '=', 'Milestone'))
    .select((eb) => eb.fn.countAll<number>().as('earned'))
    .where('t.beta_id', '=', betaId)
    .whereRef('t.share_signups_count', '>=', 'd.referrals_required')
    .executeTakeFirstOrThrow();
  const problems: string[] = [];
  if (Number(moves.n) !== wrote.moves) problems.push(`${moves.n} moves ≠ ${wrote.moves} written`);
  if (Number(moves.credited) !== wrote.referrals) problems.push(`${moves.credited} referral_credited moves ≠ ${wrote.referrals} credited referrals`);
  if (Number(rewards) !== wrote.rewards || Number(rewards) !== Number(earned)) problems.push(`${rewards} rewards ≠ ${wrote.rewards} written, ${earned} earned by the testers' referrals`);
  if (problems.length > 0) throw new Error(`The history does not match the rows of beta ${betaId}: ${problems.join('; ')}`);
}
