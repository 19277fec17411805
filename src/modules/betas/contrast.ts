// Contrast of two colours as WCAG 2.2 defines it ("relative luminance", "contrast ratio"). By hand:
// colord's a11y plugin rounds luminance to two decimals, which moves a ratio across 4.5:1
// (#2563eb on white: 5.17 exactly, 5.25 rounded).

/** WCAG AA's least contrast for body text. */
export const WCAG_AA_TEXT = 4.5;

/** The relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21, unrounded. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Of `candidates`, the colour that contrasts most with `background`. */
export function readableOn(background: string, candidates: readonly string[]): string {
  return candidates.reduce((best, color) => (contrastRatio(background, color) > contrastRatio(background, best) ? color : best));
}
