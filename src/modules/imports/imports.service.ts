// CSV imports of testers (docs/import.md): receiving a file, then running its import (or dry run)
// as an outbox job that resumes from its cursor after a restart; the CLI runs the same job in its
// own process.
import type { DialectName, Db } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ImportRow } from '../../db/tables/owner-work.ts';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { enqueueJob, MAX_ATTEMPTS, type JobHandler } from '../../jobs/outbox.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type BetasService } from '../betas/betas.service.ts';
import type { EmailsService } from '../emails/emails.service.ts';
import { listQuestions } from '../questions/questions.service.ts';
import type { GeoLocator } from '../testers/geoip.ts';
import { failImport, runImport } from './import-job.ts';
import type { ImportContext } from './import-context.ts';
import { mapColumns } from './mapping.ts';
import { MAX_LISTED } from './progress.ts';
import { receiveFile } from './receive.ts';

const IMPORT_JOB = 'import.run';
/** An upload still receiving after this long was cut off (its process died): its rows are deleted. */
const ABANDONED_UPLOAD_SECONDS = 60 * 60;

export interface ImportOptions {
  dryRun?: boolean;
  sendEmails?: boolean;
  /** JSON text: column → field, or null to ignore the column. */
  mapping?: string;
  preset?: string;
  /** False when the caller runs the import itself (runNow, the CLI): no job is queued for a worker. */
  queue?: boolean;
}

export class ImportsService {
  readonly jobHandlers: Record<string, JobHandler>;
  readonly #ctx: ImportContext;

  constructor(db: Db, dialect: DialectName, clock: Clock, betas: BetasService, geo: GeoLocator, emails: EmailsService) {
    this.#ctx = { db, dialect, clock, betas, geo, emails };
    this.jobHandlers = { [IMPORT_JOB]: (payload, job, stop) => this.#runJob(payload, job.attempts, stop) };
  }

  /**
   * Receives the file and queues its import; answers the import, queued. Refuses (and keeps
   * nothing of) a file that is not UTF-8, is empty, or whose columns cannot be mapped. The file is
   * opened once the beta and the options are known good.
   */
  async create(companyId: number, betaIdText: string, open: () => Promise<AsyncIterable<Uint8Array>>, options: ImportOptions): Promise<ImportRow> {
    const { db, clock, betas } = this.#ctx;
    const beta = await betas.require(companyId, betaIdText);
    const mapping = parseMapping(options.mapping);
    const file = await open();
    const now = storedTime(clock.now());
    await db
      .deleteFrom('imports')
      .where('beta_id', '=', beta.id)
      .where('status', '=', 'receiving')
      .where('created_at', '<', storedTime(addSeconds(clock.now(), -ABANDONED_UPLOAD_SECONDS)))
      .execute();
    // Each statement holds the beta by its foreign key: a beta deleted meanwhile answers 404 (heldBy).
    const { id } = await heldBy(
      db
        .insertInto('imports')
        .values({ beta_id: beta.id, status: 'receiving', dry_run: options.dryRun ? 1 : 0, send_emails: options.sendEmails ? 1 : 0, columns: '[]', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    try {
      const received = await receiveFile(file, async (seq, data) => {
        await heldBy(db.insertInto('import_chunks').values({ import_id: id, seq, data }).execute());
      });
      if (!received.header) {
        throw Errors.testersGeneral('The file is empty: it needs a header line naming its columns (such as email,first_name), then a line per tester');
      }
      const mapped = mapColumns(received.header, { mapping, preset: options.preset }, await listQuestions(db, beta.id));
      if (mapped.problems.length > 0) throw ApiError.many(mapped.problems.map((problem) => Errors.testersGeneral.entry(problem)));
      const warnings = mapped.ignored.map((message) => ({ line: received.headerLine, message }));
      return await heldBy(
        inTransaction(db, async (trx) => {
          const row = await trx
            .updateTable('imports')
            .set({
              status: 'queued',
              columns: JSON.stringify(mapped.columns),
              bytes: received.bytes,
              warnings: JSON.stringify(warnings.slice(0, MAX_LISTED)),
              warnings_count: warnings.length,
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (options.queue !== false) await enqueueJob(trx, IMPORT_JOB, { importId: id }, clock.now());
          return row;
        }),
      );
    } catch (error) {
      await db.deleteFrom('imports').where('id', '=', id).execute();
      throw error;
    }
  }

  async show(companyId: number, betaIdText: string, importIdText: string): Promise<ImportRow> {
    const beta = await this.#ctx.betas.require(companyId, betaIdText);
    const id = parseId(importIdText);
    const row =
      id === null
        ? undefined
        : await this.#ctx.db.selectFrom('imports').selectAll().where('id', '=', id).where('beta_id', '=', beta.id).where('status', '!=', 'receiving').executeTakeFirst();
    if (!row) throw Errors.notFound('Import not found');
    return row;
  }

  /** The beta's imports, newest first. */
  async list(companyId: number, betaIdText: string, page: PageRequest): Promise<{ items: ImportRow[]; total: number; totalEstimated: boolean }> {
    const beta = await this.#ctx.betas.require(companyId, betaIdText);
    const visible = this.#ctx.db.selectFrom('imports').where('beta_id', '=', beta.id).where('status', '!=', 'receiving');
    const [items, counted] = await Promise.all([
      visible.selectAll().orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.#ctx.db, visible.select('id'), page),
    ]);
    return { items, ...counted };
  }

  /**
   * Runs an import created with `queue: false` here and now, to its end, or resumes one such run
   * that was interrupted (the CLI, which runs no outbox). Undefined when there is no such import.
   */
  async runNow(importId: number, stop: AbortSignal = new AbortController().signal): Promise<ImportRow | undefined> {
    await runImport(this.#ctx, importId, stop);
    return this.#ctx.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst();
  }

  async #runJob(payload: unknown, attempts: number, stop: AbortSignal): Promise<{ retryAt: Date } | undefined> {
    const importId = (payload as { importId?: unknown }).importId;
    if (typeof importId !== 'number') throw new Error(`${IMPORT_JOB} job without an importId`);
    try {
      // Stopped between batches: run again at once, by this process or the next, from the cursor.
      return (await runImport(this.#ctx, importId, stop)) === 'stopped' ? { retryAt: this.#ctx.clock.now() } : undefined;
    } catch (error) {
      // Retried with the outbox's backoff; on the last attempt the import fails, saying so.
      if (attempts < MAX_ATTEMPTS) throw error;
      await failImport(this.#ctx, importId, 'The import stopped on an internal error after several attempts; the lines imported so far are kept');
      return undefined;
    }
  }
}

function parseMapping(text: string | undefined): Record<string, string | null> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const valid =
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((target) => target === null || typeof target === 'string');
  if (!valid) throw Errors.testersGeneral('mapping must be a JSON object naming, for a column of the file, the field it fills or null, such as {"E-mail":"email","Notes":null}');
  return value as Record<string, string | null>;
}
