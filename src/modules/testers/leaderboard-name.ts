// The tester's public name (leaderboard_name): what the leaderboard and the tester's status page
// show instead of the masked address. One rule for the owner's create and update and the tester's
// own form on the status page.
import { Errors, type ErrorEntry } from '../../primitives/errors.ts';

export const LEADERBOARD_NAME_MAX_LENGTH = 40;

// Control characters (C0, C1, DEL), the line and paragraph separators, and the bidirectional
// embeddings, overrides and isolates: each can break a line of a page or make a name read as
// someone else's (U+202E turns "Ann" around).
const REFUSED = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/**
 * The name to store: trimmed, null for none (null, or only spaces); or why it is refused. Counted
 * in characters (code points), so an accented or non-Latin name has the same room as any other.
 */
export function checkLeaderboardName(text: string | null): { name: string | null } | { error: ErrorEntry } {
  if (text === null) return { name: null };
  const refused = REFUSED.exec(text);
  if (refused) {
    const code = `U+${refused[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return { error: Errors.leaderboardNameInvalid.entry(`it holds a control character (${code}); use letters, digits, spaces and punctuation`) };
  }
  const name = text.trim();
  const length = Array.from(name).length;
  if (length > LEADERBOARD_NAME_MAX_LENGTH) {
    return { error: Errors.leaderboardNameInvalid.entry(`it is ${length} characters long; at most ${LEADERBOARD_NAME_MAX_LENGTH} are allowed`) };
  }
  return { name: name === '' ? null : name };
}
