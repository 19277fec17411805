// Ids as callers name them: the API's path segments, the CLI's arguments. Services take the text
// and decide here what it names, so no caller has to.

/** Anything that is not a positive integer of at most 15 digits names nothing. */
export function parseId(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** The largest id a path names (parseId's 15 digits): within both databases' id columns and JavaScript's safe integers. */
export const MAX_ID = 999_999_999_999_999;

/**
 * An id the caller chose for a new row (an owner keeping another service's ids): a positive whole
 * number a path can name, sent as a number or as decimal digits; null when it is not one.
 */
export function parseChosenId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  return typeof value === 'string' ? parseId(value) : null;
}

/** What a refused chosen id is told, wherever it was sent. */
export const CHOSEN_ID_RULE = `id must be a whole number from 1 to ${MAX_ID}, in decimal digits (such as 17942)`;
