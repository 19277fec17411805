import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import {
  EmailListQuery,
  EmailMessageDetailSchema,
  EmailMessageParams,
  EmailMessageSchema,
  EmailPreviewBody,
  EmailPreviewSchema,
  EmailSendingSchema,
  EmailTemplateBody,
  EmailTestBody,
  EmailTemplateParams,
  EmailTemplateSchema,
  OUTBOX_PAGE_SIZE,
  OutboxPageSchema,
  OutboxQuery,
} from './emails.schemas.ts';
import { presentMessage, presentMessageDetail, presentSending, presentTemplate } from './emails.presenter.ts';
import type { SendingBreaker } from './sending-breaker.ts';
import type { EmailLogService } from './email-log.service.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';
import type { TemplateInput } from './email-templates.ts';
import type { EmailPreviewsService, TemplateDraft } from './email-previews.ts';

/** `email_template` bodies are accepted wrapped or unwrapped. */
function templateInput(body: ({ email_template?: TemplateInput } & TemplateInput) | undefined): TemplateInput {
  const source = body?.email_template ?? body ?? {};
  return { subject: source.subject, body: source.body, html_body: source.html_body, enabled: source.enabled };
}

/** A draft's parts, wrapped in `email_template` or not. */
function draftInput(body: ({ email_template?: TemplateDraft } & TemplateDraft) | undefined): TemplateDraft {
  const source = body?.email_template ?? body ?? {};
  return { subject: source.subject, body: source.body, html_body: source.html_body };
}

const SAMPLE =
  'Rendered by the code that renders every message, for a made-up tester (Jane Doe, applied, 42nd of 1,000 on the waitlist; ' +
  'friend_invitation: sent by Sam Smith), so no tester\'s data is shown or sent.';

const TEMPLATE_VARIABLES =
  'Templates are Liquid. Variables: `tester` (as the API shows it, with `profile`), `beta` (`id`, `name`, `homepage_url`), ' +
  '`unsubscribe_url`; friend_invitation adds `sender` (the inviting tester) and `message`, confirmation adds `confirmation_url`. ' +
  'HTML bodies escape every output (`| raw` opts out); subjects and text bodies do not.';

export function emailsRoutes(app: App, templates: EmailTemplatesService, log: EmailLogService, previews: EmailPreviewsService, breaker: SendingBreaker): void {
  const series = 'betas' as const;
  const read = { permission: 'betas:read', series } as const;
  const write = { permission: 'betas:write', series } as const;

  app.get('/api/v2/betas/:beta_id/email_templates', {
    config: read,
    schema: {
      operationId: 'listEmailTemplates',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'List e-mail templates',
      description: `Every occasion's template as the beta sends it: its own parts, the built-in defaults elsewhere. ${TEMPLATE_VARIABLES}`,
      params: BetaParams,
      response: { 200: Type.Array(EmailTemplateSchema) },
    },
    handler: async (request) =>
      (await templates.listTemplates(principalOf(request).companyId, request.params.beta_id)).map(presentTemplate),
  });

  app.get('/api/v2/betas/:beta_id/email_templates/:occasion', {
    config: read,
    schema: {
      operationId: 'showEmailTemplate',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Show e-mail template',
      description: `The occasion's template as the beta sends it. ${TEMPLATE_VARIABLES}`,
      params: EmailTemplateParams,
      response: { 200: EmailTemplateSchema },
    },
    handler: async (request) =>
      presentTemplate(await templates.showTemplate(principalOf(request).companyId, request.params.beta_id, request.params.occasion)),
  });

  app.put('/api/v2/betas/:beta_id/email_templates/:occasion', {
    config: write,
    schema: {
      operationId: 'updateEmailTemplate',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Change e-mail template',
      description:
        'Changes the parts sent; parts not sent keep their value, null brings a part back to its default. ' +
        `A template that is not valid Liquid is refused (422) with the problem named. ${TEMPLATE_VARIABLES}`,
      params: EmailTemplateParams,
      body: EmailTemplateBody,
      response: { 200: EmailTemplateSchema },
    },
    handler: async (request) =>
      presentTemplate(
        await templates.updateTemplate(principalOf(request).companyId, request.params.beta_id, request.params.occasion, templateInput(request.body)),
      ),
  });

  app.delete('/api/v2/betas/:beta_id/email_templates/:occasion', {
    config: write,
    schema: {
      operationId: 'resetEmailTemplate',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Reset e-mail template',
      description: 'Back to the built-in template, switched on or off as by default. Answers with the template now in effect.',
      params: EmailTemplateParams,
      response: { 200: EmailTemplateSchema },
    },
    handler: async (request) =>
      presentTemplate(await templates.resetTemplate(principalOf(request).companyId, request.params.beta_id, request.params.occasion)),
  });

  app.post('/api/v2/betas/:beta_id/email_templates/:occasion/preview', {
    config: read,
    schema: {
      operationId: 'previewEmailTemplate',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Preview e-mail template',
      description:
        `The occasion's template with the draft's parts over it, rendered; stores nothing. ${SAMPLE} ` +
        'A part that is not valid Liquid, or fails while rendering, is refused (422) with the part named.',
      params: EmailTemplateParams,
      body: EmailPreviewBody,
      response: { 200: EmailPreviewSchema },
    },
    handler: async (request) =>
      previews.preview(principalOf(request).companyId, request.params.beta_id, request.params.occasion, draftInput(request.body)),
  });

  app.post('/api/v2/betas/:beta_id/email_templates/:occasion/test', {
    config: { ...write, rateLimit: 'testEmails' },
    schema: {
      operationId: 'sendTestEmail',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Send a test e-mail',
      description:
        `Renders the draft as the preview does and sends it to \`to\` (by default the signed-in member's address), as any message ` +
        'is sent: through SMTP, or captured without SMTP_URL. Answers 202 with the message, which the e-mail log lists with `test` ' +
        'true. An address suppressed or erased in the beta is refused (422). Limited by RATE_LIMIT_TEST_EMAILS (20 an hour) per member or key.',
      params: EmailTemplateParams,
      body: EmailTestBody,
      response: { 202: EmailMessageSchema },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { beta_id, occasion } = request.params;
      const recipient = { to: request.body?.to, memberId: principal.session?.memberId ?? null };
      const message = await previews.sendTest(principal.companyId, beta_id, occasion, draftInput(request.body), recipient);
      return reply.status(202).send(presentMessage(message));
    },
  });

  app.get('/api/v2/betas/:beta_id/emails', {
    config: read,
    schema: {
      operationId: 'listEmailMessages',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'List e-mail messages',
      description:
        'Messages rendered for the beta\'s testers (sent, captured, suppressed, failed or queued), by id, without their bodies: ' +
        'those written in the last EMAIL_LOG_RETENTION_DAYS (90 by default) and any still queued.',
      params: BetaParams,
      querystring: EmailListQuery,
      response: { 200: Type.Array(EmailMessageSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await log.listMessages(principalOf(request).companyId, request.params.beta_id, request.query, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentMessage) });
    },
  });

  app.get('/api/v2/betas/:beta_id/outbox', {
    config: read,
    schema: {
      operationId: 'browseOutbox',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Browse the outbox',
      description:
        'The e-mail log newest first, a page at a time by cursor (`before` = the previous page\'s `older`), with the filters of ' +
        'the list: what the console\'s outbox shows. No total is counted, so every page answers as fast as the first. With ' +
        '`occasion` or `status` (and no `email`), a page looks through the next 10,000 messages only: it may hold fewer than ' +
        '`limit`, even none, while `older` says where to go on.',
      params: BetaParams,
      querystring: OutboxQuery,
      response: { 200: OutboxPageSchema },
    },
    handler: async (request) => {
      const { before, limit = OUTBOX_PAGE_SIZE, ...filters } = request.query;
      const page = await log.browseMessages(principalOf(request).companyId, request.params.beta_id, filters, { before, limit });
      return { messages: page.items.map(presentMessage), older: page.older };
    },
  });

  app.get('/api/v2/betas/:beta_id/emails/:email_id', {
    config: read,
    schema: {
      operationId: 'showEmailMessage',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Show e-mail message',
      description: 'One message with its bodies as rendered.',
      params: EmailMessageParams,
      response: { 200: EmailMessageDetailSchema },
    },
    handler: async (request) =>
      presentMessageDetail(await log.showMessage(principalOf(request).companyId, request.params.beta_id, request.params.email_id)),
  });

  const SENDING =
    'The beta\'s e-mail sending: whether the sending breaker paused it (hard bounces and complaints among its last email_breaker_window sends past ' +
    'email_breaker_threshold_percent), its queue and its send rate.';

  app.get('/api/v2/betas/:beta_id/email_sending', {
    config: read,
    schema: {
      operationId: 'showEmailSending',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Show e-mail sending',
      description: SENDING,
      params: BetaParams,
      response: { 200: EmailSendingSchema },
    },
    handler: async (request) => presentSending(await breaker.state(principalOf(request).companyId, request.params.beta_id)),
  });

  app.post('/api/v2/betas/:beta_id/email_sending/resume', {
    config: write,
    schema: {
      operationId: 'resumeEmailSending',
      tags: ['E-mail'],
      'x-extension': true,
      summary: 'Resume e-mail sending',
      description:
        `${SENDING} Ends the pause: the queued messages go out (within the caps), and the breaker counts only the sends from now on. ` +
        'Answers the sending as it is then; resuming a beta that is not paused changes nothing.',
      params: BetaParams,
      response: { 200: EmailSendingSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const by = { memberId: principal.session?.memberId ?? null, keyId: principal.keyId };
      return presentSending(await breaker.resume(principal.companyId, request.params.beta_id, by));
    },
  });
}
