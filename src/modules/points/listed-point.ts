// A point as the list answers it, in a file of its own: the presenter shows it and the service,
// which uses the ledger that uses the presenter, reads it.
import type { PointRow } from '../../db/tables/testers.ts';

/** A point in the list, with its tester's address. */
export type ListedPoint = PointRow & { email: string };
