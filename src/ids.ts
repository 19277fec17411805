// Ids as callers name them: the API's path segments, the CLI's arguments. Services take the text
// and decide here what it names, so no caller has to.

/** Anything that is not a positive integer of at most 15 digits names nothing. */
export function parseId(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
