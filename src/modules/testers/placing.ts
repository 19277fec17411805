// An owner places a tester by hand (docs/waitlist.md, "The order"): the tester's manual priority,
// set by update tester, or set above everyone else's on the waitlist by move_to_front. A change of
// priority that moves the tester is one of their moves, moved_by_owner, naming who asked.
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { Errors } from '../../primitives/errors.ts';
import type { Beta } from '../betas/betas.service.ts';
import { movesActedByActor, recordMoves, type MoveActor } from '../moves/record-moves.ts';
import { MAX_PRIORITY } from '../waitlist/priority.ts';
import { isOnWaitlist } from '../waitlist/standings.ts';
import type { TesterView } from './testers.presenter.ts';
import type { TestersContext } from './testers.repository.ts';

/**
 * A change of priority of a tester on the waitlist before and after it is the owner's move; one
 * that also puts the tester on the waitlist or takes them off is status_changed (status-moves.ts).
 * Recorded only where it moves the tester (record-moves.ts).
 */
export function recordPriorityMove(trx: Executor, beta: Beta, current: TesterRow, changed: TesterRow, now: string): void {
  if (current.priority !== changed.priority && isOnWaitlist(current) && isOnWaitlist(changed)) {
    recordMoves(trx, beta, [{ tester: changed, cause: 'moved_by_owner' }], now);
  }
}

/**
 * The highest priority of the beta's other testers, 0 when none has one. Whatever their status: a
 * suspended tester comes back to the waitlist with theirs. Read through the partial index of the
 * testers with a priority (migration 051), whose condition the query repeats as a literal so that
 * both databases' planners take it.
 */
async function highestOtherPriority(trx: Executor, betaId: number, testerId: number): Promise<number> {
  const row = await trx
    .selectFrom('testers')
    .select((eb) => eb.fn.max('priority').as('highest'))
    .where('beta_id', '=', betaId)
    .where('priority', '>', sql.lit(0))
    .where('id', '<>', testerId)
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * Moves the tester to the front of the waitlist (extension): a priority one above the highest of
 * every other tester's. A tester above everyone's priority already is left as they are; one not on
 * the waitlist, or a beta whose highest priority is MAX_PRIORITY, is 2301 and nothing changes.
 */
export async function moveToFront(ctx: TestersContext, companyId: number, betaId: string, testerRef: string, actor: MoveActor): Promise<TesterView> {
  const { repo, events } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const moved = await repo.transaction(async (trx) => {
    movesActedByActor(trx, actor);
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const current = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
    if (!isOnWaitlist(current)) {
      throw Errors.testersGeneral(`Only a tester on the waitlist (status applied) can be moved to its front; this tester is ${current.status}`);
    }
    const highest = await highestOtherPriority(trx, beta.id, current.id);
    if (current.priority > highest) return { testerId: current.id, rendered: undefined };
    if (highest >= MAX_PRIORITY) {
      throw Errors.testersGeneral(`Another tester has the highest priority there is (${MAX_PRIORITY}): lower some priorities with update tester first`);
    }
    const changes = { priority: highest + 1, updated_at: now };
    await repo.updateTester(trx, current.id, changes);
    recordPriorityMove(trx, beta, current, { ...current, ...changes }, now);
    const rendered = await events.raise(trx, 'tester_updated', beta.id, [current.id], now);
    return { testerId: current.id, rendered };
  });
  return repo.committedView(companyId, beta.id, moved.testerId, moved.rendered);
}
