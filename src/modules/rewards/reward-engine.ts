// The reward engine (docs/decisions.md, "Rewards"): issuing rewards from rules and
// milestones, and moving a reward's status. Every reward is created by `insertReward` and every
// status change goes through `changeStatus`, so the side effects of either (points now, outbox
// events later) live in one place each.
//
// The per-user maximum ("a user never holds more than max_quantity_per_user of a reward") holds
// under concurrency because every issuing path locks the recipient's tester row before counting
// what the recipient holds: on PostgreSQL concurrent issues to one tester queue on that lock; on
// SQLite transactions are serial anyway.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { compiledVariants } from '../../db/engine/compiled.ts';
import { forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Executor } from '../../db/executor.ts';
import type { Database } from '../../db/types.ts';
import type { RewardDefinitionRow, RewardRow } from '../../db/tables/rewards.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { raiseEvent } from '../events/events.ts';
import { presentReward } from './rewards.presenter.ts';
import { awardPoints, revokePoint } from '../points/points.ledger.ts';
import type { RewardStatus, RewardRole } from './reward-kinds.ts';

export type RewardSource = 'manual' | 'trigger' | 'signup' | 'milestone';

/** The reserved event fired by the service itself when a referral is credited. */
export const SIGNUP_EVENT = 'signup';

/** Statuses an earned reward may move to (docs/decisions.md, "Rewards"); nothing moves out of them. */
export const StatusTargets: readonly RewardStatus[] = ['delivered', 'revoked'];

export interface RewardIssue {
  betaId: number;
  testerId: number;
  definition: Pick<RewardDefinitionRow, 'id' | 'descriptor' | 'name' | 'type' | 'points'>;
  role: RewardRole;
  /** Shown name: the definition's name, or a DoubleSided definition's friend_name for the friend. */
  name: string;
  source: RewardSource;
  now: string;
}

/**
 * Creates one reward, status earned, with the definition's descriptor and type copied in (an issued
 * reward stays as issued when its definition changes or is deleted), and grants the definition's
 * points with it in the same transaction. The only place a reward row is inserted.
 */
export async function insertReward(trx: Executor, issue: RewardIssue): Promise<RewardRow> {
  const reward = await trx
    .insertInto('rewards')
    .values({
      beta_id: issue.betaId,
      tester_id: issue.testerId,
      definition_id: issue.definition.id,
      descriptor: issue.definition.descriptor,
      name: issue.name,
      type: issue.definition.type,
      user_role: issue.role,
      status: 'earned',
      source: issue.source,
      earned_at: issue.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await raiseEvent(trx, { betaId: issue.betaId, type: 'reward_earned', now: issue.now, data: () => presentReward(reward) });
  if (issue.definition.points > 0) {
    await awardPoints(trx, {
      betaId: issue.betaId,
      testerId: issue.testerId,
      quantity: issue.definition.points,
      activity: issue.role === 'friend' ? 'friend_reward' : 'reward',
      rewardId: reward.id,
      dedupeKey: `reward:${reward.id}`,
      now: issue.now,
    });
  }
  return reward;
}

/**
 * Moves an earned reward to delivered or revoked; revoking also revokes the points granted with
 * it. The update is conditional on the reward still being earned, so of two concurrent changes
 * one wins: null for the loser (and for a reward that is not earned). The only place a reward's
 * status changes.
 */
export async function changeStatus(trx: Executor, reward: Pick<RewardRow, 'id'>, to: 'delivered' | 'revoked', now: string): Promise<RewardRow | null> {
  const changed = await trx
    .updateTable('rewards')
    .set(to === 'delivered' ? { status: 'delivered', delivered_at: now } : { status: 'revoked', revoked_at: now })
    .where('id', '=', reward.id)
    .where('status', '=', 'earned')
    .returningAll()
    .executeTakeFirst();
  if (!changed) return null;
  await raiseEvent(trx, { betaId: changed.beta_id, type: `reward_${to}`, now, data: () => presentReward(changed) });
  if (to === 'revoked') {
    const points = await trx.selectFrom('points').select('id').where('reward_id', '=', changed.id).where('revoked_at', 'is', null).execute();
    for (const point of points) await revokePoint(trx, point.id, now);
  }
  return changed;
}

/**
 * The tester's row, locked until the transaction ends: every count-then-issue for a tester runs
 * behind this lock. Undefined when the tester no longer exists.
 */
export async function lockTester(trx: Executor, dialect: DialectName, testerId: number): Promise<TesterRow | undefined> {
  return forUpdate(dialect, trx.selectFrom('testers').selectAll().where('id', '=', testerId)).executeTakeFirst();
}

/** How many rewards of the definition the tester holds (any status but revoked, any role or source). */
export async function heldCount(trx: Executor, testerId: number, definitionId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tester_id', '=', testerId)
    .where('definition_id', '=', definitionId)
    .where('status', '!=', 'revoked')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Issues a reward of `definition` to `recipient` unless the recipient already holds the maximum
 * (then null: skipped, not an error). The caller holds the recipient's row lock (lockTester).
 */
async function issueBelowMaximum(
  trx: Executor,
  definition: RewardDefinitionRow,
  recipient: TesterRow,
  role: RewardRole,
  source: RewardSource,
  now: string,
): Promise<RewardRow | null> {
  if (recipient.hidden) return null; // beyond the plan limit: invisible, so earns nothing
  if ((await heldCount(trx, recipient.id, definition.id)) >= definition.max_quantity_per_user) return null;
  const name = role === 'friend' ? (definition.friend_name ?? definition.name) : definition.name;
  return insertReward(trx, { betaId: recipient.beta_id, testerId: recipient.id, definition, role, name, source, now });
}

/**
 * Fires `event` for `actor` (a tester row of the beta): each rule of the beta for that event issues
 * rewards. SingleSided: one reward (role referrer) for the actor — except for the reserved event
 * 'signup', where the single-sided reward goes to the actor's referrer (the signup is the friend's
 * act; single-sided referral rewards reward the referrer). DoubleSided: one for the actor (role
 * friend, name = friend_name ?? name) and one for the actor's referrer (role referrer) when there
 * is one. A tester already holding max_quantity_per_user (non-revoked) rewards of that definition
 * is skipped, not an error. Returns the rewards created.
 */
export async function fireRewardEvent(
  trx: Executor,
  dialect: DialectName,
  beta: { id: number },
  event: string,
  actor: TesterRow,
  now: string,
): Promise<RewardRow[]> {
  const definitions = await lockedDefinitions('event').rows(trx, { betaId: beta.id, event });
  return issueForEvent(trx, dialect, beta, event, actor, definitions, now);
}

/**
 * A credited referral's rewards: the reserved `signup` event fired for the referred tester, then
 * the referrer's milestones. One read of the beta's definitions serves both, made before the
 * referrer's row is written: a hot referrer's row lock is then held for a round trip fewer. The
 * function it returns issues them once the referrer's count is incremented (`referrer`, its row
 * after), and answers the rewards created, in that order.
 */
export async function readyReferralRewards(
  trx: Executor,
  dialect: DialectName,
  beta: { id: number },
): Promise<(referred: TesterRow, referrer: TesterRow, now: string) => Promise<RewardRow[]>> {
  const definitions = await lockedDefinitions('referral').rows(trx, { betaId: beta.id, event: SIGNUP_EVENT });
  return async (referred, referrer, now) => {
    const forSignup = await issueForEvent(trx, dialect, beta, SIGNUP_EVENT, referred, definitions.filter((d) => d.type !== 'Milestone'), now);
    const forMilestones = await issueMilestones(trx, dialect, beta, referrer, definitions.filter((d) => d.type === 'Milestone'), now);
    return [...forSignup, ...forMilestones];
  };
}

type DefinitionFilter = ExpressionBuilder<Database, 'reward_definitions'>;

/**
 * The beta's definitions in id order: those a rule issues on `event` ('event'), or those a
 * credited referral may issue, the `event`'s and the milestones ('referral').
 */
const lockedDefinitions = compiledVariants((which: 'event' | 'referral') => (db, p: { betaId: number; event: string }, dialect) => {
  const query = db
    .selectFrom('reward_definitions')
    .selectAll()
    .where('beta_id', '=', p.betaId)
    .where((eb) => (which === 'event' ? eventDefinitions(eb, p.betaId, p.event) : eb.or([eventDefinitions(eb, p.betaId, p.event), eb('type', '=', 'Milestone')])))
    .orderBy('id');
  // KEY SHARE keeps the definitions from being deleted until the rewards pointing at them are in.
  return forKeyShare(dialect, query);
});

/** The single- and double-sided definitions that a rule of the beta issues on `event`. */
function eventDefinitions(eb: DefinitionFilter, betaId: number, event: string): Expression<SqlBool> {
  return eb.and([
    eb('type', 'in', ['SingleSided', 'DoubleSided']),
    eb('id', 'in', eb.selectFrom('reward_rules').select('definition_id').where('beta_id', '=', betaId).where('event', '=', event)),
  ]);
}

async function issueForEvent(
  trx: Executor,
  dialect: DialectName,
  beta: { id: number },
  event: string,
  actor: TesterRow,
  definitions: RewardDefinitionRow[],
  now: string,
): Promise<RewardRow[]> {
  if (definitions.length === 0) return [];

  const source: RewardSource = event === SIGNUP_EVENT ? 'signup' : 'trigger';
  // Locks in one order, the actor before its referrer: the order referral crediting takes them in.
  const self = await lockTester(trx, dialect, actor.id);
  if (!self || self.beta_id !== beta.id) return [];
  // The referrer is locked only when one of the definitions rewards it.
  const rewardsReferrer = definitions.some((d) => d.type === 'DoubleSided' || event === SIGNUP_EVENT);
  const referrer = self.referrer_id === null || !rewardsReferrer ? undefined : await lockTester(trx, dialect, self.referrer_id);

  const created: RewardRow[] = [];
  const issue = async (definition: RewardDefinitionRow, recipient: TesterRow | undefined, role: RewardRole) => {
    if (!recipient) return;
    const reward = await issueBelowMaximum(trx, definition, recipient, role, source, now);
    if (reward) created.push(reward);
  };
  for (const definition of definitions) {
    if (definition.type === 'SingleSided') {
      await issue(definition, event === SIGNUP_EVENT ? referrer : self, 'referrer');
    } else {
      await issue(definition, self, 'friend');
      await issue(definition, referrer, 'referrer');
    }
  }
  return created;
}

/**
 * Milestone `definitions` of the beta: a referrer holds min(max_quantity_per_user,
 * floor(share_signups_count / referrals_required)) of each; issues the missing ones (source
 * 'milestone').
 *
 * Each milestone level is earned once: rewards the referrer earned by milestone earlier count as
 * earned even when revoked since (a revoked milestone reward is not earned again by the next
 * referral). The per-user maximum still caps what the referrer holds, manual rewards included.
 */
async function issueMilestones(
  trx: Executor,
  dialect: DialectName,
  beta: { id: number },
  referrer: TesterRow,
  definitions: RewardDefinitionRow[],
  now: string,
): Promise<RewardRow[]> {
  if (definitions.length === 0) return [];
  // Re-read under the lock: the count that decides is the one no concurrent credit can change now.
  const locked = await lockTester(trx, dialect, referrer.id);
  if (!locked || locked.beta_id !== beta.id || locked.hidden) return [];

  const created: RewardRow[] = [];
  for (const definition of definitions) {
    const required = definition.referrals_required ?? 0;
    if (required < 1) continue;
    const reached = Math.min(definition.max_quantity_per_user, Math.floor(locked.share_signups_count / required));
    if (reached === 0) continue;
    const counts = await trx
      .selectFrom('rewards')
      .select([
        sql<number>`coalesce(sum(case when source = 'milestone' then 1 else 0 end), 0)`.as('by_milestone'),
        sql<number>`coalesce(sum(case when status <> 'revoked' then 1 else 0 end), 0)`.as('held'),
      ])
      .where('tester_id', '=', locked.id)
      .where('definition_id', '=', definition.id)
      .executeTakeFirstOrThrow();
    const missing = Math.min(reached - Number(counts.by_milestone), definition.max_quantity_per_user - Number(counts.held));
    for (let i = 0; i < missing; i++) {
      created.push(
        await insertReward(trx, {
          betaId: beta.id,
          testerId: locked.id,
          definition,
          role: 'referrer',
          name: definition.name,
          source: 'milestone',
          now,
        }),
      );
    }
  }
  return created;
}

