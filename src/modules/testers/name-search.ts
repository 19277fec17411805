// The text the list's `name` filter searches (testers.name_search): one home for its rule, which the
// service writes on every create and profile update. Migration 012 repaired old rows with a frozen
// copy of it: changing the rule here needs a migration of its own to rewrite the stored text.

/** "Ada", "Lovelace" → "ada lovelace"; a missing or empty name leaves no trace. */
export function nameSearch(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName].filter(Boolean).join(' ').toLowerCase();
}
