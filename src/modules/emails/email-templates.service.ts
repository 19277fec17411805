// A beta's e-mail templates (management extension): each occasion's parts as the beta rewrote
// them, over the built-in defaults (email-templates.ts), which sending reads the same way.
import type { Db } from '../../db/executor.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type BetasService } from '../betas/betas.service.ts';
import { templatesChanged } from './emails.service.ts';
import { checkTemplateInput, effectiveTemplate, requireOccasion, type EffectiveTemplate, type TemplateInput } from './email-templates.ts';
import { Occasions } from './occasions.ts';

export class EmailTemplatesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {}

  /** Every occasion's template as the beta sends it. */
  async listTemplates(companyId: number, betaId: string): Promise<EffectiveTemplate[]> {
    const beta = await this.betas.require(companyId, betaId);
    const rows = await this.db.selectFrom('email_templates').selectAll().where('beta_id', '=', beta.id).execute();
    return Occasions.map((occasion) => effectiveTemplate(occasion, rows.find((row) => row.occasion === occasion)));
  }

  async showTemplate(companyId: number, betaId: string, occasionText: string): Promise<EffectiveTemplate> {
    const beta = await this.betas.require(companyId, betaId);
    const occasion = requireOccasion(occasionText);
    const row = await this.db
      .selectFrom('email_templates')
      .selectAll()
      .where('beta_id', '=', beta.id)
      .where('occasion', '=', occasion)
      .executeTakeFirst();
    return effectiveTemplate(occasion, row);
  }

  /**
   * Changes the parts sent (null = back to the default part), keeping the others: one upsert, so
   * two concurrent changes of different parts both stay.
   */
  async updateTemplate(companyId: number, betaId: string, occasionText: string, input: TemplateInput): Promise<EffectiveTemplate> {
    const beta = await this.betas.require(companyId, betaId);
    const occasion = requireOccasion(occasionText);
    checkTemplateInput(input);
    const now = storedTime(this.clock.now());
    const changes: { subject?: string | null; body?: string | null; html_body?: string | null; enabled?: number; updated_at: string } = {
      updated_at: now,
    };
    if (input.subject !== undefined) changes.subject = input.subject;
    if (input.body !== undefined) changes.body = input.body;
    if (input.html_body !== undefined) changes.html_body = input.html_body;
    if (input.enabled !== undefined) changes.enabled = input.enabled ? 1 : 0;
    const row = await heldBy(
      this.db
        .insertInto('email_templates')
        .values({ beta_id: beta.id, occasion, subject: null, body: null, html_body: null, enabled: null, created_at: now, ...changes })
        .onConflict((oc) => oc.columns(['beta_id', 'occasion']).doUpdateSet(changes))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    templatesChanged(this.db, beta.id);
    return effectiveTemplate(occasion, row);
  }

  /** Back to the built-in template (and its default on/off). */
  async resetTemplate(companyId: number, betaId: string, occasionText: string): Promise<EffectiveTemplate> {
    const beta = await this.betas.require(companyId, betaId);
    const occasion = requireOccasion(occasionText);
    await this.db.deleteFrom('email_templates').where('beta_id', '=', beta.id).where('occasion', '=', occasion).execute();
    templatesChanged(this.db, beta.id);
    return effectiveTemplate(occasion, undefined);
  }
}
