// The owner's Markdown (a design's description) as HTML for the public pages: markdown-it with raw
// HTML off (a tag shows as text), only the rules of a short whitelist (paragraphs, line breaks,
// emphasis, strike-through, inline code, lists, links), and links limited to http(s) and mailto,
// opened without a Referer or a handle on this page.
import MarkdownIt from 'markdown-it';
import { Trusted } from './html.ts';

const ALLOWED_RULES = ['emphasis', 'strikethrough', 'backticks', 'newline', 'link', 'list', 'linkify', 'escape', 'entity'];
const LINK_SCHEMES = /^(https?:|mailto:)/i;

const markdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true }).enable(ALLOWED_RULES);
markdown.validateLink = (url) => LINK_SCHEMES.test(url.trim());

const renderLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index].attrSet('rel', 'nofollow noopener noreferrer');
  tokens[index].attrSet('target', '_blank');
  return renderLinkOpen(tokens, index, options, env, self);
};

/** The description rendered; nothing for none. */
export function renderMarkdown(text: string | null): Trusted {
  return new Trusted(text ? markdown.render(text) : '');
}

/** The description as one line of plain text (a link preview's description), at most `max` characters. */
export function plainText(text: string | null, max = 200): string {
  if (!text) return '';
  const words = markdown
    .parseInline(text, {})
    .flatMap((token) => token.children ?? [])
    .filter((token) => token.type === 'text' || token.type === 'code_inline' || token.type === 'softbreak' || token.type === 'hardbreak')
    .map((token) => (token.type.endsWith('break') ? ' ' : token.content))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length <= max ? words : `${words.slice(0, max - 1).trimEnd()}…`;
}
