// A beta's design for its public pages (docs/decisions.md, "Page design"): the owner's copy and
// colours, their schema, defaults, merge rule and contrast check. Stored as one JSON object on the
// beta's row (migration 028) with the digests of its images, so whatever reads the beta has its
// design too; a PATCH changes only the keys it sends.
import Type, { type Static } from 'typebox';
import { TextPatterns } from '../../primitives/text-patterns.ts';
import { contrastRatio, readableOn, WCAG_AA_TEXT } from './contrast.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** One line of text: no control characters. */
const Line = (maxLength: number, description: string) => Nullable(Type.String({ maxLength, pattern: TextPatterns.oneLine.pattern, description }));
/** Lines of text: line breaks and tabs, no other control characters. */
const Lines = (maxLength: number, description: string) => Nullable(Type.String({ maxLength, pattern: TextPatterns.lines.pattern, description }));
const Color = (description: string) => Nullable(Type.String({ pattern: TextPatterns.hexColor.pattern, description }));

export const PageDesignSchema = Type.Object({
  headline: Line(120, "The signup page's heading; null shows the beta's name"),
  description: Lines(2000, 'Markdown under the heading: paragraphs, emphasis, links, lists and inline code; raw HTML is shown as text'),
  brand_color: Color('#rrggbb of buttons and links; null is the default blue. Its button text must meet WCAG AA (4.5:1)'),
  background_color: Color('#rrggbb behind the page; null is the default grey. Its text must meet WCAG AA (4.5:1)'),
  button_text: Line(40, 'The signup button; null is "Join the waitlist"'),
  thank_you_headline: Line(120, 'The heading after a signup; null is "You\'re on the list!"'),
  thank_you_text: Lines(1000, 'The text under it; null thanks the visitor for joining'),
  share_message: Line(280, 'The default text of a share; null is "Join me on the {beta name} waitlist"'),
  show_waiting_count: Type.Boolean({ description: 'The signup page says how many people are waiting ("Join 12,408 people waiting")' }),
});

export type PageDesign = Static<typeof PageDesignSchema>;
export type PageDesignPatch = Partial<PageDesign>;

export const ImageKinds = ['logo', 'hero'] as const;
export type ImageKind = (typeof ImageKinds)[number];

/** An image of the design as the beta's row keeps it: its URL is made from these. */
export interface StoredImage {
  digest: string;
  content_type: string;
}

/** The design as stored: the owner's fields and the images' digests. */
export interface Page extends PageDesign {
  logo: StoredImage | null;
  hero: StoredImage | null;
}

export const DEFAULT_BRAND_COLOR = '#2563eb';
export const DEFAULT_BACKGROUND_COLOR = '#f4f5f7';
/** The two colours the pages write text in: whichever contrasts more with what is behind it. */
export const TEXT_COLORS = ['#111827', '#ffffff'] as const;

export function defaultPage(): Page {
  return {
    headline: null,
    description: null,
    brand_color: null,
    background_color: null,
    button_text: null,
    thank_you_headline: null,
    thank_you_text: null,
    share_message: null,
    show_waiting_count: true,
    logo: null,
    hero: null,
  };
}

/** The stored design with any key added since it was written filled from the defaults. */
export function parseStoredPage(json: string): Page {
  return { ...defaultPage(), ...(JSON.parse(json) as Partial<Page>) };
}

/** The page's colours in use, and the text colours drawn on them. */
export interface Palette {
  brand: string;
  onBrand: string;
  background: string;
  onBackground: string;
  /** Links and highlights on the white card: the brand colour where it is readable there. */
  accent: string;
}

export function paletteOf(page: Pick<PageDesign, 'brand_color' | 'background_color'>): Palette {
  const brand = page.brand_color ?? DEFAULT_BRAND_COLOR;
  const background = page.background_color ?? DEFAULT_BACKGROUND_COLOR;
  return {
    brand,
    onBrand: readableOn(brand, TEXT_COLORS),
    background,
    onBackground: readableOn(background, TEXT_COLORS),
    accent: contrastRatio(brand, '#ffffff') >= WCAG_AA_TEXT ? brand : TEXT_COLORS[0],
  };
}

/** Whether the design sets colours of its own (the pages then load its theme). */
export const hasOwnColors = (page: Pick<PageDesign, 'brand_color' | 'background_color'>) => page.brand_color !== null || page.background_color !== null;

/** The ratio as a person reads it, never rounded up past the threshold it missed. */
const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/** The rules a schema cannot say, on the design as it would be after the patch; a message per problem. */
export function pageProblems(merged: PageDesign): string[] {
  const problems: string[] = [];
  const palette = paletteOf(merged);
  const pairs: [string, string, string, string][] = [
    ['page.brand_color', palette.brand, 'its button text', palette.onBrand],
    ['page.background_color', palette.background, 'the text on it', palette.onBackground],
  ];
  for (const [field, color, role, text] of pairs) {
    const ratio = contrastRatio(color, text);
    if (ratio < WCAG_AA_TEXT) {
      problems.push(`${field} ${color} with ${role} ${text} has a contrast ratio of ${ratioText(ratio)}; WCAG AA needs at least ${WCAG_AA_TEXT}:1 (choose a darker or lighter colour)`);
    }
  }
  return problems;
}

/** The design after a PATCH: only the schema's keys, colours in lower case, blank texts as null. */
export function mergePage(current: Page, patch: PageDesignPatch): Page {
  const merged = { ...current };
  for (const key of Object.keys(PageDesignSchema.properties) as (keyof PageDesign)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    (merged as Record<string, unknown>)[key] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
  }
  for (const key of ['brand_color', 'background_color'] as const) merged[key] = merged[key]?.toLowerCase() ?? null;
  return merged;
}
