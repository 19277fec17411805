// Points as the API shows them: in lists and event bodies, and in the create answer.
import type { PointRow } from '../../db/tables/testers.ts';
import { apiTime } from '../../primitives/time.ts';
import type { PointActivity } from './point-activities.ts';
import type { ListedPoint } from './listed-point.ts';

/** A point as the v2 interface's lists show it, with the revoked_at extension. */
export function presentPoint(row: PointRow) {
  return {
    id: row.id,
    quantity: row.quantity,
    activity: row.activity as PointActivity,
    reason: row.reason,
    user_id: row.tester_id,
    created_at: apiTime(row.created_at),
    revoked_at: apiTime(row.revoked_at),
  };
}

/** A point as the list shows it: with its tester's address. */
export function presentListedPoint(point: ListedPoint) {
  return { ...presentPoint(point), email: point.email };
}

/** A point as the create answer shows it: the v2 interface's five fields, no activity. */
export function presentCreatedPoint(row: PointRow) {
  return {
    id: row.id,
    quantity: row.quantity,
    reason: row.reason,
    user_id: row.tester_id,
    created_at: apiTime(row.created_at),
  };
}
