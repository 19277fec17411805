// Helpers shared by the reward test files.
import type { TestContext } from '../../support/context.ts';

/** The reward object of spec 2.3, exactly these fields. */
export const REWARD_FIELDS = [
  'id', 'descriptor', 'name', 'type', 'user_role', 'user_id', 'status', 'earned_at', 'delivered_at', 'revoked_at',
].sort();

export const DEFINITION_FIELDS = [
  'id', 'descriptor', 'name', 'type', 'friend_name', 'max_quantity_per_user', 'referrals_required', 'points', 'created_at', 'updated_at',
].sort();

export const RULE_FIELDS = ['id', 'event', 'descriptor', 'definition_id', 'created_at'].sort();

let counter = 0;
export function uniqueDescriptor(prefix = 'reward'): string {
  counter += 1;
  return `${prefix}_${counter}_${Math.random().toString(36).slice(2, 6)}`;
}

export async function createDefinition(ctx: TestContext, betaId: number, fields: Record<string, unknown>): Promise<any> {
  const response = await ctx.request('POST', `/api/v2/betas/${betaId}/reward_definitions`, {
    body: { reward_definition: { descriptor: uniqueDescriptor(), name: 'A reward', type: 'SingleSided', ...fields } },
  });
  if (response.status !== 201) throw new Error(`createDefinition failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function createRule(ctx: TestContext, betaId: number, event: string, descriptor: string): Promise<any> {
  const response = await ctx.request('POST', `/api/v2/betas/${betaId}/reward_rules`, { body: { reward_rule: { event, descriptor } } });
  if (response.status !== 201) throw new Error(`createRule failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function storedRewards(ctx: TestContext, betaId: number) {
  return ctx.database.db.selectFrom('rewards').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
}

export async function storedReward(ctx: TestContext, id: number) {
  return ctx.database.db.selectFrom('rewards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Points granted with rewards (activities reward and friend_reward), by id. */
export async function rewardPoints(ctx: TestContext, testerId: number) {
  return ctx.database.db
    .selectFrom('points')
    .selectAll()
    .where('tester_id', '=', testerId)
    .where('activity', 'in', ['reward', 'friend_reward'])
    .orderBy('id')
    .execute();
}

export async function pointsOf(ctx: TestContext, testerId: number): Promise<number> {
  const row = await ctx.database.db.selectFrom('testers').select('points').where('id', '=', testerId).executeTakeFirstOrThrow();
  return row.points;
}

/** A second company with its own key and beta: its ids must be invisible to the context's key. */
export async function otherCompany(ctx: TestContext, options: { maxTesters?: number | null } = {}) {
  const company = await ctx.services.accounts.createCompany({ name: 'Other', maxTesters: options.maxTesters ?? null });
  const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
  const response = await ctx.request('POST', '/api/v2/betas', { body: { name: 'Other', homepage_url: 'https://example.com/other' }, key });
  if (response.status !== 201) throw new Error(`other beta failed: ${JSON.stringify(response.body)}`);
  return { companyId: company.id, key, beta: response.body as { id: number } };
}
