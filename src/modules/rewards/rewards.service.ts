// Issued rewards: list, show, manual issue, status changes and triggers.
// Issuing and status changes go through reward-engine.ts; this file finds the beta, the user and
// the definition, and turns what is wrong with a request into the interface's reward codes.
import { ApiError, Errors } from '../../primitives/errors.ts';
import { forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import type { RewardRow } from '../../db/tables/rewards.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { SIGNUP_EVENT, StatusTargets, changeStatus, fireRewardEvent, heldCount, insertReward, lockTester } from './reward-engine.ts';


export interface RewardFilters {
  email?: string;
  status?: string;
}

export interface RewardCreateInput {
  email?: string;
  descriptor?: string;
  skip_quantity_check?: boolean;
}

export interface RewardTriggerInput {
  email?: string;
  event?: string;
}

function normalizedEmail(email: string | undefined): string {
  return email?.trim().toLowerCase() ?? '';
}

export class RewardsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {}

  /** The beta's rewards by id; an e-mail that names no user gives an empty list. */
  async list(companyId: number, betaIdText: string, filters: RewardFilters, page: PageRequest) {
    const beta = await this.betas.require(companyId, betaIdText);
    let query = this.db.selectFrom('rewards').where('beta_id', '=', beta.id);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.email !== undefined) {
      const email = normalizedEmail(filters.email);
      query = query.where('tester_id', 'in', (eb) =>
        eb.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('email_normalized', '=', email).where('hidden', '=', 0),
      );
    }
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, query.select('id'), page),
    ]);
    return { items: rows, ...counted };
  }

  async show(companyId: number, betaIdText: string, rewardIdText: string): Promise<RewardRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    return this.requireReward(this.db, beta.id, rewardIdText);
  }

  /**
   * Manual issue of one reward (role referrer) to the user. rewardLimitReached when the user holds the
   * definition's max_quantity_per_user already, unless skip_quantity_check.
   */
  async create(companyId: number, betaIdText: string, input: RewardCreateInput): Promise<RewardRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const email = normalizedEmail(input.email);
    const descriptor = input.descriptor?.trim() ?? '';
    const missing = [...(email ? [] : [Errors.rewardEmailRequired.entry()]), ...(descriptor ? [] : [Errors.descriptorRequired.entry()])];
    if (missing.length > 0) throw ApiError.many(missing);
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const now = this.now();
      // The user's row lock (findTester): concurrent issues to one user count one after another.
      const tester = await this.findTester(trx, beta.id, email);
      const definition = await forKeyShare(
        this.dialect,
        trx.selectFrom('reward_definitions').selectAll().where('beta_id', '=', beta.id).where('descriptor', '=', descriptor),
      ).executeTakeFirst();
      const notFound = [
        ...(tester ? [] : [Errors.rewardEmailNotFound.entry()]),
        ...(definition ? [] : [Errors.descriptorNotFound.entry(descriptor)]),
      ];
      if (notFound.length > 0 || !tester || !definition) throw ApiError.many(notFound);
      if (!input.skip_quantity_check) {
        const held = await heldCount(trx, tester.id, definition.id);
        if (held >= definition.max_quantity_per_user) {
          throw Errors.rewardLimitReached(held, descriptor, definition.max_quantity_per_user);
        }
      }
      return insertReward(trx, {
        betaId: beta.id,
        testerId: tester.id,
        definition,
        role: 'referrer',
        name: definition.name,
        source: 'manual',
        now,
      });
    });
  }

  /** earned → delivered or earned → revoked (revoking takes back the points granted with it). */
  async updateStatus(companyId: number, betaIdText: string, rewardIdText: string, statusText: string | undefined): Promise<RewardRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const status = statusText?.trim() ?? '';
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const found = await this.requireReward(trx, beta.id, rewardIdText);
      if (!(StatusTargets as readonly string[]).includes(status)) {
        const shown = status ? JSON.stringify(status) : 'none given';
        throw Errors.rewardStatusInvalid(shown);
      }
      // Its tester before the reward (docs/architecture.md, "Lock order"): revoking moves the
      // tester's points. A tester deleted meanwhile took the reward with it.
      await lockTester(trx, this.dialect, found.tester_id);
      const reward = await this.requireReward(trx, beta.id, rewardIdText);
      const target = status as 'delivered' | 'revoked';
      const changed = reward.status === 'earned' ? await changeStatus(trx, reward, target, this.now()) : null;
      if (changed) return changed;
      // Not earned, or a concurrent change moved it first: report the status it has now.
      const current = await this.requireReward(trx, beta.id, rewardIdText);
      throw Errors.rewardTransitionRefused(current.status, target);
    });
  }

  /** Fires the custom event for the user: every reward its rules earn, possibly none. */
  async trigger(companyId: number, betaIdText: string, input: RewardTriggerInput): Promise<RewardRow[]> {
    const beta = await this.betas.require(companyId, betaIdText);
    const email = normalizedEmail(input.email);
    const event = input.event?.trim() ?? '';
    const missing = [...(email ? [] : [Errors.rewardEmailRequired.entry()]), ...(event ? [] : [Errors.eventRequired.entry()])];
    if (missing.length > 0) throw ApiError.many(missing);
    if (event === SIGNUP_EVENT) {
      throw Errors.rewardsGeneral('The event signup is reserved: it fires by itself when a referral is credited');
    }
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const actor = await this.findTester(trx, beta.id, email);
      if (!actor) throw Errors.rewardEmailNotFound();
      return fireRewardEvent(trx, this.dialect, beta, event, actor, this.now());
    });
  }

  // ---- helpers -------------------------------------------------------------------------------

  private now(): string {
    return storedTime(this.clock.now());
  }

  /** The beta's visible user with the e-mail address, locked; hidden users (plan limit) are not found. */
  private async findTester(trx: Executor, betaId: number, emailNormalized: string): Promise<TesterRow | undefined> {
    const tester = await forUpdate(
      this.dialect,
      trx.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('email_normalized', '=', emailNormalized),
    ).executeTakeFirst();
    return tester && !tester.hidden ? tester : undefined;
  }

  private async requireReward(executor: Executor, betaId: number, idText: string): Promise<RewardRow> {
    const id = parseId(idText);
    const row =
      id === null ? undefined : await executor.selectFrom('rewards').selectAll().where('id', '=', id).where('beta_id', '=', betaId).executeTakeFirst();
    if (!row) throw Errors.notFound('Reward not found');
    return row;
  }
}
