// Helpers shared by the tester test files.
import { randomUUID } from 'node:crypto';
import type { NewTester } from '../../../src/db/tables/testers.ts';
import { countersOf } from '../../../src/modules/betas/beta-counters.ts';
import type { TestContext, TestResponse } from '../../support/context.ts';

export const ALL_STATUSES = ['imported', 'unconfirmed', 'applied', 'invited', 'active', 'rejected', 'suspended', 'idle'] as const;
export type Status = (typeof ALL_STATUSES)[number];

// docs/decisions.md, "Tester statuses": the statuses each requested status may be reached from.
export const ALLOWED_FROM: Record<string, readonly Status[]> = {
  applied: ['imported', 'unconfirmed'],
  invited: ['imported', 'applied', 'rejected'],
  rejected: ['imported', 'applied', 'invited'],
  active: ['imported', 'applied', 'invited', 'rejected', 'idle'],
  suspended: ['imported', 'unconfirmed', 'applied', 'invited', 'rejected', 'active', 'idle'],
};

export const TESTER_FIELDS = [
  'id', 'uuid', 'email', 'status', 'invitation_code', 'imported_at', 'applied_at', 'invited_at', 'joined_at',
  'unsubscribed_at', 'share_clicks_count', 'share_signups_count', 'friend_invitations_allowed',
  'friend_invitations_count', 'friend_invitations_remaining', 'referral_code', 'share_link', 'share_status_link',
  'waitlist_position', 'waitlist_ahead', 'waitlist_behind', 'waitlist_length', 'referred_by', 'referral_channel', 'groups',
  'created_at', 'updated_at', 'profile', 'fraud', 'leaderboard_name', 'priority',
].sort();

export const PROFILE_FIELDS = [
  'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'state', 'postal_code',
  'country', 'locale', 'telephone', 'gender', 'age', 'facebook_username', 'twitter_username', 'linkedin_username',
  'browser_name', 'browser_version', 'os_name', 'os_version', 'ip', 'custom_var1', 'custom_var2', 'custom_var3',
  'http_referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
].sort();

let counter = 0;
export function uniqueEmail(prefix = 'tester'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function createTester(ctx: TestContext, betaId: number, tester: Record<string, unknown> = {}): Promise<any> {
  const response = await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { body: { tester: { email: uniqueEmail(), ...tester } } });
  if (response.status !== 201) throw new Error(`createTester failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function codes(response: TestResponse): number[] {
  return (response.body?.errors ?? []).map((e: { code: number }) => e.code);
}

export async function storedTester(ctx: TestContext, id: number) {
  return ctx.database.db.selectFrom('testers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The beta's row with its counters as stored (added up over their slots). */
export async function storedBeta(ctx: TestContext, id: number) {
  const row = await ctx.database.db.selectFrom('betas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, ...(await countersOf(ctx.database.db, [id])).get(id)! };
}

export async function testerCount(ctx: TestContext, betaId: number): Promise<number> {
  const { n } = await ctx.database.db
    .selectFrom('testers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('beta_id', '=', betaId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The beta's counters show beta answers (spec 2.1) that a status recount gives. */
export const STATUS_COUNTERS = ['testers_count', 'imported_testers_count', 'applied_testers_count', 'invited_testers_count', 'active_testers_count', 'rejected_testers_count'];

/** The beta's counters as its visible rows give them: testers_count and one per status. */
export async function recountedCounters(ctx: Pick<TestContext, 'database'>, betaId: number): Promise<Record<string, number>> {
  const rows = await ctx.database.db
    .selectFrom('testers')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('beta_id', '=', betaId)
    .where('hidden', '=', 0)
    .groupBy('status')
    .execute();
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const counters: Record<string, number> = { testers_count: rows.reduce((sum, r) => sum + Number(r.n), 0) };
  for (const status of ALL_STATUSES) counters[`${status}_testers_count`] = byStatus.get(status) ?? 0;
  return counters;
}

/** The beta's stored counters agree with a count of its rows, status by status. */
export async function assertCountersExact(ctx: TestContext, betaId: number, assert: typeof import('node:assert/strict')): Promise<void> {
  const beta = await storedBeta(ctx, betaId);
  for (const [counter, count] of Object.entries(await recountedCounters(ctx, betaId))) {
    assert.equal((beta as Record<string, unknown>)[counter], count, counter);
  }
}

/** A tester row to insert straight into the table (no API, no counters): many at once, or as older code left them. */
export function testerRow(betaId: number, email: string, fields: Partial<NewTester> = {}): NewTester {
  const now = '2026-11-22T09:15:00.000Z';
  return {
    uuid: randomUUID(),
    beta_id: betaId,
    email,
    email_normalized: email.toLowerCase(),
    status: 'applied',
    hidden: 0,
    invitation_code: '',
    referral_code: randomUUID().slice(0, 12),
    groups: '',
    name_search: [fields.first_name, fields.last_name].filter(Boolean).join(' ').toLowerCase(),
    friend_invitations_allowed: 5,
    applied_at: now,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/**
 * Writes `count` applied testers to the beta's waitlist at once, with its counters: wait{i}-{beta}@example.com,
 * applied a second apart from `from` (so in that order by signup time), each with `fields(i)`.
 * Answers their ids in that order.
 */
export async function seedWaitlist(
  ctx: TestContext,
  betaId: number,
  count: number,
  { from = '2026-11-01T00:00:00Z', fields = () => ({}) }: { from?: string; fields?: (i: number) => Partial<NewTester> } = {},
): Promise<number[]> {
  const start = Date.parse(from);
  const rows = Array.from({ length: count }, (_, i) =>
    testerRow(betaId, `wait${i}-${betaId}@example.com`, { applied_at: new Date(start + i * 1000).toISOString(), ...fields(i) }),
  );
  for (let at = 0; at < rows.length; at += 200) await ctx.database.db.insertInto('testers').values(rows.slice(at, at + 200)).execute();
  await ctx.database.db.insertInto('beta_counters').values({ beta_id: betaId, slot: 0, testers_count: count, applied_testers_count: count }).execute();
  const ids = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).orderBy('id').execute();
  return ids.map((row) => row.id);
}
