// A suppression as the API shows it.
import { apiTime } from '../../primitives/time.ts';
import type { Suppression, SuppressionReason } from './suppressions.service.ts';

export function presentSuppression(suppression: Suppression) {
  return {
    id: suppression.id,
    email: suppression.email,
    user_id: suppression.user_id,
    reason: suppression.reason as SuppressionReason,
    suppressed_at: apiTime(suppression.suppressed_at),
  };
}
