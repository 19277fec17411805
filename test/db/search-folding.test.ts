// A long-running SQLite process (the server) folds new testers into the search index after their
// commit (src/db/engine/search-folding.ts); a short one (the CLI) leaves them past the watermark, where
// searches match them with a LIKE. Runs on a SQLite file of its own whatever the suite's dialect.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { searchFoldedUpTo } from '../../src/db/engine/search-folding.ts';
import { insertRawBetas } from '../support/raw-rows.ts';
import { testerRow } from '../modules/testers/support.ts';

/** Opens the file as a process would, writes 30 testers, and waits up to 5 s for the watermark to reach them. */
async function watermarkAfterInserts(url: string, longRunning: boolean): Promise<{ upto: number; last: number }> {
  const database = openDatabase(url, { longRunning });
  try {
    await migrateToLatest(database);
    const [betaId] = await insertRawBetas(database.db, '2026-11-26T10:00:00.000Z');
    const rows = Array.from({ length: 30 }, (_, i) => testerRow(betaId, `fold${i}-${randomUUID()}@example.com`, { first_name: `Name${i}` }));
    const inserted = await database.db.insertInto('testers').values(rows).returning('id').execute();
    const last = Math.max(...inserted.map((row) => row.id));
    const deadline = Date.now() + 5000;
    while (longRunning && (await searchFoldedUpTo(database.db)) < last && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const upto = await searchFoldedUpTo(database.db);
    if (upto === last) {
      // FTS5 compares its index with the testers table and fails where they differ.
      await sql`insert into testers_search (testers_search) values ('integrity-check')`.execute(database.db);
      const { rows: found } = await sql<{ rowid: number }>`select rowid from testers_search where testers_search match 'name_search : "name7"'`.execute(database.db);
      assert.deepEqual(found, [{ rowid: inserted[7].id }]);
    }
    return { upto, last };
  } finally {
    await database.close();
  }
}

test('a long-running process folds new testers into the search index; a short one leaves them past the watermark', async () => {
  const files = [1, 2].map(() => join(tmpdir(), `prelaunch-fold-${randomUUID()}.sqlite`));
  try {
    const server = await watermarkAfterInserts(`sqlite:${files[0]}`, true);
    assert.equal(server.upto, server.last, 'the server folded every tester');
    const cli = await watermarkAfterInserts(`sqlite:${files[1]}`, false);
    assert.ok(cli.upto < cli.last, `nothing folded the testers (${cli.upto} < ${cli.last})`);
  } finally {
    for (const file of files) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
});
