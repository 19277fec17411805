// A beta's design as the public pages wear it (docs/decisions.md, "Page design"): the frame around
// a page (masthead, theme, hero, link-preview tags) and the theme's stylesheet. The CSP allows no
// inline style, so a design's colours reach the page as a stylesheet of their own, named by the
// colours themselves: the same design is the same URL, cached for good, read from no database.
import { imagePath } from '../modules/betas/beta-images.ts';
import { hasOwnColors, paletteOf, type Page, type StoredImage } from '../modules/betas/beta-page.ts';
import { imageUrl } from '../modules/betas/betas.presenter.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import type { PageFrame } from './html.ts';
import { plainText } from './markdown.ts';

/** The theme's stylesheet path for a design's colours; null for the default look. */
export function themePath(page: Pick<Page, 'brand_color' | 'background_color'>): string | null {
  if (!hasOwnColors(page)) return null;
  const { brand, background } = paletteOf(page);
  return `/assets/theme/${brand.slice(1)}-${background.slice(1)}.css`;
}

/** A theme stylesheet's file name: the brand and background colours, as themePath writes them. */
const THEME_FILE = /^([0-9a-f]{6})-([0-9a-f]{6})\.css$/;

/** The stylesheet for a theme's file name; undefined for a name themePath never writes. */
export function themeStylesheet(file: string): string | undefined {
  const match = THEME_FILE.exec(file);
  if (!match) return undefined;
  const palette = paletteOf({ brand_color: `#${match[1]}`, background_color: `#${match[2]}` });
  return `:root{--brand:${palette.brand};--on-brand:${palette.onBrand};--bg:${palette.background};--on-bg:${palette.onBackground};--accent:${palette.accent}}\n`;
}

/** An image as the pages load it: from their own origin, whatever address the service is reached at. */
const pathOf = (image: StoredImage | null) => (image ? imagePath(image) : null);

/** Where a beta's signup page is, absolute: what a link preview names. */
export const signupPageUrl = (beta: Pick<Beta, 'id' | 'slug'>, publicUrl: string) => `${publicUrl}/b/${beta.slug ?? beta.id}`;

/**
 * Frames worked out per beta object: a beta read from memory is one frozen object while it is kept
 * (a changed beta is another), and working out a designed frame (its colours' contrast, the
 * description as plain text) cost a page view about 50 µs.
 */
const frames = new WeakMap<Beta, { publicUrl: string; page?: PageFrame; landing?: PageFrame }>();

/**
 * The frame of one of the beta's pages. The signup page (`landing`) adds the hero and the tags a
 * link preview reads (absolute URLs: the preview is made elsewhere); the others show the
 * masthead and colours only.
 */
export function frameOf(beta: Beta, publicUrl: string, options: { landing?: boolean } = {}): PageFrame {
  let kept = frames.get(beta);
  if (!kept || kept.publicUrl !== publicUrl) {
    kept = { publicUrl };
    frames.set(beta, kept);
  }
  const variant = options.landing ? 'landing' : 'page';
  const frame = kept[variant] ?? Object.freeze(workedOutFrame(beta, publicUrl, options));
  kept[variant] = frame;
  return frame;
}

function workedOutFrame(beta: Beta, publicUrl: string, options: { landing?: boolean }): PageFrame {
  const { page } = beta;
  // The logo above the page; without one the page's own heading and text name the beta already.
  const frame: PageFrame = {
    masthead: page.logo ? { name: beta.name, logoUrl: imagePath(page.logo) } : undefined,
    themeHref: themePath(page),
    frameAncestors: beta.settings.embed_origins,
  };
  if (!options.landing) return frame;
  return {
    ...frame,
    challengeWidget: beta.settings.signup_challenge === 'proof_of_work',
    heroUrl: pathOf(page.hero),
    preview: {
      title: page.headline ?? beta.name,
      description: plainText(page.description) || `Join the ${beta.name} waitlist.`,
      imageUrl: imageUrl(publicUrl, page.hero ?? page.logo),
      url: signupPageUrl(beta, publicUrl),
    },
  };
}
