// Pages for visitors (no API key): server-rendered HTML from these tagged templates, every
// interpolated value escaped, with the app's own stylesheet; headers keep a page (and the token
// in its URL) out of caches, search engines, frames and Referer headers.
import type { FastifyReply } from 'fastify';
import { ALTCHA_SCRIPT_PATH } from './altcha-assets.ts';

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

/** What a beta's design puts around a page's content (design.ts builds it from the beta). */
export interface PageFrame {
  /** The beta's logo above the page, its name as the alternative text. */
  masthead?: { name: string; logoUrl: string };
  /** The stylesheet of the design's colours; none for the default look. */
  themeHref?: string | null;
  /** The design's hero image at the top of the page; only the signup page shows it. */
  heroUrl?: string | null;
  /** The page has the proof-of-work widget: its script and stylesheet, from this host. */
  challengeWidget?: boolean;
  /** The origins that may show the page in a frame (the beta's embed_origins); none when empty. */
  frameAncestors?: readonly string[];
  /** Link-preview tags (Open Graph, Twitter card): pages meant to be shared. Absolute URLs. */
  preview?: { title: string; description: string; imageUrl: string | null; url: string };
}

const nothing = html``;

function previewTags(preview: NonNullable<PageFrame['preview']>): Trusted {
  const { title, description, imageUrl, url } = preview;
  return html`<meta name="description" content="${description}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
${imageUrl ? html`<meta property="og:image" content="${imageUrl}">
` : nothing}<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${imageUrl ? html`<meta name="twitter:image" content="${imageUrl}">
` : nothing}`;
}

function masthead({ name, logoUrl }: NonNullable<PageFrame['masthead']>): Trusted {
  return html`<header class="masthead">
<img class="logo" id="page-logo" src="${logoUrl}" alt="${name}">
</header>
`;
}

/** The site's icon, named by every console and public page (served with the console's assets). */
export const FAVICON_PATH = '/console/assets/favicon.svg';

/** A whole public page: the document around `content`, in the beta's `frame`. */
export function htmlDocument(title: string, content: Trusted, frame: PageFrame): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
${frame.preview ? previewTags(frame.preview) : nothing}<link rel="stylesheet" href="/assets/pages.css">
${frame.themeHref ? html`<link rel="stylesheet" href="${frame.themeHref}">
` : nothing}${frame.challengeWidget ? html`<link rel="stylesheet" href="/assets/altcha/altcha.css">
<script src="${ALTCHA_SCRIPT_PATH}" defer></script>
` : nothing}<script src="/assets/page.js" defer></script>
</head>
<body>
<div class="shell">
${frame.masthead ? masthead(frame.masthead) : nothing}<main>
${frame.heroUrl ? html`<img class="hero" id="page-hero" src="${frame.heroUrl}" alt="">
` : nothing}${content}
</main>
</div>
</body>
</html>
`.html;
}

/**
 * Lets the beta's own embed origins show the page in a frame: their list replaces the scope's
 * frame-ancestors 'none', and X-Frame-Options (which can name no list) goes.
 */
function allowFramingBy(reply: FastifyReply, origins: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`));
  reply.removeHeader('x-frame-options');
}

/**
 * Sends a page. The public scope's security headers (public-scope.ts: CSP, no-referrer, nosniff,
 * frames refused) come with it; pages sent here are never cached (they show a visitor's own
 * standing or a token's state; the leaderboard page, the same for everyone, goes out as a
 * prepared answer: leaderboard-answers.ts). `indexed` lets search engines list it: only a beta's signup page. `frame` is the
 * beta's design around the content.
 */
export function sendHtmlPage(reply: FastifyReply, status: number, title: string, content: Trusted, options: { indexed?: boolean; frame?: PageFrame } = {}): FastifyReply {
  if (!options.indexed) reply.header('X-Robots-Tag', 'noindex');
  const ancestors = options.frame?.frameAncestors ?? [];
  if (ancestors.length > 0) allowFramingBy(reply, ancestors);
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(htmlDocument(title, content, options.frame ?? {}));
}
