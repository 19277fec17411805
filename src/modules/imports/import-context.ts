// What an import's steps share: the job passes its context and batches to the dry run, the
// tester batch and the referrers, which import this rather than the job.
import type { DialectName, Db } from '../../db/executor.ts';
import type { Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import type { EmailsService } from '../emails/emails.service.ts';
import type { GeoLocator } from '../testers/geoip.ts';
import type { CsvPosition } from './csv.ts';
import type { Progress } from './progress.ts';
import type { ImportedRow } from './rows.ts';

export interface ImportContext {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  betas: BetasService;
  geo: GeoLocator;
  emails: EmailsService;
}

/** Lines per batch: one transaction each. */
export const BATCH_ROWS = 1000;

/** A batch of the file: the lines read well, and where the batch ends. */
export interface Batch {
  rows: ImportedRow[];
  end: CsvPosition;
}

/** What a batch does with its rows: a dry run only looks, an import writes. */
export interface BatchWriter {
  write(batch: Batch, progress: Progress): Promise<void>;
  /** After the last line: the referrers named by lines; false when `stop` ended it early. */
  finish(progress: Progress, stop: AbortSignal): Promise<boolean>;
}
