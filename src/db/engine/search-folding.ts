// SQLite's search index (the FTS5 trigram table of migration 010) takes new testers after their
// commit, a batch at a time, instead of from an insert trigger in the signup's transaction
// (docs/decisions.md, "Search"). FTS5 writes its pending terms to disk at every savepoint and
// statement journal that follows them, so a trigger made every signup write an index segment of
// its own and slowed the statements after it; folded in batches, a segment holds hundreds.
//
// `testers_search_folded.upto` is the watermark: every tester with an id up to it is in the index
// (the update and delete triggers keep those in step); testers past it are not, and a search
// matches them with a LIKE over that id range (database.ts, testerTextContains). Ids only grow
// and SQLite commits one writer at a time, so a fold sees every tester below the largest id.
import { sql } from 'kysely';
import type { Db, Executor } from '../executor.ts';
import { inTransaction } from '../transaction.ts';

/** How often a long-running process folds the testers created since the last fold. */
export const SEARCH_FOLD_EVERY_MS = 500;

/** Testers a fold indexes in one transaction (about 20 ms): a long backlog (an import) goes in several, with requests served between. */
const FOLD_BATCH = 1000;

/** The largest tester id the index holds (every id at or below it is indexed). */
export async function searchFoldedUpTo(executor: Executor): Promise<number> {
  const { rows } = await sql<{ upto: number }>`select upto from testers_search_folded`.execute(executor);
  return rows[0]?.upto ?? 0;
}

/**
 * Indexes the testers past the watermark, up to FOLD_BATCH of them, and moves the watermark;
 * returns how many ids it covered (0 when there was nothing to fold). Run it in a transaction:
 * the rows and the watermark move together.
 */
export async function foldSearchBatch(trx: Executor): Promise<number> {
  const upto = await searchFoldedUpTo(trx);
  const { rows } = await sql<{ last: number | null; n: number }>`
    select max(id) as last, count(*) as n from (select id from testers where id > ${upto} order by id limit ${FOLD_BATCH})`.execute(trx);
  const { last, n } = rows[0];
  if (last === null) return 0;
  await sql`insert into testers_search (rowid, email_normalized, name_search)
    select id, email_normalized, name_search from testers where id > ${upto} and id <= ${last} order by id`.execute(trx);
  await sql`update testers_search_folded set upto = ${last}`.execute(trx);
  return n;
}

/** Folds the whole backlog, one transaction per batch; returns how many testers it indexed. */
export async function foldSearchBacklog(db: Db): Promise<number> {
  // A read first: with nothing to fold, no write lock is taken.
  const { rows } = await sql<{ waiting: number }>`
    select exists (select 1 from testers where id > (select upto from testers_search_folded)) as waiting`.execute(db);
  if (!rows[0].waiting) return 0;
  let folded = 0;
  let batch: number;
  do {
    batch = await inTransaction(db, foldSearchBatch);
    folded += batch;
  } while (batch === FOLD_BATCH);
  return folded;
}

/**
 * Folds the backlog every SEARCH_FOLD_EVERY_MS. A failed fold (the write lock held past
 * busy_timeout by another process) is retried next round; searches stay exact meanwhile, over a
 * longer backlog. `stop` waits for a fold under way.
 */
export function startSearchFolding(db: Db): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= foldSearchBacklog(db)
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  }, SEARCH_FOLD_EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
