// A dry run: every line checked as the import would check it, nothing written but the import's
// report. Duplicates within the file, referrers named by a later line and loops of referrers are
// found from what the run keeps in memory as it reads (each accepted line's address and referral
// code, and the references): a few dozen bytes a line. So a dry run interrupted by a restart
// starts again from the first line (import-job.ts), where an import resumes from its cursor.
import type { Beta } from '../betas/betas.service.ts';
import { findReferrer } from '../referrals/referrals.service.ts';
import { refusedAddresses } from './addresses.ts';
import type { Batch, BatchWriter, ImportContext } from './import-context.ts';
import type { Progress } from './progress.ts';
import { storedTime } from '../../primitives/time.ts';

interface Reference {
  line: number;
  email: string;
  reference: string;
}

export class DryRun implements BatchWriter {
  /** Accepted lines by address (lower-cased) and by the referral code they bring. */
  readonly #lines = new Map<string, number>();
  readonly #codes = new Map<string, number>();
  readonly #references: Reference[] = [];

  constructor(
    private readonly ctx: ImportContext,
    private readonly beta: Beta,
    private readonly importId: number,
  ) {}

  async write(batch: Batch, progress: Progress): Promise<void> {
    const { db } = this.ctx;
    const emails = [...new Set(batch.rows.map((row) => row.email.normalized))];
    const existing = new Set<string>();
    const taken = new Set<string>();
    const codes = batch.rows.flatMap((row) => (row.referralCode ? [row.referralCode] : []));
    for (let i = 0; i < Math.max(emails.length, codes.length); i += 500) {
      const some = emails.slice(i, i + 500);
      if (some.length > 0) {
        const found = await db.selectFrom('testers').select('email_normalized').where('beta_id', '=', this.beta.id).where('email_normalized', 'in', some).execute();
        for (const row of found) existing.add(row.email_normalized);
      }
      const someCodes = codes.slice(i, i + 500);
      if (someCodes.length > 0) {
        for (const row of await db.selectFrom('testers').select('referral_code').where('referral_code', 'in', someCodes).execute()) taken.add(row.referral_code);
      }
    }
    const refused = await refusedAddresses(db, this.beta.id, emails);
    for (const row of batch.rows) {
      const email = row.email.normalized;
      const earlier = this.#lines.get(email);
      const reason = refused.get(email);
      if (reason) progress.reject(row.line, reason);
      else if (earlier !== undefined) this.#duplicate(progress, row.line, `the address ${row.email.email} is on line ${earlier} already: this line would be skipped`);
      else if (existing.has(email)) this.#duplicate(progress, row.line, `a tester with the address ${row.email.email} is in the beta already: this line would be skipped`);
      else {
        progress.accepted++;
        this.#lines.set(email, row.line);
        if (row.referralCode && (taken.has(row.referralCode) || this.#codes.has(row.referralCode))) {
          progress.warn(row.line, `referral code ${row.referralCode} belongs to another tester: this tester would get a new one`);
        } else if (row.referralCode) this.#codes.set(row.referralCode, row.line);
        if (row.referrer) this.#references.push({ line: row.line, email, reference: row.referrer });
      }
    }
    progress.cursor = batch.end;
    await progress.save(db, this.importId, storedTime(this.ctx.clock.now()));
  }

  async finish(progress: Progress): Promise<boolean> {
    // The referrer each line would get: a line of the file (by address or code) or a tester of the beta.
    const referrerLine = new Map<number, number>();
    for (const { line, email, reference } of this.#references) {
      const shown = JSON.stringify(reference.slice(0, 80));
      const target = this.#lines.get(reference.toLowerCase()) ?? this.#codes.get(reference);
      if (target === line || reference.toLowerCase() === email) {
        progress.warn(line, `the referrer ${shown} is the tester itself: it would be imported without a referrer`);
      } else if (target !== undefined) {
        if (this.#leadsTo(referrerLine, target, line)) {
          progress.warn(line, `the referrer ${shown} (line ${target}) is referred by this line, directly or through others: a loop, so it would be imported without a referrer`);
        } else {
          referrerLine.set(line, target);
          progress.linked++;
        }
      } else if (await findReferrer(this.ctx.db, this.beta.id, reference, email, { lock: false })) {
        progress.linked++;
      } else {
        progress.warn(line, `the referrer ${shown} is neither in the file nor in the beta: it would be imported without a referrer`);
      }
    }
    return true;
  }

  #duplicate(progress: Progress, line: number, message: string): void {
    progress.duplicate++;
    progress.warn(line, message);
  }

  /** Whether following referrers from line `start` reaches line `target`. */
  #leadsTo(referrerLine: ReadonlyMap<number, number>, start: number, target: number): boolean {
    for (let line: number | undefined = start; line !== undefined; line = referrerLine.get(line)) {
      if (line === target) return true;
    }
    return false;
  }
}
