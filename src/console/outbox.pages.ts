// A beta's outbox at /console/betas/{beta_id}/outbox: every e-mail written for it (captured, sent,
// held back, failed or still queued), newest first, filtered by recipient, occasion and status, and
// one opened with its HTML in a sandboxed frame and its plain text. outbox.js fills it through the
// API; the frame's document comes from /outbox/{message_id}/html under a policy of its own.
import type { FastifyRequest } from 'fastify';
import { Occasions } from '../modules/emails/occasions.ts';
import { MessageStatuses } from '../modules/emails/emails.schemas.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';
import { any, choice } from './testers.pages.ts';

const STATUS_LABELS: Record<(typeof MessageStatuses)[number], string> = {
  queued: 'Queued',
  captured: 'Captured',
  sent: 'Sent',
  suppressed: 'Held back',
  failed: 'Failed or bounced',
};

export const outboxContent = (): Trusted =>
  html`<p class="lead">Every e-mail written for this beta's testers, newest first. Without SMTP_URL messages are captured here instead of sent.</p>
<form id="outbox-filters" class="filters" role="search" aria-label="Find e-mails" novalidate>
<p class="alert" id="outbox-filters-error" role="alert" hidden></p>
<div class="field"><label for="field-email">Recipient (whole address)</label><input id="field-email" name="email" type="search" autocomplete="off" maxlength="320" aria-describedby="email-error"><p class="error" id="email-error" hidden></p></div>
${choice('occasion', 'Occasion', [any, ...Occasions.map((occasion): [string, string] => [occasion, occasion.replace('_', ' ')])])}
${choice('status', 'Status', [any, ...MessageStatuses.map((status): [string, string] => [status, STATUS_LABELS[status]])])}
<div class="filter-buttons"><button type="submit">Apply</button> <button type="button" class="secondary" id="clear-filters">Clear</button></div>
</form>
<p id="outbox-status" role="status">Loading…</p>
<div class="table-scroll nowrap" role="region" aria-labelledby="outbox-caption" tabindex="0">
<table class="outbox"><caption id="outbox-caption" class="visually-hidden">E-mails, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Recipient</th><th scope="col">Occasion</th><th scope="col">Status</th><th scope="col">Subject</th></tr></thead>
<tbody id="outbox"></tbody></table>
</div>
<p class="pager"><button type="button" class="secondary" id="older" hidden>Show older e-mails</button></p>
<section class="preview" id="message" aria-labelledby="message-subject" tabindex="-1" hidden>
<h2 id="message-subject"></h2>
<dl class="message-facts" id="message-facts"></dl>
<p><button type="button" class="secondary" id="close-message">Close this e-mail</button></p>
<h3>HTML</h3>
<p class="hint" id="message-no-html" hidden>This e-mail has no HTML part.</p>
<iframe id="message-html" sandbox="" title="The e-mail's HTML" referrerpolicy="no-referrer" hidden></iframe>
<h3>Plain text</h3>
<pre id="message-text" tabindex="0" aria-label="The e-mail's plain text"></pre>
</section>`;

/** The outbox page frames this site's own documents only. */
const OUTBOX_POLICY = { frameSrc: ["'self'"] };

/**
 * The policy of a message's HTML: its own styles and embedded images, nothing else (no script, no
 * form, no request to another host: an image from elsewhere stays blank), sandboxed even when
 * opened outside its frame.
 */
export const MESSAGE_POLICY = "default-src 'none';style-src 'unsafe-inline';img-src data:;font-src data:;base-uri 'none';form-action 'none';frame-ancestors 'self';sandbox";

export function outboxPages({ betaPage, betaFrame, services }: ConsolePages): void {
  betaPage('outbox', { title: () => 'Outbox', script: 'outbox.js', policy: OUTBOX_POLICY, content: () => outboxContent() });
  betaFrame('outbox', {
    sub: '/:message_id/html',
    policy: MESSAGE_POLICY,
    body: async (beta, active, request: FastifyRequest) => {
      const { message_id } = request.params as { message_id: string };
      const message = await services.emailLog.showMessage(active.member.company_id, String(beta.id), message_id);
      return message.html_body ?? '';
    },
  });
}
