// Liquid for e-mail templates (docs/decisions.md, "Stack": users edit them, so a template language
// that runs no JavaScript). Two engines: HTML bodies escape every output by default (`| raw` opts
// out), subjects and text bodies do not. Nothing reaches the file system: include, render and
// layout are removed, so a template is only what was stored. Render limits bound what a hostile
// template can cost: rendering happens inside the transaction of the change that sends the message.
import { type Context, Liquid, type Template } from 'liquidjs';
import { channelLink, defaultShareMessage, SHARE_TARGETS, shareChannelOf } from '../referrals/share-channels.ts';

export type TemplateKind = 'text' | 'html';

/** How long one render may take, in wall-clock milliseconds (liquidjs' renderLimit). */
export const RENDER_LIMIT_MS = 200;
/** liquidjs' message when a render ran past RENDER_LIMIT_MS. */
const PAST_TIME_LIMIT = /template render limit exceeded/;

/** A template that does not parse, or fails while rendering (a limit reached). */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

function engine(kind: TemplateKind): Liquid {
  const liquid = new Liquid({
    outputEscape: kind === 'html' ? 'escape' : undefined,
    // An unknown filter is a typo worth refusing when the template is saved, not an empty output.
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    timezoneOffset: 0,
    parseLimit: 1_000_000,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: 5_000_000,
  });
  for (const tag of ['include', 'render', 'layout', 'block']) delete liquid.tags[tag];
  registerShareFilters(liquid);
  return liquid;
}

/**
 * `{{ tester.share_link | share_channel: "email" }}`: the link tagged with a share channel (any
 * other name counts as other). `{{ tester.share_link | share_on: "x" }}`: that network's share
 * button for the tagged link, its text "Join me on the {beta.name} waitlist" unless a second
 * argument gives one; for copy, qr and other, the tagged link itself. Anything but a link passes
 * through unchanged.
 */
function registerShareFilters(liquid: Liquid): void {
  const tagged = (link: unknown, channel: unknown): string | null => {
    const text = String(link ?? '');
    if (!URL.canParse(text)) return null;
    return channelLink(text, shareChannelOf(channel) ?? 'other');
  };
  liquid.registerFilter('share_channel', (link: unknown, channel: unknown) => tagged(link, channel) ?? link);
  liquid.registerFilter('share_on', function (this: { context: Context }, link: unknown, channel: unknown, message?: unknown) {
    const url = tagged(link, channel);
    if (url === null) return link;
    const target = SHARE_TARGETS.find((t) => t.channel === shareChannelOf(channel));
    const text = message === undefined ? defaultShareMessage(String(this.context.getSync(['beta', 'name']) ?? '')) : String(message);
    return target ? target.url(url, text) : url;
  });
}

const engines: Record<TemplateKind, Liquid> = { text: engine('text'), html: engine('html') };

// Parsed templates by source: a beta's few templates are parsed once, not per message. Bounded so
// a stream of edited templates cannot grow it without end (the oldest entry goes first).
const MAX_CACHED = 500;
const cache = new Map<string, Template[]>();

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parsed(kind: TemplateKind, source: string): Template[] {
  const key = `${kind}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let templates: Template[];
  try {
    templates = engines[kind].parse(source);
  } catch (error) {
    throw new TemplateError(describe(error));
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, templates);
  return templates;
}

/** Why the source is not a usable Liquid template, or null when it is. */
export function liquidProblem(kind: TemplateKind, source: string): string | null {
  try {
    parsed(kind, source);
    return null;
  } catch (error) {
    return describe(error);
  }
}

/** Renders a template (parsed once and cached) with the variables; TemplateError when it fails. */
export function renderLiquid(kind: TemplateKind, source: string, variables: Record<string, unknown>): string {
  const templates = parsed(kind, source);
  // The time limit is wall-clock time, which a pause of the process (a garbage collection, a busy
  // machine) uses up too: a render past it is tried once more, so a pause does not fail a message
  // for good, while a template that really takes that long fails again.
  for (let attempt = 1; ; attempt++) {
    try {
      return engines[kind].renderSync(templates, variables) as string;
    } catch (error) {
      if (attempt === 1 && PAST_TIME_LIMIT.test(describe(error))) continue;
      throw new TemplateError(describe(error));
    }
  }
}
