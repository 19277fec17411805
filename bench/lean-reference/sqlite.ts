// The lean reference on SQLite (better-sqlite3; bench/README.md, "The lean reference"). A signup:
// the referrer looked up by code, the tester inserted (indexes: e-mail, uuid, referral code, IP
// window), the referrer credited (count and points), two points rows, one outbox row and a counter
// slot bumped. WAL with synchronous = NORMAL; the signups queued in one turn of the event loop share
// a transaction, each in a savepoint (group commit), and are answered once it has committed.
// Started by bench:api: LEAN_DATABASE_URL=sqlite:PATH LEAN_TESTERS=N LEAN_BETA=ID LEAN_KEY=… PORT=…
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keyHash, LeanStandings, SECONDARY_INDEXES, leanSettings, REFERRAL_POINTS, SEED_REFERRED_SHARE, serveLean, SIGNUP_POINTS, sizeFits, type LeanRow, type NewTester } from './shared.ts';

const settings = leanSettings();
const path = settings.databaseUrl.replace(/^sqlite:/, '');
mkdirSync(dirname(path), { recursive: true });
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const TABLES = ['testers', 'points', 'outbox', 'counters', 'api_keys'];
const countTesters = () => {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'testers'").get();
  return table ? (db.prepare('select count(*) as n from testers').get() as { n: number }).n : 0;
};
if (!sizeFits(countTesters(), settings.testers)) {
  for (const table of TABLES) db.exec(`drop table if exists ${table}`);
}
db.exec(`
create table if not exists testers (id integer primary key, beta_id integer not null, email text not null, uuid text not null,
  referral_code text not null, referrer_id integer, status text not null, points integer not null default 0,
  referrals integer not null default 0, ip text, user_agent text, profile text not null default '{}', created_at text not null, applied_at text);
create table if not exists points (id integer primary key, tester_id integer not null, amount integer not null, reason text not null, created_at text not null);
create table if not exists outbox (id integer primary key, kind text not null, payload text not null, run_at text not null);
create table if not exists counters (beta_id integer not null, slot integer not null, testers integer not null, referrals integer not null, primary key (beta_id, slot));
create table if not exists api_keys (hash text primary key);
`);
const referralCode = () => randomBytes(6).toString('base64url');
/** A seeded tester's code: random, then its id, so a million of them never collide (signups' codes are shorter). */
const seededCode = (id: number) => `${referralCode()}${id.toString(36)}`;

if (countTesters() === 0) seed(settings.testers);
db.exec(SECONDARY_INDEXES);
db.prepare('insert into api_keys values (?) on conflict do nothing').run(keyHash(settings.apiKey));

/** N applied testers, 30 % referred by an earlier one and credited, in one transaction without syncs. */
function seed(testers: number): void {
  const started = Date.now();
  const referrer = new Int32Array(testers + 1);
  const referrals = new Int32Array(testers + 1);
  for (let id = 11; id <= testers; id++) {
    if (Math.random() >= SEED_REFERRED_SHARE) continue;
    referrer[id] = 1 + Math.floor(Math.random() * (id - 1));
    referrals[referrer[id]] += 1;
  }
  db.pragma('synchronous = OFF');
  const insert = db.prepare(`insert into testers (id, beta_id, email, uuid, referral_code, referrer_id, status, points, referrals, ip, user_agent, created_at, applied_at)
    values (?, ?, ?, ?, ?, ?, 'applied', ?, ?, ?, 'Mozilla/5.0', ?, ?)`);
  const from = Date.now() - 30 * 86_400_000;
  db.transaction(() => {
    for (let id = 1; id <= testers; id++) {
      const at = new Date(from + (id / testers) * 30 * 86_400_000).toISOString();
      const ip = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
      insert.run(id, settings.betaId, `user${id}@example.com`, randomUUID(), seededCode(id), referrer[id] || null, SIGNUP_POINTS + REFERRAL_POINTS * referrals[id], referrals[id], ip, at, at);
    }
    const credited = referrals.reduce((sum, n) => sum + n, 0);
    db.prepare('insert into counters values (?, 0, ?, ?)').run(settings.betaId, testers, credited);
  })();
  db.pragma('synchronous = NORMAL');
  console.error(`lean reference: seeded ${testers} testers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const standings = new LeanStandings();
for (const [id, count] of db.prepare('select id, referrals from testers where beta_id = ? order by id').raw().iterate(settings.betaId) as Iterable<[number, number]>) {
  standings.add(id, count);
}
const keyHashes = new Set((db.prepare('select hash from api_keys').pluck().all() as string[]));

const referrerByCode = db.prepare('select id, email from testers where referral_code = ?');
const emailTaken = db.prepare('select 1 from testers where beta_id = ? and email = ?');
const insertTester = db.prepare(`insert into testers (beta_id, email, uuid, referral_code, referrer_id, status, points, ip, user_agent, profile, created_at, applied_at)
  values (?, ?, ?, ?, ?, 'applied', ?, ?, ?, ?, ?, ?) returning *`);
const creditReferrer = db.prepare('update testers set referrals = referrals + 1, points = points + ? where id = ?');
const insertPoints = db.prepare('insert into points (tester_id, amount, reason, created_at) values (?, ?, ?, ?)');
const insertOutbox = db.prepare('insert into outbox (kind, payload, run_at) values (?, ?, ?)');
const bumpCounter = db.prepare(
  'insert into counters values (?, ?, 1, ?) on conflict (beta_id, slot) do update set testers = testers + 1, referrals = referrals + excluded.referrals',
);
const showTester = db.prepare('select t.*, r.email as referred_by from testers t left join testers r on r.id = t.referrer_id where t.id = ? and t.beta_id = ?');
const sampleTesters = db.prepare('select id, referral_code from testers where beta_id = ? order by random() limit ?');
const [begin, commit, savepoint, release, rollbackTo] = ['begin', 'commit', 'savepoint signup', 'release signup', 'rollback to signup'].map((text) => db.prepare(text));

function signup(tester: NewTester): LeanRow | undefined {
  if (emailTaken.get(settings.betaId, tester.email)) return undefined;
  const referrer = tester.referralCode === null ? undefined : (referrerByCode.get(tester.referralCode) as { id: number; email: string } | undefined);
  const now = new Date().toISOString();
  const row = insertTester.get(
    settings.betaId, tester.email, randomUUID(), referralCode(), referrer?.id ?? null, SIGNUP_POINTS, tester.ip, tester.userAgent, tester.profile, now, now,
  ) as LeanRow;
  insertPoints.run(row.id, SIGNUP_POINTS, 'signup', now);
  if (referrer) {
    creditReferrer.run(REFERRAL_POINTS, referrer.id);
    insertPoints.run(referrer.id, REFERRAL_POINTS, 'referral', now);
  }
  insertOutbox.run('tester_created', JSON.stringify({ id: row.id, email: row.email, referrer: referrer?.id ?? null }), now);
  bumpCounter.run(settings.betaId, row.id & 15, referrer ? 1 : 0);
  return { ...row, referred_by: referrer?.email ?? null };
}

interface Queued {
  tester: NewTester;
  resolve: (row: LeanRow | undefined) => void;
  reject: (error: unknown) => void;
}
let queue: Queued[] = [];

/** The turn's signups in one transaction; each answered once the commit is through. */
function commitQueued(): void {
  const batch = queue;
  queue = [];
  const outcomes: (() => void)[] = [];
  begin.run();
  for (const job of batch) {
    savepoint.run();
    try {
      const row = signup(job.tester);
      release.run();
      outcomes.push(() => job.resolve(row));
    } catch (error) {
      rollbackTo.run();
      release.run();
      outcomes.push(() => job.reject(error));
    }
  }
  commit.run();
  for (const outcome of outcomes) outcome();
}

await serveLean(
  settings,
  {
    create: (tester) =>
      new Promise((resolve, reject) => {
        if (queue.length === 0) setImmediate(commitQueued);
        queue.push({ tester, resolve, reject });
      }),
    show: async (id) => showTester.get(id, settings.betaId) as LeanRow | undefined,
    sample: async (size) => sampleTesters.all(settings.betaId, size) as { id: number; referral_code: string }[],
  },
  standings,
  keyHashes,
);
