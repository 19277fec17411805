// Running a bulk action: its testers are taken in batches from the cursor (the position on the
// waitlist of a listed selection: top N, or a scheduled wave's, or the tester id of a filter's), each batch in one transaction
// that moves its testers exactly as an update would (status-moves.ts: events and e-mails through
// the outbox), or changes their groups (group-changes.ts) or deletes them as a deletion would,
// adds to the counts and moves the cursor. The cursor must still be where the batch
// read it, and the action still queued or running: otherwise (cancelled, or another runner took
// over) the batch is rolled back. So a crash leaves no batch half-done, a restarted job resumes
// after the last committed batch, and no tester is moved twice.
import type { Db, DialectName, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { BulkActionRow } from '../../db/tables/owner-work.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { readBeta, type Beta } from '../betas/betas.service.ts';
import type { TesterFilters } from '../testers/tester-filters.ts';
import type { UpdateStatus } from '../testers/tester-status.ts';
import type { TestersService } from '../testers/testers.service.ts';
import { movesActedBy } from '../moves/record-moves.ts';
import { filtered } from './selection.ts';

export interface BulkContext {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  testers: TestersService;
}

/** Testers per batch: one transaction each. */
export const BATCH_TESTERS = 200;
/** Items of a cancelled action deleted per statement. */
const PURGE_CHUNK = 5_000;

/** The batch's cursor moved or the action was cancelled meanwhile: the batch is rolled back. */
class Moved extends Error {}

/** Runs the action to its end, or until `stop` (then 'stopped': it resumes from its cursor). */
export async function runBulkAction(ctx: BulkContext, id: number, stop: AbortSignal): Promise<'done' | 'stopped'> {
  let row = await read(ctx.db, id);
  if (!row) return 'done';
  if (row.state === 'cancelled') {
    await purgeItems(ctx.db, id);
    return 'done';
  }
  if (row.state !== 'queued' && row.state !== 'running') return 'done';
  const beta = await readBeta(ctx.db, row.beta_id);
  if (!beta) return 'done'; // deleted with its beta
  if (row.state === 'queued') await ctx.db.updateTable('bulk_actions').set({ state: 'running', updated_at: now(ctx) }).where('id', '=', id).where('state', '=', 'queued').execute();
  for (;;) {
    if (stop.aborted) return 'stopped';
    const batch = await nextBatch(ctx, beta, row);
    try {
      row = await runBatch(ctx, beta, row, batch);
    } catch (error) {
      if (!(error instanceof Moved)) throw error;
      const current = await read(ctx.db, id);
      if (current?.state === 'cancelled') await purgeItems(ctx.db, id);
      return 'done';
    }
    if (row.state === 'completed') return 'done';
  }
}

interface Batch {
  ids: number[];
  /** Where the cursor stands after the batch; null when the selection is exhausted. */
  end: number | null;
}

/** Whether the action's testers were listed when it was created (top N, a scheduled wave's): its items, by position. */
const isListed = (row: BulkActionRow) => row.selection !== 'filter';

async function nextBatch(ctx: BulkContext, beta: Beta, row: BulkActionRow): Promise<Batch> {
  if (isListed(row)) {
    const items = await ctx.db
      .selectFrom('bulk_action_items')
      .select(['position', 'tester_id'])
      .where('bulk_action_id', '=', row.id)
      .where('position', '>', row.cursor)
      .orderBy('position')
      .limit(BATCH_TESTERS)
      .execute();
    return { ids: items.map((item) => item.tester_id), end: items.at(-1)?.position ?? null };
  }
  const query = await filtered(ctx.testers, beta, JSON.parse(row.filters ?? '{}') as TesterFilters, row.max_tester_id ?? 0);
  const rows = await query.select('id').where('id', '>', row.cursor).orderBy('id').limit(BATCH_TESTERS).execute();
  return { ids: rows.map((r) => r.id), end: rows.at(-1)?.id ?? null };
}

async function runBatch(ctx: BulkContext, beta: Beta, row: BulkActionRow, batch: Batch): Promise<BulkActionRow> {
  return inTransaction(ctx.db, async (trx) => {
    const at = now(ctx);
    movesActedBy(trx, row.requested_by_member_id);
    const outcomes = await perform(ctx, trx, beta, row, batch.ids, at);
    const changed = [...outcomes.values()].filter((outcome) => outcome === 'changed').length;
    const done = batch.end === null || batch.ids.length < BATCH_TESTERS;
    if (isListed(row) && batch.end !== null) {
      await trx.deleteFrom('bulk_action_items').where('bulk_action_id', '=', row.id).where('position', '<=', batch.end).execute();
    }
    const updated = await trx
      .updateTable('bulk_actions')
      .set({
        processed: row.processed + batch.ids.length,
        changed: row.changed + changed,
        skipped: row.skipped + batch.ids.length - changed,
        cursor: batch.end ?? row.cursor,
        // A filter's count was taken when the action was created: testers matching it since (or no longer) move the total.
        ...(done ? { state: 'completed', finished_at: at, total: row.processed + batch.ids.length } : {}),
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('state', 'in', ['queued', 'running'])
      .where('cursor', '=', row.cursor)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new Moved(`bulk action ${row.id} was cancelled or moved on by another runner`);
    return updated;
  });
}

/** The action's change of each of the batch's testers, in the batch's transaction: 'changed' for those it changed. */
function perform(ctx: BulkContext, trx: Executor, beta: Beta, row: BulkActionRow, ids: readonly number[], at: string): Promise<Map<number, string>> {
  switch (row.action) {
    case 'add_to_group':
    case 'remove_from_group':
      return ctx.testers.changeGroups(trx, beta, ids, row.group_name ?? '', row.action === 'add_to_group', at);
    case 'delete':
      return ctx.testers.deleteMany(trx, beta, ids);
    default:
      return ctx.testers.moveStatuses(trx, beta, ids, row.target_status as UpdateStatus, at);
  }
}

/** Marks the action failed for good, with a message for its owner. */
export async function failBulkAction(ctx: BulkContext, id: number, message: string): Promise<void> {
  await ctx.db.updateTable('bulk_actions').set({ state: 'failed', failure: message, finished_at: now(ctx), updated_at: now(ctx) }).where('id', '=', id).execute();
  await purgeItems(ctx.db, id);
}

/** Deletes the items left of an action that will not run on, a chunk per statement. */
async function purgeItems(db: Db, id: number): Promise<void> {
  for (;;) {
    const chunk = await db.selectFrom('bulk_action_items').select('position').where('bulk_action_id', '=', id).orderBy('position').limit(PURGE_CHUNK).execute();
    if (chunk.length === 0) return;
    await db.deleteFrom('bulk_action_items').where('bulk_action_id', '=', id).where('position', '<=', chunk.at(-1)!.position).execute();
  }
}

function read(db: Db, id: number): Promise<BulkActionRow | undefined> {
  return db.selectFrom('bulk_actions').selectAll().where('id', '=', id).executeTakeFirst();
}

function now(ctx: BulkContext): string {
  return storedTime(ctx.clock.now());
}
