// Occasions and templates: which message a change sends, what a beta's template for it is (its own
// parts over the built-in defaults), and rendering one for a tester.
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import type { EmailTemplateRow } from '../../db/tables/effects.ts';
import type { StatusEmailTrigger } from './email-queue.ts';
import { defaultTemplates, type TemplateParts } from './default-templates.ts';
import { liquidProblem, renderLiquid } from './email-rendering.ts';
import { Occasions, type Occasion } from './occasions.ts';

/** The variables each occasion's templates see, besides tester, beta and unsubscribe_url. */
const extraVariables: Partial<Record<Occasion, string[]>> = {
  friend_invitation: ['sender', 'message'],
  confirmation: ['confirmation_url'],
  position_changed: ['position_before', 'position_after'],
};

export function variablesOf(occasion: Occasion): string[] {
  return ['tester', 'beta', 'unsubscribe_url', ...(extraVariables[occasion] ?? [])];
}

/** The message a tester reaching a status gets, or null when that status sends none. */
export function occasionForStatus(status: StatusEmailTrigger): Occasion | null {
  switch (status) {
    case 'invited':
      return 'invitation';
    case 'unconfirmed':
      return 'confirmation';
    case 'applied':
    case 'active':
    case 'rejected':
    case 'suspended':
    case 'unsuspended':
      return status;
    default:
      return null;
  }
}

/** The occasion named in a path, or 404 naming the known ones. */
export function requireOccasion(text: string): Occasion {
  const occasion = Occasions.find((o) => o === text);
  if (!occasion) throw Errors.notFound(`E-mail template not found: the occasions are ${Occasions.join(', ')}`);
  return occasion;
}

export interface EffectiveTemplate extends TemplateParts {
  occasion: Occasion;
  enabled: boolean;
  /** The beta rewrote the subject, the text or the HTML (switching it on or off is not rewriting). */
  customized: boolean;
  /** Stored time of the beta's last change; null while it has none. */
  updated_at: string | null;
}

/** Whether the occasion's message is sent, from the beta's stored switch (null or none: the default's). */
export function switchedOn(occasion: Occasion, stored: number | null | undefined): boolean {
  return stored == null ? defaultTemplates[occasion].enabled : stored === 1;
}

/** The beta's template for the occasion: its stored parts where it has them, the defaults elsewhere. */
export function effectiveTemplate(occasion: Occasion, row: EmailTemplateRow | undefined): EffectiveTemplate {
  const fallback = defaultTemplates[occasion];
  return {
    occasion,
    subject: row?.subject ?? fallback.subject,
    body: row?.body ?? fallback.body,
    html_body: row?.html_body ?? fallback.html_body,
    enabled: switchedOn(occasion, row?.enabled),
    customized: row != null && (row.subject !== null || row.body !== null || row.html_body !== null),
    updated_at: row?.updated_at ?? null,
  };
}

/** A template change as sent: absent = unchanged, null = back to the default. */
export interface TemplateInput {
  subject?: string | null;
  body?: string | null;
  html_body?: string | null;
  enabled?: boolean;
}

/** Every problem of a template change, reported together (betasGeneral), or nothing. */
export function checkTemplateInput(input: TemplateInput): void {
  const errors: ErrorEntry[] = [];
  if (input.subject === undefined && input.body === undefined && input.html_body === undefined && input.enabled === undefined) {
    errors.push(Errors.betasGeneral.entry('No template fields received: send subject, body, html_body or enabled, wrapped in "email_template" or not'));
  }
  errors.push(...templatePartProblems(input));
  if (errors.length > 0) throw ApiError.many(errors);
}

/** Each part sent that is empty where it may not be, or not valid Liquid, each named by its field. */
export function templatePartProblems(input: TemplateInput): ErrorEntry[] {
  const errors: ErrorEntry[] = [];
  const problem = (message: string) => errors.push(Errors.betasGeneral.entry(message));
  for (const [field, kind] of [['subject', 'text'], ['body', 'text'], ['html_body', 'html']] as const) {
    const source = input[field];
    if (source == null) continue;
    if (field !== 'html_body' && source.trim() === '') {
      problem(`${field} must not be empty (send null to go back to the default)`);
      continue;
    }
    const why = liquidProblem(kind, source);
    if (why) problem(`${field} is not a valid Liquid template: ${why}`);
  }
  return errors;
}

/** The template with the parts of a draft over it: absent = as it is, null = the default part. */
export function draftTemplate(template: EffectiveTemplate, draft: TemplateInput): TemplateParts {
  const fallback = defaultTemplates[template.occasion];
  const part = (field: keyof TemplateParts) => (draft[field] === undefined ? template[field] : (draft[field] ?? fallback[field]));
  return { subject: part('subject'), body: part('body'), html_body: part('html_body') };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  /** Null when the template has no HTML part. */
  html: string | null;
}

/** Renders the template's three parts; TemplateError when one fails. */
export function renderEmail(template: TemplateParts, variables: Record<string, unknown>): RenderedEmail {
  return {
    // A header is one line: line breaks and runs of blanks a template produced become one space.
    subject: renderLiquid('text', template.subject, variables).replace(/\s+/g, ' ').trim(),
    text: renderLiquid('text', template.body, variables),
    html: template.html_body === '' ? null : renderLiquid('html', template.html_body, variables),
  };
}
