// The project's Markdown stands alone: every relative link resolves to a file of the repository,
// every #anchor to a heading of its target (by GitHub's slug rules), and nothing links to another
// host. The only hosts allowed are a running install's own (localhost), which the pages use to say
// where the service answers. Reads files only, so it runs in the unit tier.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.bundle', 'data']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

type Link = { file: string; line: number; href: string };

const markdown = new MarkdownIt({ html: true, linkify: true });
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function githubSlug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, a repeated one numbered -1, -2… as GitHub does. */
function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const words = (tokens[index + 1]?.children ?? []).filter((child) => child.type === 'text' || child.type === 'code_inline');
    const slug = githubSlug(words.map((child) => child.content).join('').trim());
    let unique = slug;
    for (let n = 1; slugs.has(unique); n++) unique = `${slug}-${n}`;
    slugs.add(unique);
  });
  return slugs;
}

/** Every link and image target of a Markdown file, code blocks and code spans left out. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const block of markdown.parse(readFileSync(file, 'utf8'), {})) {
    const line = (block.map?.[0] ?? 0) + 1;
    for (const token of block.children ?? []) {
      const href = token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
      if (href !== null) links.push({ file, line, href: String(href) });
    }
  }
  return links;
}

const files = markdownFiles(ROOT).sort();
const links = files.flatMap(linksOf);
const where = (link: Link) => `${relative(ROOT, link.file)}:${link.line} (${link.href})`;
const slugsOf = new Map<string, Set<string>>();
const anchorsIn = (file: string) => {
  if (!slugsOf.has(file)) slugsOf.set(file, headingSlugs(readFileSync(file, 'utf8')));
  return slugsOf.get(file)!;
};

describe('the links of the Markdown documentation', () => {
  test('the README, CONTRIBUTING.md and the docs pages are among the files read, with links in them', () => {
    const read = files.map((file) => relative(ROOT, file));
    for (const page of ['README.md', 'CONTRIBUTING.md', 'docs/api.md', 'docs/decisions.md', 'docs/adding-a-feature.md']) {
      assert.ok(read.includes(page), `${page} is read`);
    }
    assert.ok(links.length > 100, `only ${links.length} links found`);
  });

  test('no link leaves the repository, but for a running install on localhost', () => {
    const outside = links.filter((link) => {
      if (!SCHEME.test(link.href)) return false;
      const url = URL.canParse(link.href) ? new URL(link.href) : null;
      return !(url && /^https?:$/.test(url.protocol) && LOCAL_HOSTS.has(url.hostname));
    });
    assert.deepEqual(outside.map(where), []);
  });

  test('every relative link names a file or folder of the repository', () => {
    const missing = links.filter((link) => {
      if (SCHEME.test(link.href) || link.href.startsWith('#')) return false;
      const path = decodeURIComponent(link.href.split('#')[0]!);
      const target = resolve(dirname(link.file), path);
      return !target.startsWith(ROOT) || !existsSync(target);
    });
    assert.deepEqual(missing.map(where), []);
  });

  test('every #anchor names a heading of its target', () => {
    const broken = links.filter((link) => {
      const hash = link.href.indexOf('#');
      if (hash < 0 || SCHEME.test(link.href)) return false;
      const path = link.href.slice(0, hash);
      const target = path === '' ? link.file : resolve(dirname(link.file), decodeURIComponent(path));
      if (!target.endsWith('.md') || !existsSync(target)) return false;
      return !anchorsIn(target).has(decodeURIComponent(link.href.slice(hash + 1)));
    });
    assert.deepEqual(broken.map(where), []);
  });
});

describe("GitHub's heading slugs", () => {
  test('lower case, punctuation dropped, spaces as hyphens, the text of code and links kept', () => {
    assert.equal(githubSlug("A person's data"), 'a-persons-data');
    assert.equal(githubSlug('From an AI assistant (MCP)'), 'from-an-ai-assistant-mcp');
    assert.equal(githubSlug('Show, list and deletion'), 'show-list-and-deletion');
    assert.equal(githubSlug("SQLite's connection lent by fair turns"), 'sqlites-connection-lent-by-fair-turns');
    assert.equal(githubSlug('Side effects: events, webhooks, e-mail'), 'side-effects-events-webhooks-e-mail');
    assert.equal(githubSlug('Import & export'), 'import--export');
  });

  test('a repeated heading gets -1, -2 after its first', () => {
    const slugs = headingSlugs('# Notes\n\n## `Notes`\n\n```md\n# Not a heading\n```\n\n### [Notes](x.md)\n');
    assert.deepEqual([...slugs], ['notes', 'notes-1', 'notes-2']);
  });
});
