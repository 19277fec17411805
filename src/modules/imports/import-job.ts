// Running an import: the stored file is read from the import's cursor in batches of lines; each
// batch is one transaction that writes its testers and moves the report and the cursor, so a crash
// leaves no batch half-written and a restarted job resumes after the last committed one. The
// referrers named by lines are resolved last (referrers.ts), when every line of the file is in.
import type { ImportRow } from '../../db/tables/owner-work.ts';
import { storedTime } from '../../primitives/time.ts';
import { readBeta, type Beta } from '../betas/betas.service.ts';
import { listQuestions } from '../questions/questions.service.ts';
import { DryRun } from './dry-run.ts';
import type { ImportColumn } from './mapping.ts';
import { Progress, recordsFrom } from './progress.ts';
import { resolveReferrers } from './referrers.ts';
import { readRow, type RowContext } from './rows.ts';
import { insertBatch } from './tester-batch.ts';
import { type ImportContext, BATCH_ROWS, type Batch, type BatchWriter } from './import-context.ts';

/** Runs the import to its end, or until `stop` (then 'stopped': it resumes from its cursor). */
export async function runImport(ctx: ImportContext, importId: number, stop: AbortSignal): Promise<'done' | 'stopped'> {
  let row = await ctx.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst();
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return 'done';
  const beta = await readBeta(ctx.db, row.beta_id);
  if (!beta) return 'done'; // deleted with its beta
  if (row.dry_run && row.status === 'running') row = await restartDryRun(ctx, row); // its findings were in memory
  await ctx.db.updateTable('imports').set({ status: 'running', updated_at: now(ctx) }).where('id', '=', importId).execute();
  const progress = new Progress(row);
  const writer: BatchWriter = row.dry_run ? new DryRun(ctx, beta, importId) : importWriter(ctx, beta, row);
  if (progress.phase === 'rows') {
    const context: RowContext = { columns: JSON.parse(row.columns) as ImportColumn[], questions: await listQuestions(ctx.db, beta.id), settings: beta.settings, geo: ctx.geo };
    if (!(await readLines(ctx, importId, context, progress, writer, stop))) return 'stopped';
  }
  if (progress.phase === 'referrers' && !(await writer.finish(progress, stop))) return 'stopped';
  if (progress.total === 0) progress.warn(1, 'the file has a header and no lines of testers');
  await ctx.db.transaction().execute(async (trx) => {
    progress.phase = 'done';
    await progress.save(trx, importId, now(ctx));
    await trx.updateTable('imports').set({ status: 'completed', finished_at: now(ctx) }).where('id', '=', importId).execute();
    await trx.deleteFrom('import_chunks').where('import_id', '=', importId).execute();
  });
  return 'done';
}

/** Marks an import failed for good, with a message for its owner. */
export async function failImport(ctx: ImportContext, importId: number, message: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('imports').set({ status: 'failed', failure: message, finished_at: now(ctx), updated_at: now(ctx) }).where('id', '=', importId).execute();
    await trx.deleteFrom('import_chunks').where('import_id', '=', importId).execute();
  });
}

/** How many fields the file's header line has (its first record: blank lines are skipped). */
async function headerWidth(ctx: ImportContext, importId: number): Promise<number> {
  for await (const item of recordsFrom(ctx.db, importId, { chunk: 0, offset: 0, line: 1 })) return 'record' in item ? item.record.fields.length : 0;
  return 0;
}

async function readLines(ctx: ImportContext, importId: number, context: RowContext, progress: Progress, writer: BatchWriter, stop: AbortSignal): Promise<boolean> {
  const atHeader = progress.cursor.chunk === 0 && progress.cursor.offset === 0;
  let skipHeader = atHeader;
  // Read again on a resumed import: the header is behind its cursor.
  const width = await headerWidth(ctx, importId);
  let batch: Batch = { rows: [], end: progress.cursor };
  let lines = 0;
  const flush = async () => {
    await writer.write(batch, progress);
    batch = { rows: [], end: progress.cursor };
    lines = 0;
  };
  for await (const item of recordsFrom(ctx.db, importId, progress.cursor)) {
    if ('unterminated' in item) {
      progress.total++;
      progress.reject(item.unterminated, `a quoted field starting on line ${item.unterminated} is never closed: the line cannot be read`);
      batch.end = item.end;
      continue;
    }
    const { record } = item;
    batch.end = record.end;
    if (skipHeader) {
      skipHeader = false;
      continue;
    }
    progress.total++;
    lines++;
    if (record.fields.length > width) {
      const beyond = record.fields.length - width;
      progress.warn(record.line, `the line has ${record.fields.length} fields and the header ${width}: the last ${beyond === 1 ? 'one is' : `${beyond} are`} ignored`);
    }
    const result = readRow(context, record.fields, record.line);
    if ('row' in result) batch.rows.push(result.row);
    else progress.reject(result.line, result.problems.join('; '));
    if (lines >= BATCH_ROWS) {
      await flush();
      if (stop.aborted) return false;
    }
  }
  progress.phase = 'referrers';
  await flush();
  return true;
}

async function restartDryRun(ctx: ImportContext, row: ImportRow): Promise<ImportRow> {
  return ctx.db
    .updateTable('imports')
    .set({
      rows_total: 0, rows_accepted: 0, rows_rejected: 0, rows_duplicate: 0, referrals_linked: 0, errors: '[]', warnings: '[]',
      warnings_count: 0, cursor_chunk: 0, cursor_offset: 0, cursor_line: 1, phase: 'rows', updated_at: now(ctx),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function importWriter(ctx: ImportContext, beta: Beta, row: ImportRow): BatchWriter {
  return {
    write: (batch, progress) => insertBatch(ctx, beta, row, batch, progress),
    finish: (progress, stop) => resolveReferrers(ctx, beta, row.id, progress, stop),
  };
}

function now(ctx: ImportContext): string {
  return storedTime(ctx.clock.now());
}
