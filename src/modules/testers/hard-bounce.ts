// A hard bounce was reported for an address (docs/decisions.md, "Suppressions"): the beta's tester
// with it is suspended, exactly as a PUT to suspended would leave it (unsuspend restores the status
// before). No e-mail goes out about it: the address does not receive mail.
import { forUpdate } from '../../db/database.ts';
import type { DialectName, Executor } from '../../db/executor.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { TesterEvents } from './tester-events.ts';
import { nextStatus, type TesterStatus } from './tester-status.ts';

/** In the caller's transaction; nothing happens when there is no such tester or it is suspended already. */
export async function suspendForHardBounce(
  trx: Executor,
  dialect: DialectName,
  events: TesterEvents,
  bounce: { betaId: number; normalizedEmail: string; now: string },
): Promise<void> {
  const { betaId, normalizedEmail, now } = bounce;
  const tester = await forUpdate(
    dialect,
    trx.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('email_normalized', '=', normalizedEmail),
  ).executeTakeFirst();
  if (!tester || tester.status === 'suspended') return;
  const from = tester.status as TesterStatus;
  await trx
    .updateTable('testers')
    .set({ status: nextStatus(from, 'suspended', null), status_before_suspension: from, updated_at: now })
    .where('id', '=', tester.id)
    .execute();
  if (!tester.hidden) moveTesterCount(trx, betaId, { from, to: 'suspended' });
  await events.raise(trx, 'tester_updated', betaId, [tester.id], now);
}
