// Idle marking: the periodic sweep that turns active testers who stopped checking in idle.
import { addSeconds, storedTime } from '../../primitives/time.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { BetaSettings } from '../betas/beta-settings.ts';
import type { TestersContext } from './testers.repository.ts';

/**
 * Active testers who have not checked in (or joined) for their beta's idle_days become idle.
 * Run periodically by the workers; returns how many changed.
 */
export async function markIdleTesters(ctx: TestersContext): Promise<number> {
  const { repo, events } = ctx;
  const betas = await repo.db.selectFrom('betas').select(['id', 'settings']).execute();
  let changed = 0;
  for (const { id, settings } of betas) {
    const idleDays = (JSON.parse(settings) as Partial<BetaSettings>).idle_days;
    if (!idleDays) continue;
    const cutoff = storedTime(addSeconds(repo.clock.now(), -idleDays * 86_400));
    changed += await repo.transaction(async (trx) => {
      if (!(await repo.betas.holds(trx, id))) return 0; // deleted since the list was read
      const now = repo.now();
      const result = await trx
        .updateTable('testers')
        .set({ status: 'idle', updated_at: now })
        .where('beta_id', '=', id)
        .where('status', '=', 'active')
        .where((eb) => eb(eb.fn.coalesce('last_active_at', 'created_at'), '<', cutoff))
        .returning(['id', 'hidden'])
        .execute();
      const visible = result.filter((r) => r.hidden === 0);
      moveTesterCount(trx, id, { from: 'active', to: 'idle' }, visible.length);
      await events.raise(trx, 'tester_updated', id, visible.map((r) => r.id), now);
      return result.length;
    });
  }
  return changed;
}
