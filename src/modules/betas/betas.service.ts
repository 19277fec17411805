// Betas (projects): the company's campaigns, their counters and settings.
import { ApiError } from '../../errors.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { BetaRow } from '../../db/types.ts';
import { apiTime, storedTime, type Clock } from '../../time.ts';
import {
  defaultSettings,
  isWebUrl,
  mergeSettings,
  parseStoredSettings,
  settingsProblems,
  type BetaSettings,
  type BetaSettingsPatch,
} from './beta-settings.ts';
import { parseId } from '../../http/schemas.ts';

export interface Beta extends Omit<BetaRow, 'settings'> {
  settings: BetaSettings;
}

export interface BetaInput {
  name?: string;
  homepage_url?: string;
  settings?: BetaSettingsPatch;
}

export function toBeta(row: BetaRow): Beta {
  return { ...row, settings: parseStoredSettings(row.settings) };
}

export function presentBeta(beta: Beta) {
  return {
    id: beta.id,
    name: beta.name,
    homepage_url: beta.homepage_url,
    testers_count: beta.testers_count,
    impressions_count: beta.impressions_count,
    share_clicks_count: beta.share_clicks_count,
    share_signups_count: beta.share_signups_count,
    imported_testers_count: beta.imported_testers_count,
    applied_testers_count: beta.applied_testers_count,
    invited_testers_count: beta.invited_testers_count,
    active_testers_count: beta.active_testers_count,
    rejected_testers_count: beta.rejected_testers_count,
    created_at: apiTime(beta.created_at),
    updated_at: apiTime(beta.updated_at),
    settings: beta.settings,
  };
}

function checkInput(input: BetaInput, creating: boolean): void {
  const problems: string[] = [];
  if (creating && !input.name?.trim()) problems.push('name is required');
  if (input.name !== undefined && !input.name.trim()) problems.push('name must not be empty');
  if (creating && !input.homepage_url) problems.push('homepage_url is required');
  if (input.homepage_url !== undefined && !isWebUrl(input.homepage_url)) {
    problems.push('homepage_url must be an absolute http(s) URL');
  }
  if (input.settings) problems.push(...settingsProblems(input.settings));
  if (problems.length > 0) throw ApiError.many(problems.map((message) => ({ code: 2201, message })));
}

export class BetasService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The company's beta, or 404 when it does not exist or belongs to another company. */
  async require(companyId: number, betaIdText: string | number, executor: Executor = this.db): Promise<Beta> {
    const id = typeof betaIdText === 'number' ? betaIdText : parseId(betaIdText);
    const row =
      id === null
        ? undefined
        : await executor.selectFrom('betas').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
    if (!row) throw ApiError.notFound('Beta');
    return toBeta(row);
  }

  async list(companyId: number, page: { offset: number; perPage: number }): Promise<{ items: Beta[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('betas').selectAll().where('company_id', '=', companyId).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      this.db.selectFrom('betas').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toBeta), total: Number(count.n) };
  }

  async create(companyId: number, input: BetaInput): Promise<Beta> {
    checkInput(input, true);
    const now = storedTime(this.clock.now());
    const settings = mergeSettings(defaultSettings(), input.settings ?? {});
    const row = await this.db
      .insertInto('betas')
      .values({
        company_id: companyId,
        name: input.name!.trim(),
        homepage_url: input.homepage_url!,
        settings: JSON.stringify(settings),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBeta(row);
  }

  async update(companyId: number, betaId: string, input: BetaInput): Promise<Beta> {
    checkInput(input, false);
    return this.db.transaction().execute(async (trx) => {
      const beta = await this.require(companyId, betaId, trx);
      const row = await trx
        .updateTable('betas')
        .set({
          name: input.name?.trim() ?? beta.name,
          homepage_url: input.homepage_url ?? beta.homepage_url,
          settings: JSON.stringify(mergeSettings(beta.settings, input.settings ?? {})),
          updated_at: storedTime(this.clock.now()),
        })
        .where('id', '=', beta.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBeta(row);
    });
  }

  /** Deletes the beta with everything in it (testers, answers, codes, checkins) and returns it as it was. */
  async delete(companyId: number, betaId: string): Promise<Beta> {
    return this.db.transaction().execute(async (trx) => {
      const beta = await this.require(companyId, betaId, trx);
      await trx.deleteFrom('betas').where('id', '=', beta.id).execute();
      return beta;
    });
  }
}
