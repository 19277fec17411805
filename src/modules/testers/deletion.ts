// Deleting a tester: at once (answered with the tester as it was), or queued for a worker.
import { forDelete } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { enqueueJob, type JobHandler } from '../../jobs/outbox.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { TesterStatus } from './tester-status.ts';
import type { TesterView } from './testers.presenter.ts';
import type { TestersContext } from './testers.repository.ts';

const QUEUED_DELETION_JOB = 'tester.delete';

/** Deletes at once and answers with the tester as it was. */
export async function deleteTester(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  return repo.transaction(async (trx) => {
    await repo.betas.hold(trx, beta.id);
    const tester = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'delete' });
    const [view] = await repo.views(trx, beta, [tester]);
    await deleteRow(ctx, trx, tester);
    return view;
  });
}

/** Queues the deletion (answered 202 at once); a worker performs it. */
export async function queueDelete(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<void> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  await enqueueJob(repo.db, QUEUED_DELETION_JOB, { testerId: tester.id }, repo.clock.now());
}

/** The worker's side of queueDelete. A tester already gone is fine. */
export async function performQueuedDeletion(ctx: TestersContext, payload: unknown): Promise<void> {
  const { repo } = ctx;
  const testerId = (payload as { testerId?: unknown }).testerId;
  if (typeof testerId !== 'number') throw new Error('tester.delete job without a testerId');
  await repo.transaction(async (trx) => {
    const found = await trx.selectFrom('testers').select('beta_id').where('id', '=', testerId).executeTakeFirst();
    // Gone with its beta, or deleted already.
    if (!found || !(await repo.betas.holds(trx, found.beta_id))) return;
    const tester = await forDelete(repo.dialect, trx.selectFrom('testers').selectAll().where('id', '=', testerId)).executeTakeFirst();
    if (tester) await deleteRow(ctx, trx, tester);
  });
}

/** The outbox runner's handler of queued deletions. */
export function deletionJobHandlers(ctx: TestersContext): Record<string, JobHandler> {
  return { [QUEUED_DELETION_JOB]: (payload: unknown) => performQueuedDeletion(ctx, payload) };
}

/**
 * Deletes each of the beta's visible testers `ids` in the caller's transaction (a bulk action's
 * batch), each as a deletion of one: locked FOR UPDATE up front in id order, its tester_deleted
 * raised while its row is there. 'missing': deleted or hidden meanwhile.
 */
export async function deleteTesters(ctx: TestersContext, trx: Executor, betaId: number, ids: readonly number[]): Promise<Map<number, 'changed' | 'missing'>> {
  const outcomes = new Map<number, 'changed' | 'missing'>(ids.map((id) => [id, 'missing']));
  if (ids.length === 0) return outcomes;
  const rows = await forDelete(
    ctx.repo.dialect,
    trx.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('hidden', '=', 0).where('id', 'in', [...ids]).orderBy('id'),
  ).execute();
  for (const row of rows) {
    await deleteRow(ctx, trx, row);
    outcomes.set(row.id, 'changed');
  }
  return outcomes;
}

/** Deletes the tester; tester_deleted is raised first, while the row is there to show. */
async function deleteRow(ctx: TestersContext, trx: Executor, tester: TesterRow): Promise<void> {
  await ctx.events.raise(trx, 'tester_deleted', tester.beta_id, [tester.id], ctx.repo.now());
  await trx.deleteFrom('testers').where('id', '=', tester.id).execute();
  if (!tester.hidden) moveTesterCount(trx, tester.beta_id, { from: tester.status as TesterStatus, to: null });
}
