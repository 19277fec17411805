// What the console's template editor shows and sends (docs/decisions.md, "E-mail previews and test
// sends"): a draft of a template rendered for a sample tester by the same code the mailer's
// messages are rendered with, and a test send of it to one address the member chose, which leaves
// like any message (logged, sent by the outbox through SMTP or captured) and is refused for an
// address the beta must not write to.
import { ApiError, Errors } from '../../primitives/errors.ts';
import type { Db } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { apiTime, storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type Beta, type BetasService } from '../betas/betas.service.ts';
import { isErased } from '../suppressions/erasures.ts';
import { isSuppressed } from '../suppressions/suppressions.service.ts';
import type { TesterView } from '../testers/testers.presenter.ts';
import { ProfileFields } from '../testers/profile.ts';
import { invalidEmailMessage, isValidEmail, normalizeEmail } from '../testers/email-address.ts';
import { TemplateError } from './email-rendering.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';
import { draftTemplate, renderEmail, templatePartProblems, type RenderedEmail, type TemplateInput } from './email-templates.ts';
import type { Occasion } from './occasions.ts';
import { newToken, type EmailsService } from './emails.service.ts';
import { EMAIL_SEND_JOB } from './send-jobs.ts';
import type { EmailMessageRow } from '../../db/tables/effects.ts';

/** A draft's parts: absent = the template as the beta sends it, null = the default part. */
export type TemplateDraft = Omit<TemplateInput, 'enabled'>;

/** Where a test send goes: the address given, else the signed-in member's own. */
export interface TestRecipient {
  to?: string | null;
  memberId: number | null;
}

/** A made-up tester, as the API shows one, for previews and test sends: no real tester's data leaves. */
function sampleTester(id: number, firstName: string, lastName: string, publicUrl: string, at: string): TesterView {
  const profile: Record<string, string | null> = Object.fromEntries(ProfileFields.map((field) => [field, null]));
  Object.assign(profile, { first_name: firstName, last_name: lastName, country: 'US', locale: 'en-US' });
  const code = `SMPL${id}`;
  const uuid = `00000000-0000-4000-8000-00000000000${id}`;
  return {
    id,
    uuid,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    status: 'applied',
    invitation_code: '6210ede5e4',
    imported_at: null,
    applied_at: at,
    invited_at: null,
    joined_at: null,
    unsubscribed_at: null,
    share_clicks_count: 12,
    share_signups_count: 3,
    friend_invitations_allowed: 5,
    friend_invitations_count: 1,
    friend_invitations_remaining: 4,
    referral_code: code,
    share_link: `${publicUrl}/r/${code}`,
    share_status_link: `${publicUrl}/r/${code}?check=${uuid}`,
    waitlist_position: 42,
    waitlist_ahead: 41,
    waitlist_behind: 958,
    waitlist_length: 1000,
    referred_by: null,
    referral_channel: null,
    groups: '',
    created_at: at,
    updated_at: at,
    profile,
    fraud: { signup_ip: null, signup_user_agent: null, flags: [], referral: null, referral_accepted_at: null },
    leaderboard_name: null,
    priority: 0,
  };
}

export class EmailPreviewsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly templates: EmailTemplatesService,
    private readonly emails: EmailsService,
    private readonly publicUrl: string,
  ) {}

  /** The draft rendered for a sample tester; 422 naming the part that is not valid or fails. */
  async preview(companyId: number, betaId: string, occasion: string, draft: TemplateDraft): Promise<RenderedEmail> {
    const beta = await this.betas.require(companyId, betaId);
    const parts = await this.draftOf(companyId, beta, occasion, draft);
    return this.render(parts.occasion, parts.template, beta, `${this.publicUrl}/unsubscribe/sample`);
  }

  /**
   * Renders the draft for a sample tester and queues it to the recipient as a test message (the
   * e-mail log shows it with `test` true). Refused (422) for an address that is not one, or that
   * the beta must not write to (suppressed or erased).
   */
  async sendTest(companyId: number, betaId: string, occasion: string, draft: TemplateDraft, recipient: TestRecipient): Promise<EmailMessageRow> {
    const beta = await this.betas.require(companyId, betaId);
    const address = normalizeEmail(recipient.to ?? (await this.memberAddress(companyId, recipient.memberId)));
    if (!address) throw Errors.betasGeneral('to is required: the address the test message goes to');
    if (!isValidEmail(address.email)) throw Errors.betasGeneral(`to: ${invalidEmailMessage(address.email)}`);
    const parts = await this.draftOf(companyId, beta, occasion, draft);
    const token = newToken();
    const rendered = this.render(parts.occasion, parts.template, beta, this.emails.unsubscribeUrl(token));
    return inTransaction(this.db, async (trx) => {
      if ((await isSuppressed(trx, beta.id, address.email)) || (await isErased(trx, beta.id, address.email))) {
        throw Errors.betasGeneral(`to: ${address.email} is suppressed in this beta, so no message is sent to it, a test neither`);
      }
      const now = this.clock.now();
      const message = await heldBy(
        trx
          .insertInto('email_messages')
          .values({
            beta_id: beta.id,
            tester_id: null,
            test: 1,
            to_address: address.email,
            email_normalized: address.normalized,
            occasion: parts.occasion,
            subject: rendered.subject,
            text_body: rendered.text,
            html_body: rendered.html,
            status: 'queued',
            error: null,
            unsubscribe_token: token,
            created_at: storedTime(now),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      await enqueueJob(trx, EMAIL_SEND_JOB, { messageId: message.id }, now);
      return message;
    });
  }

  private async memberAddress(companyId: number, memberId: number | null): Promise<string | null> {
    if (memberId === null) return null;
    const member = await this.db.selectFrom('members').select('email').where('id', '=', memberId).where('company_id', '=', companyId).executeTakeFirst();
    return member?.email ?? null;
  }

  /** The occasion's template with the draft's parts over it, each part checked. */
  private async draftOf(companyId: number, beta: Beta, occasion: string, draft: TemplateDraft) {
    const template = await this.templates.showTemplate(companyId, String(beta.id), occasion);
    const problems = templatePartProblems(draft);
    if (problems.length > 0) throw ApiError.many(problems);
    return { occasion: template.occasion, template: draftTemplate(template, draft) };
  }

  private render(occasion: Occasion, template: ReturnType<typeof draftTemplate>, beta: Beta, unsubscribeUrl: string): RenderedEmail {
    const at = apiTime(storedTime(this.clock.now()));
    const variables: Record<string, unknown> = {
      tester: sampleTester(1, 'Jane', 'Doe', this.publicUrl, at!),
      beta: { id: beta.id, name: beta.name, homepage_url: beta.homepage_url },
      unsubscribe_url: unsubscribeUrl,
    };
    if (occasion === 'friend_invitation') {
      variables.sender = sampleTester(2, 'Sam', 'Smith', this.publicUrl, at!);
      variables.message = 'I think you would like this.';
    }
    if (occasion === 'confirmation') variables.confirmation_url = `${this.publicUrl}/confirm/sample`;
    if (occasion === 'position_changed') Object.assign(variables, { position_before: 58, position_after: 42 });
    try {
      return renderEmail(template, variables);
    } catch (problem) {
      if (!(problem instanceof TemplateError)) throw problem;
      throw Errors.betasGeneral(`The ${occasion} template could not be rendered: ${problem.message}`);
    }
  }
}
