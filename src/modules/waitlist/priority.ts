// The owner's manual priority (docs/waitlist.md, "The order"): ranks a tester before the counts.
// Plain values, so that schemas and the standings index read the same bounds.

/** The highest manual priority an owner may give: far more moves to the front than a beta makes. */
export const MAX_PRIORITY = 1_000_000;
