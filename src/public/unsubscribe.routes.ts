// The unsubscribe link of every e-mail (docs/decisions.md, "E-mail"). GET only asks: mail scanners
// and link previews follow links, so nothing changes until a POST — the page's button, or the
// one-click POST a mail client sends by RFC 8058 (body `List-Unsubscribe=One-Click`, any form
// encoding).
import Type from 'typebox';
import type { App } from '../http/app-type.ts';
import type { EmailsService } from '../modules/emails/emails.service.ts';
import { html, sendHtmlPage } from './html.ts';

const Params = Type.Object({ token: Type.String() });

const UNKNOWN = html`<h1>Link not found</h1>
<p>This unsubscribe link is not valid. Please use the link from the most recent e-mail you received.</p>`;

export function unsubscribeRoutes(app: App, emails: EmailsService): void {
  app.get('/unsubscribe/:token', {
    schema: { hide: true, params: Params },
    handler: async (request, reply) => {
      const target = await emails.unsubscribeTarget(request.params.token);
      if (!target) return sendHtmlPage(reply, 404, 'Link not found', UNKNOWN);
      // No action attribute: the form posts back to this very URL, wherever the service is mounted.
      return sendHtmlPage(
        reply,
        200,
        `Unsubscribe from ${target.betaName}`,
        html`<h1>Unsubscribe from ${target.betaName}?</h1>
<p>${target.email} will no longer receive e-mail from ${target.betaName}.</p>
<form method="post">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
      );
    },
  });

  app.post('/unsubscribe/:token', {
    schema: { hide: true, params: Params },
    handler: async (request, reply) => {
      const target = await emails.unsubscribe(request.params.token);
      if (!target) return sendHtmlPage(reply, 404, 'Link not found', UNKNOWN);
      return sendHtmlPage(
        reply,
        200,
        'Unsubscribed',
        html`<h1>You are unsubscribed</h1>
<p>${target.email} will receive no more e-mail from ${target.betaName}.</p>`,
      );
    },
  });
}
