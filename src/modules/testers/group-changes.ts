// Adding many testers to a group, or removing them from it, in the caller's transaction (bulk
// actions): each tester's groups changed as an update of `groups` would change them
// (normalizeGroups), its tester_updated event raised; a tester already so is left alone.
import type { Executor } from '../../db/executor.ts';
import { forUpdate } from '../../db/database.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { MoveOutcome } from './status-moves.ts';
import { regrouped } from './group-name.ts';
import type { TestersContext } from './testers.repository.ts';

/**
 * Adds `group` to (or removes it from) each of the beta's visible testers `ids`: rows locked in id
 * order, each changed one raised in one tester_updated event each. 'unchanged': already in it
 * (or not, for a removal); 'missing': deleted or hidden meanwhile.
 */
export async function changeGroups(ctx: TestersContext, trx: Executor, beta: Beta, ids: readonly number[], group: string, add: boolean, now: string): Promise<Map<number, MoveOutcome>> {
  const outcomes = new Map<number, MoveOutcome>(ids.map((id) => [id, 'missing']));
  if (ids.length === 0) return outcomes;
  const rows = await forUpdate(
    ctx.repo.dialect,
    trx.selectFrom('testers').select(['id', 'groups']).where('beta_id', '=', beta.id).where('hidden', '=', 0).where('id', 'in', [...ids]).orderBy('id'),
  ).execute();
  const changed: number[] = [];
  for (const row of rows) {
    const groups = regrouped(row.groups, group, add);
    if (groups === null) {
      outcomes.set(row.id, 'unchanged');
      continue;
    }
    await ctx.repo.updateTester(trx, row.id, { groups, updated_at: now });
    outcomes.set(row.id, 'changed');
    changed.push(row.id);
  }
  if (changed.length > 0) await ctx.events.raise(trx, 'tester_updated', beta.id, changed, now);
  return outcomes;
}
