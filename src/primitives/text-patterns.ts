// Patterns that schemas give texts, each with what it asks in a person's words: a value that fails
// one is told that ("must be a colour written #rrggbb"), not the regular expression.

export const TextPatterns = {
  hexColor: { pattern: '^#[0-9a-fA-F]{6}$', says: 'must be a colour written #rrggbb, e.g. #2563eb' },
  oneLine: { pattern: '^[^\\x00-\\x1f\\x7f]*$', says: 'must be one line of text, without line breaks or other control characters' },
  lines: { pattern: '^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]*$', says: 'must be text: line breaks are fine, other control characters are not' },
} as const;

const SAYINGS = new Map<string, string>(Object.values(TextPatterns).map(({ pattern, says }) => [pattern, says]));

/** What a failed pattern asks, in words; undefined for a pattern not listed here. */
export const patternSays = (pattern: unknown): string | undefined => SAYINGS.get(String(pattern));
