// Pages for visitors (no API key): a small, self-contained HTML page with every piece of text
// escaped, and headers that keep the page (and the token in its URL) out of caches, search
// engines, frames and Referer headers.
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Markup already built by `html` (and so already escaped). */
export class Trusted {
  constructor(readonly html: string) {}
}

/** Tagged template: interpolated values are escaped unless wrapped in `trusted`. */
export function html(strings: TemplateStringsArray, ...values: (string | Trusted)[]): Trusted {
  let out = strings[0];
  values.forEach((value, i) => {
    out += (value instanceof Trusted ? value.html : escapeHtml(value)) + strings[i + 1];
  });
  return new Trusted(out);
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function page(title: string, content: Trusted): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;padding:48px 16px;background:#f4f5f7;font-family:${new Trusted(FONT)};color:#374151;}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:32px;}
h1{margin:0 0 16px;font-size:22px;color:#111827;}
p{margin:0 0 16px;line-height:1.5;}
button{padding:12px 24px;font-size:16px;font-weight:bold;color:#fff;background:#2563eb;border:0;border-radius:6px;cursor:pointer;}
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`.html;
}

export function sendHtmlPage(reply: FastifyReply, status: number, title: string, content: Trusted): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    .send(page(title, content));
}
