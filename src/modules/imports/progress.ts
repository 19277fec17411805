// An import's report and cursor as a job carries them from batch to batch, the stored file read
// back record by record from a cursor, and the write that moves both in a batch's transaction.
import type { Db, Executor } from '../../db/executor.ts';
import type { ImportRow } from '../../db/tables/owner-work.ts';
import { CsvReader, UnterminatedQuote, type CsvPosition, type CsvRecord } from './csv.ts';

/** Errors and warnings listed in an import's report; the rest are counted. */
export const MAX_LISTED = 100;

export interface Problem {
  line: number;
  message: string;
}

export type ImportPhase = 'rows' | 'referrers' | 'done';

type ProgressState = Pick<Progress, 'total' | 'accepted' | 'rejected' | 'duplicate' | 'linked' | 'warningsCount' | 'cursor' | 'phase' | 'errors' | 'warnings'>;

/** What the job has done so far, as stored on the import's row. */
export class Progress {
  total: number;
  accepted: number;
  rejected: number;
  duplicate: number;
  linked: number;
  errors: Problem[];
  warnings: Problem[];
  warningsCount: number;
  cursor: CsvPosition;
  phase: ImportPhase;
  #stored: { cursor: CsvPosition; phase: ImportPhase };

  constructor(row: ImportRow) {
    this.total = row.rows_total;
    this.accepted = row.rows_accepted;
    this.rejected = row.rows_rejected;
    this.duplicate = row.rows_duplicate;
    this.linked = row.referrals_linked;
    this.errors = JSON.parse(row.errors) as Problem[];
    this.warnings = JSON.parse(row.warnings) as Problem[];
    this.warningsCount = row.warnings_count;
    this.cursor = { chunk: row.cursor_chunk, offset: row.cursor_offset, line: row.cursor_line };
    this.phase = row.phase as ImportPhase;
    this.#stored = { cursor: this.cursor, phase: this.phase };
  }

  /** The report as it is, for `restore` when a batch's transaction runs again. */
  snapshot(): ProgressState {
    const { total, accepted, rejected, duplicate, linked, warningsCount, cursor, phase } = this;
    return { total, accepted, rejected, duplicate, linked, warningsCount, cursor, phase, errors: [...this.errors], warnings: [...this.warnings] };
  }

  restore(state: ProgressState): void {
    Object.assign(this, { ...state, errors: [...state.errors], warnings: [...state.warnings] });
  }

  reject(line: number, message: string): void {
    this.rejected++;
    if (this.errors.length < MAX_LISTED) this.errors.push({ line, message });
  }

  warn(line: number, message: string): void {
    this.warningsCount++;
    if (this.warnings.length < MAX_LISTED) this.warnings.push({ line, message });
  }

  /**
   * Writes the report and cursor in the batch's transaction. The cursor must still be where this
   * job read it: should another runner have moved it (a lease taken over), the batch is rolled back.
   */
  async save(trx: Executor, importId: number, now: string): Promise<void> {
    const stored = this.#stored;
    const { numUpdatedRows } = await trx
      .updateTable('imports')
      .set({
        rows_total: this.total,
        rows_accepted: this.accepted,
        rows_rejected: this.rejected,
        rows_duplicate: this.duplicate,
        referrals_linked: this.linked,
        errors: JSON.stringify(this.errors),
        warnings: JSON.stringify(this.warnings),
        warnings_count: this.warningsCount,
        cursor_chunk: this.cursor.chunk,
        cursor_offset: this.cursor.offset,
        cursor_line: this.cursor.line,
        phase: this.phase,
        updated_at: now,
      })
      .where('id', '=', importId)
      .where('phase', '=', stored.phase)
      .where('cursor_chunk', '=', stored.cursor.chunk)
      .where('cursor_offset', '=', stored.cursor.offset)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw new Error(`import ${importId} was moved on by another runner`);
    this.#stored = { cursor: this.cursor, phase: this.phase };
  }
}

/** A record, or a quote left open at the end of the file (the last record cannot be read). */
export type FileItem = { record: CsvRecord } | { unterminated: number; end: CsvPosition };

/** The records of the stored file from `start`, read one chunk at a time. */
export async function* recordsFrom(db: Db, importId: number, start: CsvPosition): AsyncGenerator<FileItem> {
  let reader: CsvReader | null = null;
  let last = { chunk: start.chunk, length: start.offset };
  for (let seq = start.chunk; ; seq++) {
    const chunk = await db.selectFrom('import_chunks').select('data').where('import_id', '=', importId).where('seq', '=', seq).executeTakeFirst();
    if (!chunk) break;
    const from = seq === start.chunk ? start.offset : 0;
    reader ??= new CsvReader({ line: start.line, afterCr: from > 0 && chunk.data.charCodeAt(from - 1) === 13 });
    for (const record of reader.push(chunk.data, seq, from)) yield { record };
    last = { chunk: seq, length: chunk.data.length };
  }
  if (!reader) return;
  try {
    const record = reader.end(last.chunk, last.length);
    if (record) yield { record };
  } catch (error) {
    if (!(error instanceof UnterminatedQuote)) throw error;
    yield { unterminated: error.line, end: { chunk: last.chunk, offset: last.length, line: error.line } };
  }
}
