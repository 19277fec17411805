// Pages for visitors (no API key): server-rendered HTML from these tagged templates, every
// interpolated value escaped, with the app's own stylesheet; headers keep a page (and the token
// in its URL) out of caches, search engines, frames and Referer headers.
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Markup already built by `html` (and so already escaped). */
export class Trusted {
  constructor(readonly html: string) {}
}

type Interpolated = string | number | Trusted | readonly Trusted[];

function rendered(value: Interpolated): string {
  if (value instanceof Trusted) return value.html;
  if (Array.isArray(value)) return value.map((item: Trusted) => item.html).join('');
  return escapeHtml(String(value));
}

/** Tagged template: interpolated text is escaped; markup built by `html` (or lists of it) is kept. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Trusted {
  let out = strings[0];
  values.forEach((value, i) => {
    out += rendered(value) + strings[i + 1];
  });
  return new Trusted(out);
}

function page(title: string, content: Trusted): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/assets/pages.css">
<script src="/assets/page.js" defer></script>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`.html;
}

/**
 * Sends a page. The public scope's security headers (public-scope.ts: CSP, no-referrer, nosniff,
 * frames refused) come with it; pages are never cached (they show a visitor's own standing or a
 * token's state). `indexed` lets search engines list it: only a beta's signup page.
 */
export function sendHtmlPage(reply: FastifyReply, status: number, title: string, content: Trusted, options: { indexed?: boolean } = {}): FastifyReply {
  if (!options.indexed) reply.header('X-Robots-Tag', 'noindex');
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(page(title, content));
}
