// What the lean reference's two databases share (sqlite.ts, postgres.ts beside this file): its
// settings, the waitlist's order-statistics index, the tester as the API shows it, and the Fastify
// app with its two routes. The reference is the yardstick bench:api measures Prelaunch against: the
// least the durable work of a referred signup and of a show costs on this machine, written with
// Fastify and a driver and nothing of the project's own (bench/README.md, "The lean reference").
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';

export interface LeanSettings {
  /** sqlite:PATH or postgres://…/NAME: the reference's own database, made if missing. */
  databaseUrl: string;
  /** Testers to seed on first start (the project beta's size). */
  testers: number;
  /** The beta id the routes answer for (the project's, so one load script drives both). */
  betaId: number;
  /** The one API key the reference accepts (the project's, for the same reason). */
  apiKey: string;
  port: number;
}

function wholeNumber(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

export function leanSettings(): LeanSettings {
  const { LEAN_DATABASE_URL: databaseUrl, LEAN_KEY: apiKey } = process.env;
  if (!databaseUrl || !apiKey) throw new Error('LEAN_DATABASE_URL and LEAN_KEY are required');
  return { databaseUrl, apiKey, testers: wholeNumber('LEAN_TESTERS'), betaId: wholeNumber('LEAN_BETA'), port: wholeNumber('PORT') };
}

/**
 * Whether a reference database of `existing` testers stands for a beta of `wanted`: within a
 * quarter either way, as both grow by the signups each run adds. Otherwise it is seeded anew.
 */
export function sizeFits(existing: number, wanted: number): boolean {
  return existing >= wanted / 1.25 && existing <= wanted * 1.25;
}

export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** How the seed refers: 30 % of the testers after the first ten, each by a uniformly earlier one. */
export const SEED_REFERRED_SHARE = 0.3;
/** Points: 5 for a signup, 10 to the referrer for each referral (the project's default rules). */
export const SIGNUP_POINTS = 5;
export const REFERRAL_POINTS = 10;

/**
 * The secondary indexes, the same on both databases: those a signup's own checks read (e-mail per
 * beta, uuid, referral code, the IP window) and the points rows' per tester. Made after a seed's
 * rows, so each is built once, sorted, rather than grown row by row.
 */
export const SECONDARY_INDEXES = `
create unique index if not exists testers_email on testers(beta_id, email);
create unique index if not exists testers_uuid on testers(uuid);
create unique index if not exists testers_code on testers(referral_code);
create index if not exists testers_ip on testers(beta_id, ip, created_at);
create index if not exists points_tester on points(tester_id, id);
`;

/** The most referrals one tester can hold in the index: far above what any run gives a hot referrer. */
const MAX_REFERRALS = (1 << 20) - 1;

/**
 * The waitlist's order-statistics index, in the order referrals descending, then id ascending (ids
 * grow with the signup time in the reference's database). Counts by level are a Fenwick tree over
 * referral counts, highest first; within level 0, where almost everyone is, a Fenwick tree over
 * ids; within a higher level, a sorted array of ids (few testers each).
 */
export class LeanStandings {
  /** Fenwick tree over levels: slot MAX_REFERRALS + 1 - r counts the testers with r referrals. */
  readonly #levels = new Int32Array(MAX_REFERRALS + 2);
  /** Fenwick tree over the ids of level 0; doubled when an id outgrows it. */
  #zero = new Int32Array(1 << 16);
  readonly #upper = new Map<number, number[]>();
  /** Referrals of the testers above level 0. */
  readonly #referralsOf = new Map<number, number>();
  #length = 0;

  get length(): number {
    return this.#length;
  }

  add(id: number, referrals: number): void {
    this.#place(id, referrals, 1);
    this.#length += 1;
  }

  /** One more referral for `id`. */
  credit(id: number): void {
    const referrals = this.#referralsOf.get(id) ?? 0;
    if (referrals >= MAX_REFERRALS) throw new Error(`tester ${id} has more referrals than the index holds`);
    this.#place(id, referrals, -1);
    this.#place(id, referrals + 1, 1);
  }

  standing(id: number): { waitlist_position: number; waitlist_ahead: number; waitlist_behind: number; waitlist_length: number } {
    const referrals = this.#referralsOf.get(id) ?? 0;
    const within = referrals === 0 ? this.#zeroBefore(id) : lowerBound(this.#upper.get(referrals) ?? [], id);
    const ahead = this.#levelsAbove(referrals) + within;
    return { waitlist_position: ahead + 1, waitlist_ahead: ahead, waitlist_behind: this.#length - ahead - 1, waitlist_length: this.#length };
  }

  #place(id: number, referrals: number, delta: 1 | -1): void {
    for (let i = MAX_REFERRALS + 1 - referrals; i < this.#levels.length; i += i & -i) this.#levels[i] += delta;
    if (referrals === 0) {
      this.#zeroAdd(id, delta);
      return;
    }
    let ids = this.#upper.get(referrals);
    if (!ids) this.#upper.set(referrals, (ids = []));
    const at = lowerBound(ids, id);
    if (delta > 0) {
      ids.splice(at, 0, id);
      this.#referralsOf.set(id, referrals);
    } else {
      ids.splice(at, 1);
      this.#referralsOf.delete(id);
    }
  }

  #levelsAbove(referrals: number): number {
    let sum = 0;
    for (let i = MAX_REFERRALS - referrals; i > 0; i -= i & -i) sum += this.#levels[i];
    return sum;
  }

  #zeroAdd(id: number, delta: number): void {
    while (id >= this.#zero.length) {
      // Doubling a Fenwick tree: the old nodes keep their ranges; the new top node covers them all.
      const size = this.#zero.length;
      const grown = new Int32Array(size * 2);
      grown.set(this.#zero);
      grown[size] = this.#zeroBefore(size);
      this.#zero = grown;
    }
    for (let i = id; i < this.#zero.length; i += i & -i) this.#zero[i] += delta;
  }

  #zeroBefore(id: number): number {
    let sum = 0;
    for (let i = Math.min(id, this.#zero.length) - 1; i > 0; i -= i & -i) sum += this.#zero[i];
    return sum;
  }
}

/** The index of the first element of sorted `ids` that is not below `id`. */
function lowerBound(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A stored tester, as both databases' statements return it (times as ISO text). */
export interface LeanRow {
  id: number;
  uuid: string;
  email: string;
  status: string;
  referral_code: string;
  referrer_id: number | null;
  /** The referrer's e-mail address, read with the row. */
  referred_by: string | null;
  points: number;
  referrals: number;
  ip: string | null;
  user_agent: string | null;
  /** The profile as sent, JSON. */
  profile: string;
  created_at: string;
  applied_at: string | null;
}

export interface NewTester {
  email: string;
  referralCode: string | null;
  profile: string;
  ip: string;
  userAgent: string | null;
}

/** What a database gives the app: a signup (undefined when the e-mail address is taken), a show, a sample. */
export interface LeanStore {
  create(tester: NewTester): Promise<LeanRow | undefined>;
  show(id: number): Promise<LeanRow | undefined>;
  sample(size: number): Promise<{ id: number; referral_code: string }[]>;
}

/** The project's profile fields, in its output order: the tester object has the same shape as Prelaunch's. */
const PROFILE_FIELDS = [
  'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'state',
  'postal_code', 'country', 'locale', 'telephone', 'gender', 'age', 'facebook_username', 'twitter_username',
  'linkedin_username', 'browser_name', 'browser_version', 'os_name', 'os_version', 'ip', 'custom_var1',
  'custom_var2', 'custom_var3', 'http_referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term',
  'utm_content',
] as const;
const PUBLIC_URL = 'https://lean.example';
const apiTime = (stored: string | null) => (stored ? `${stored.slice(0, 19)}Z` : null);

function testerView(row: LeanRow, standings: LeanStandings) {
  const sent = JSON.parse(row.profile) as Record<string, unknown>;
  const profile: Record<string, string | null> = {};
  for (const field of PROFILE_FIELDS) profile[field] = typeof sent[field] === 'string' ? sent[field] : null;
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    status: row.status,
    invitation_code: '',
    imported_at: null,
    applied_at: apiTime(row.applied_at),
    invited_at: null,
    joined_at: null,
    unsubscribed_at: null,
    share_clicks_count: 0,
    share_signups_count: row.referrals,
    friend_invitations_allowed: 0,
    friend_invitations_count: 0,
    friend_invitations_remaining: 0,
    referral_code: row.referral_code,
    share_link: `${PUBLIC_URL}/r/${row.referral_code}`,
    share_status_link: `${PUBLIC_URL}/r/${row.referral_code}?check=${row.uuid}`,
    ...standings.standing(row.id),
    referred_by: row.referred_by,
    groups: '',
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.created_at),
    profile,
    fraud: { signup_ip: row.ip, signup_user_agent: row.user_agent, flags: [], referral: row.referrer_id === null ? null : 'credited', referral_accepted_at: null },
  };
}

const fail = (reply: FastifyReply, status: number, code: number, message: string) => reply.code(status).send({ errors: [{ code, message }] });

const CREATE_BODY = {
  type: 'object',
  required: ['tester'],
  properties: {
    tester: {
      type: 'object',
      required: ['email'],
      properties: {
        email: { type: 'string', format: 'email', maxLength: 254 },
        referrer_id: { type: 'string', maxLength: 255 },
        profile: { type: 'object', additionalProperties: { type: ['string', 'null'], maxLength: 2048 } },
      },
    },
  },
} as const;
const TESTER_PARAMS = { type: 'object', properties: { beta_id: { type: 'integer' }, tester_id: { type: 'integer' } } } as const;

/**
 * Serves the reference: create and show at the project's paths, answering its shapes and error
 * bodies, and `GET /lean/sample` (ids and referral codes to drive the load with). Every route checks
 * the bearer key against the stored keys' hashes, read into memory at start.
 */
export async function serveLean(settings: LeanSettings, store: LeanStore, standings: LeanStandings, keyHashes: Set<string>): Promise<void> {
  const app = Fastify();
  app.setErrorHandler((error: { validation?: { params: { missingProperty?: string } }[]; statusCode?: number; message: string }, _request, reply) => {
    // The project's codes: 2322 for a body without its tester object, 2301 for any other refusal.
    if (error.validation) return fail(reply, 422, error.validation.some((entry) => entry.params.missingProperty === 'tester') ? 2322 : 2301, error.message);
    if ((error.statusCode ?? 500) < 500) return fail(reply, error.statusCode!, 1400, error.message);
    console.error(error);
    return fail(reply, 500, 1500, 'Internal error');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz') return;
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !keyHashes.has(keyHash(header.slice(7)))) return fail(reply, 401, 1401, 'Invalid API key');
  });
  app.get('/healthz', async () => ({ ok: true }));
  app.get<{ Querystring: { size: number } }>(
    '/lean/sample',
    { schema: { querystring: { type: 'object', properties: { size: { type: 'integer', minimum: 1, maximum: 100_000, default: 20_000 } } } } },
    async (request) => store.sample(request.query.size),
  );
  app.post<{ Params: { beta_id: number }; Body: { tester: { email: string; referrer_id?: string; profile?: Record<string, string | null> } } }>(
    '/api/v2/betas/:beta_id/testers',
    { schema: { params: TESTER_PARAMS, body: CREATE_BODY } },
    async (request, reply) => {
      if (request.params.beta_id !== settings.betaId) return fail(reply, 404, 1404, 'Not found');
      const { tester } = request.body;
      const row = await store.create({
        email: tester.email.toLowerCase(),
        referralCode: tester.referrer_id ?? null,
        profile: JSON.stringify(tester.profile ?? {}),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (!row) return fail(reply, 422, 2310, 'Tester exists; use the update method');
      standings.add(row.id, 0);
      if (row.referrer_id !== null) standings.credit(row.referrer_id);
      return reply.code(201).send(testerView(row, standings));
    },
  );
  app.get<{ Params: { beta_id: number; tester_id: number } }>('/api/v2/betas/:beta_id/testers/:tester_id', { schema: { params: TESTER_PARAMS } }, async (request, reply) => {
    const row = request.params.beta_id === settings.betaId ? await store.show(request.params.tester_id) : undefined;
    if (!row) return fail(reply, 404, 1404, 'Not found');
    return testerView(row, standings);
  });
  await app.listen({ host: '127.0.0.1', port: settings.port });
  console.error(`lean reference: ${standings.length} testers, listening on ${settings.port}`);
}
