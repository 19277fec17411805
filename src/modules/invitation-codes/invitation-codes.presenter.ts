// A custom invitation code as the API shows it.
import type { InvitationCodeRow } from '../../db/tables/betas.ts';
import { apiTime } from '../../primitives/time.ts';

export function presentInvitationCode(row: InvitationCodeRow) {
  return {
    id: row.id,
    code: row.code,
    max_uses: row.max_uses,
    uses: row.uses,
    expires_at: apiTime(row.expires_at),
    created_at: apiTime(row.created_at),
  };
}
