// Reward configuration (management extension; docs/decisions.md, "Rewards"): the beta's reward
// definitions and the rules that map an event name to the definitions it issues. Every rule problem
// answers 422 with the series' general code (rewardsGeneral) and a message naming the problem.
import { ApiError, Errors } from '../../primitives/errors.ts';
import { forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { RewardDefinitionRow } from '../../db/tables/rewards.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type BetasService } from '../betas/betas.service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { readCache } from '../../db/engine/read-cache.ts';


export interface DefinitionInput {
  descriptor?: string;
  name?: string;
  type?: string;
  friend_name?: string | null;
  max_quantity_per_user?: number;
  referrals_required?: number | null;
  points?: number;
}

export interface RuleInput {
  event?: string;
  descriptor?: string;
}

export interface RewardRuleView {
  id: number;
  event: string;
  descriptor: string;
  definition_id: number;
  created_at: string;
}

type DefinitionValues = Pick<
  RewardDefinitionRow,
  'descriptor' | 'name' | 'type' | 'friend_name' | 'max_quantity_per_user' | 'referrals_required' | 'points'
>;

function invalid(problems: string[]): ApiError {
  return ApiError.many(problems.map((message) => Errors.rewardsGeneral.entry(message)));
}

/**
 * The definition as it will be stored: `input` over `current` (null on create). A change of type
 * clears friend_name and referrals_required when the new type has no use for them and the request
 * does not set them; sent explicitly for the wrong type they are an error.
 */
function checkDefinition(input: DefinitionInput, current: RewardDefinitionRow | null): DefinitionValues {
  const problems: string[] = [];
  const text = (field: 'descriptor' | 'name'): string => {
    const sent = input[field]?.trim();
    if (sent === undefined && !current) problems.push(`${field} is required`);
    else if (sent === '') problems.push(`${field} must not be blank`);
    return sent || current?.[field] || '';
  };
  const descriptor = text('descriptor');
  const name = text('name');
  if (input.type === undefined && !current) problems.push('type is required');
  const type = input.type ?? current?.type ?? '';
  const typeChanged = current !== null && type !== current.type;

  const friendName =
    input.friend_name !== undefined ? input.friend_name?.trim() || null : typeChanged && type !== 'DoubleSided' ? null : (current?.friend_name ?? null);
  const referralsRequired =
    input.referrals_required !== undefined
      ? input.referrals_required
      : typeChanged && type !== 'Milestone'
        ? null
        : (current?.referrals_required ?? null);
  if (type === 'Milestone' && referralsRequired === null) problems.push('referrals_required is required for a Milestone reward');
  if (type && type !== 'Milestone' && referralsRequired !== null) problems.push('referrals_required applies only to Milestone rewards');
  if (type && type !== 'DoubleSided' && friendName !== null) problems.push('friend_name applies only to DoubleSided rewards');
  if (problems.length > 0) throw invalid(problems);
  return {
    descriptor,
    name,
    type,
    friend_name: friendName,
    max_quantity_per_user: input.max_quantity_per_user ?? current?.max_quantity_per_user ?? 1,
    referrals_required: referralsRequired,
    points: input.points ?? current?.points ?? 0,
  };
}

/** A unique violation of the descriptor index as the API's error; anything else unchanged. */
function translateDescriptorClash(error: unknown, descriptor: string | undefined): unknown {
  if (uniqueViolation(error)?.includes('descriptor')) {
    return invalid([`descriptor ${JSON.stringify(descriptor)} is already used by another reward definition of this beta`]);
  }
  return error;
}

/** A Milestone reward of a beta: earned at `referrals_required` credited referrals. */
export interface Milestone {
  reward_definition_id: number;
  name: string;
  referrals_required: number;
}

/** Each beta's milestones: configuration read from memory ("Configuration read from memory"); the writers below drop it. */
function milestonesCache(db: Db) {
  return readCache<number, readonly Milestone[]>(db, 'milestones', 'ttl');
}

/** The beta's Milestone definitions, fewest referrals first: every status page and progress.json reads them. */
export function milestonesOf(db: Db, betaId: number): Promise<readonly Milestone[]> {
  return milestonesCache(db).get(betaId, async () => {
    const rows = await db
      .selectFrom('reward_definitions')
      .select(['id', 'name', 'referrals_required'])
      .where('beta_id', '=', betaId)
      .where('type', '=', 'Milestone')
      .orderBy('referrals_required')
      .orderBy('id')
      .execute();
    return Object.freeze(rows.map((row) => Object.freeze({ reward_definition_id: row.id, name: row.name, referrals_required: row.referrals_required ?? 0 })));
  });
}

export class RewardDefinitionsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {}

  // ---- definitions ---------------------------------------------------------------------------

  async listDefinitions(companyId: number, betaIdText: string, page: PageRequest) {
    const beta = await this.betas.require(companyId, betaIdText);
    const [rows, counted] = await Promise.all([
      this.db.selectFrom('reward_definitions').selectAll().where('beta_id', '=', beta.id).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('reward_definitions').select('id').where('beta_id', '=', beta.id), page),
    ]);
    return { items: rows, ...counted };
  }

  async createDefinition(companyId: number, betaIdText: string, input: DefinitionInput): Promise<RewardDefinitionRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const values = checkDefinition(input, null);
    const now = this.now();
    try {
      return await heldBy(
        this.db
          .insertInto('reward_definitions')
          .values({ beta_id: beta.id, ...values, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    } catch (error) {
      throw translateDescriptorClash(error, values.descriptor);
    } finally {
      milestonesCache(this.db).invalidate(beta.id);
    }
  }

  /**
   * Changes the definition; rewards issued from it keep what they were issued with. A definition
   * with rules cannot become a Milestone (milestones are earned by referrals, never by events).
   * The definition's row lock serialises this with rule creation, which checks the type.
   */
  async updateDefinition(companyId: number, betaIdText: string, definitionIdText: string, input: DefinitionInput): Promise<RewardDefinitionRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    try {
      return await inTransaction(this.db, async (trx) => {
        await this.betas.hold(trx, beta.id);
        const current = await this.requireDefinition(trx, beta.id, definitionIdText, { lock: true });
        const values = checkDefinition(input, current);
        if (values.type === 'Milestone' && current.type !== 'Milestone') {
          const { n } = await trx
            .selectFrom('reward_rules')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('definition_id', '=', current.id)
            .executeTakeFirstOrThrow();
          if (Number(n) > 0) throw invalid(['a reward definition with rules cannot become a Milestone: delete its rules first']);
        }
        milestonesCache(this.db).invalidateFor(trx, beta.id);
        return trx
          .updateTable('reward_definitions')
          .set({ ...values, updated_at: this.now() })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      throw translateDescriptorClash(error, input.descriptor?.trim());
    }
  }

  /** Deletes the definition with its rules; issued rewards stay. Answers with it as it was. */
  async deleteDefinition(companyId: number, betaIdText: string, definitionIdText: string): Promise<RewardDefinitionRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const id = parseId(definitionIdText);
    const row =
      id === null
        ? undefined
        : await this.db.deleteFrom('reward_definitions').where('id', '=', id).where('beta_id', '=', beta.id).returningAll().executeTakeFirst();
    milestonesCache(this.db).invalidate(beta.id);
    if (!row) throw Errors.notFound('Reward definition not found');
    return row;
  }

  // ---- rules ---------------------------------------------------------------------------------

  async listRules(companyId: number, betaIdText: string, page: PageRequest) {
    const beta = await this.betas.require(companyId, betaIdText);
    const [items, counted] = await Promise.all([
      this.rules(this.db, beta.id).orderBy('reward_rules.id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('reward_rules').select('id').where('beta_id', '=', beta.id), page),
    ]);
    return { items, ...counted };
  }

  async createRule(companyId: number, betaIdText: string, input: RuleInput): Promise<RewardRuleView> {
    const beta = await this.betas.require(companyId, betaIdText);
    const event = input.event?.trim() ?? '';
    const descriptor = input.descriptor?.trim() ?? '';
    const problems: string[] = [];
    if (!event) problems.push('event is required');
    if (!descriptor) problems.push('descriptor is required');
    if (problems.length > 0) throw invalid(problems);
    try {
      return await inTransaction(this.db, async (trx) => {
        await this.betas.hold(trx, beta.id);
        // Locked: the definition can neither be deleted nor become a Milestone before the rule is in.
        const definition = await forUpdate(
          this.dialect,
          trx.selectFrom('reward_definitions').selectAll().where('beta_id', '=', beta.id).where('descriptor', '=', descriptor),
        ).executeTakeFirst();
        if (!definition) throw invalid([`no reward definition has the descriptor ${JSON.stringify(descriptor)} in this beta`]);
        if (definition.type === 'Milestone') {
          throw invalid([`${JSON.stringify(descriptor)} is a Milestone reward: it is earned by referrals, not by events`]);
        }
        const rule = await trx
          .insertInto('reward_rules')
          .values({ beta_id: beta.id, event, definition_id: definition.id, created_at: this.now() })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { id: rule.id, event: rule.event, descriptor: definition.descriptor, definition_id: definition.id, created_at: rule.created_at };
      });
    } catch (error) {
      if (uniqueViolation(error)?.includes('definition_id')) {
        throw invalid([`a rule for the event ${JSON.stringify(event)} and the descriptor ${JSON.stringify(descriptor)} exists already`]);
      }
      throw error;
    }
  }

  /** Deletes the rule; answers with it as it was. */
  async deleteRule(companyId: number, betaIdText: string, ruleIdText: string): Promise<RewardRuleView> {
    const beta = await this.betas.require(companyId, betaIdText);
    const id = parseId(ruleIdText);
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const rule = id === null ? undefined : await this.rules(trx, beta.id).where('reward_rules.id', '=', id).executeTakeFirst();
      if (!rule) throw Errors.notFound('Reward rule not found');
      await trx.deleteFrom('reward_rules').where('id', '=', rule.id).execute();
      return rule;
    });
  }

  // ---- helpers -------------------------------------------------------------------------------

  private now(): string {
    return storedTime(this.clock.now());
  }

  private rules(executor: Executor, betaId: number) {
    return executor
      .selectFrom('reward_rules')
      .innerJoin('reward_definitions', 'reward_definitions.id', 'reward_rules.definition_id')
      .select([
        'reward_rules.id',
        'reward_rules.event',
        'reward_definitions.descriptor',
        'reward_rules.definition_id',
        'reward_rules.created_at',
      ])
      .where('reward_rules.beta_id', '=', betaId);
  }

  private async requireDefinition(executor: Executor, betaId: number, idText: string, options: { lock?: boolean } = {}): Promise<RewardDefinitionRow> {
    const id = parseId(idText);
    const query = executor.selectFrom('reward_definitions').selectAll().where('id', '=', id ?? 0).where('beta_id', '=', betaId);
    const row = id === null ? undefined : await (options.lock ? forUpdate(this.dialect, query) : query).executeTakeFirst();
    if (!row) throw Errors.notFound('Reward definition not found');
    return row;
  }
}
