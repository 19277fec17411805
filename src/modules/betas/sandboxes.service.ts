// A beta's sandbox (docs/api.md, "A sandbox to rehearse in"): a twin of the beta, in the same
// company, made of copies of what configures it — settings and design, questions, reward
// definitions and rules, e-mail templates, webhook endpoints — and nothing of what happened in it
// (testers, codes, events, messages). What a sandbox does differently is decided where the thing
// happens, from its `sandbox_of`: its e-mails are captured (emails.service.ts), its webhook
// deliveries marked as tests (webhook-delivery.ts), its testers outside the plan limit
// (testers.repository.ts).
import type { Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Errors } from '../../primitives/errors.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { newSecret } from '../webhooks/webhooks.service.ts';
import { newDecoderKey } from './beta-settings.ts';
import type { BetasService, CountedBeta } from './betas.service.ts';

/** What a sandbox is called: its beta's name, marked. */
export const sandboxName = (name: string) => `${name} (sandbox)`;

/** The beta's sandbox, read as `executor` sees it; undefined when it has none. */
function sandboxOf(executor: Executor, betaId: number): Promise<{ id: number } | undefined> {
  return executor.selectFrom('betas').select('id').where('sandbox_of', '=', betaId).executeTakeFirst();
}

export class SandboxesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {}

  /**
   * The beta's sandbox, created when it has none (`created`). A sandbox has none of its own
   * (422). Two requests at once make one: the unique index on `sandbox_of` refuses the second
   * insert, whose request then answers with the first one's sandbox.
   */
  async open(companyId: number, betaIdText: string): Promise<{ sandbox: CountedBeta; created: boolean }> {
    const beta = await this.betas.require(companyId, betaIdText);
    if (beta.sandbox_of !== null) throw Errors.sandboxOfSandbox();
    const existing = await sandboxOf(this.db, beta.id);
    if (existing) return { sandbox: await this.betas.show(companyId, existing.id), created: false };
    let id: number;
    try {
      id = await inTransaction(this.db, (trx) => this.#copy(trx, companyId, beta.id));
    } catch (error) {
      if (!uniqueViolation(error)?.includes('sandbox_of')) throw error;
      const raced = await sandboxOf(this.db, beta.id);
      if (!raced) throw error;
      return { sandbox: await this.betas.show(companyId, raced.id), created: false };
    }
    return { sandbox: await this.betas.show(companyId, id), created: true };
  }

  /** Creates the sandbox and its copies in the caller's transaction, from the beta as it stands, held first (404 once deleted). */
  async #copy(trx: Executor, companyId: number, betaId: number): Promise<number> {
    await this.betas.hold(trx, betaId);
    const beta = await this.betas.require(companyId, betaId, trx);
    const now = storedTime(this.clock.now());
    const { id } = await trx
      .insertInto('betas')
      .values({
        company_id: beta.company_id,
        name: sandboxName(beta.name),
        homepage_url: beta.homepage_url,
        // Slugs are unique: the sandbox's hosted page is reached by its id.
        slug: null,
        // A secret is never shared: invitation codes of the sandbox are not the beta's.
        settings: JSON.stringify({ ...beta.settings, decoder_key: newDecoderKey() }),
        page: JSON.stringify(beta.page),
        sandbox_of: beta.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const into = { from: beta.id, to: id, now };
    await copyImages(trx, into);
    await copyQuestions(trx, into);
    await copyRewards(trx, into);
    await copyTemplates(trx, into);
    await copyEndpoints(trx, into);
    return id;
  }
}

/** From which beta, into which, and when. */
interface Copy {
  from: number;
  to: number;
  now: string;
}

/** The design's images, which the copied design names by digest. */
async function copyImages(trx: Executor, { from, to, now }: Copy): Promise<void> {
  const rows = await trx.selectFrom('beta_images').selectAll().where('beta_id', '=', from).execute();
  if (rows.length > 0) await trx.insertInto('beta_images').values(rows.map((row) => ({ ...row, beta_id: to, created_at: now }))).execute();
}

/** The questions, in their order (new ids: answers in the sandbox name the sandbox's questions). */
async function copyQuestions(trx: Executor, { from, to, now }: Copy): Promise<void> {
  const rows = await trx.selectFrom('questions').selectAll().where('beta_id', '=', from).orderBy('id').execute();
  if (rows.length > 0) await trx.insertInto('questions').values(rows.map(({ id: _id, ...row }) => ({ ...row, beta_id: to, created_at: now }))).execute();
}

/** The reward definitions, then the rules that name them (by their descriptor, unique within a beta). */
async function copyRewards(trx: Executor, { from, to, now }: Copy): Promise<void> {
  const definitions = await trx.selectFrom('reward_definitions').selectAll().where('beta_id', '=', from).orderBy('id').execute();
  if (definitions.length === 0) return;
  const copies = await trx
    .insertInto('reward_definitions')
    .values(definitions.map(({ id: _id, ...row }) => ({ ...row, beta_id: to, created_at: now, updated_at: now })))
    .returning(['id', 'descriptor'])
    .execute();
  const copyByDescriptor = new Map(copies.map((copy) => [copy.descriptor, copy.id]));
  const copyOf = new Map(definitions.map((definition) => [definition.id, copyByDescriptor.get(definition.descriptor)!]));
  const rules = await trx.selectFrom('reward_rules').selectAll().where('beta_id', '=', from).orderBy('id').execute();
  if (rules.length > 0) {
    await trx
      .insertInto('reward_rules')
      .values(rules.map(({ id: _id, ...rule }) => ({ ...rule, beta_id: to, definition_id: copyOf.get(rule.definition_id)!, created_at: now })))
      .execute();
  }
}

async function copyTemplates(trx: Executor, { from, to, now }: Copy): Promise<void> {
  const rows = await trx.selectFrom('email_templates').selectAll().where('beta_id', '=', from).orderBy('id').execute();
  if (rows.length > 0) await trx.insertInto('email_templates').values(rows.map(({ id: _id, ...row }) => ({ ...row, beta_id: to, created_at: now, updated_at: now }))).execute();
}

/** The webhook endpoints, each with a secret of its own: a receiver can tell the sandbox's signatures from the beta's. */
async function copyEndpoints(trx: Executor, { from, to, now }: Copy): Promise<void> {
  const rows = await trx.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', from).orderBy('id').execute();
  if (rows.length > 0) {
    await trx
      .insertInto('webhook_endpoints')
      .values(rows.map(({ id: _id, ...row }) => ({ ...row, beta_id: to, secret: newSecret(), created_at: now, updated_at: now })))
      .execute();
  }
}
