// How a tester is named to other people on a public page ("Ann invited you"): never by address.

/** Longest name shown; a longer first name is cut at a character boundary. */
const MAX_SHOWN = 40;

/**
 * The referrer's name as a visitor who follows their share link sees it: the public name they
 * chose (`leaderboard_name`, checked when set), else their first name, trimmed; null when they gave
 * neither or the first name looks like an address (the page then names nobody).
 */
export function referrerDisplayName(tester: { first_name: string | null; leaderboard_name: string | null }): string | null {
  if (tester.leaderboard_name) return tester.leaderboard_name;
  const first = tester.first_name?.trim().split(/\s+/)[0];
  // A name field holding an address (people type one anywhere) is no name to show.
  if (!first || first.includes('@')) return null;
  const characters = Array.from(first);
  return characters.length <= MAX_SHOWN ? first : characters.slice(0, MAX_SHOWN).join('');
}
