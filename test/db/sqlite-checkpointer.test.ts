// The SQLite WAL is checkpointed by a thread of its own in long-running processes
// (src/db/engine/sqlite-checkpointer.ts): pages written reach the database file without any commit of
// the API connection crossing SQLite's automatic threshold. Runs on a SQLite file of its own
// whatever the suite's dialect.
import { randomUUID } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';

const sizeOf = (file: string) => statSync(file).size;

/** Writes about 2 MB (some 500 pages, below SQLite's 1,000-page automatic checkpoint) in 20 commits. */
async function writeRows(url: string, options: { longRunning: boolean }): Promise<{ before: number; after: number; wal: number }> {
  const file = url.slice('sqlite:'.length);
  const database = openDatabase(url, options);
  try {
    await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
    const before = sizeOf(file);
    for (let commit = 0; commit < 20; commit++) {
      await database.db.transaction().execute((trx) =>
        trx.insertInto('filler' as never).values(Array.from({ length: 25 }, () => ({ body: 'x'.repeat(4000) })) as never).execute(),
      );
    }
    // The thread checkpoints every 200 ms: give it a few rounds.
    const deadline = Date.now() + 5000;
    while (options.longRunning && sizeOf(file) <= before + 1_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Before closing: the last connection to close checkpoints everything and removes the WAL.
    return { before, after: sizeOf(file), wal: sizeOf(`${file}-wal`) };
  } finally {
    await database.close();
  }
}

test('with background checkpoints the written pages reach the database file; without, they wait in the WAL', async () => {
  const urls = [1, 2].map(() => `sqlite:${join(tmpdir(), `prelaunch-checkpoint-${randomUUID()}.sqlite`)}`);
  try {
    const threaded = await writeRows(urls[0], { longRunning: true });
    assert.ok(threaded.after > threaded.before + 1_000_000, `the file grew from ${threaded.before} to ${threaded.after} bytes`);
    const plain = await writeRows(urls[1], { longRunning: false });
    assert.ok(plain.after < plain.before + 1_000_000, `without the thread the file stays at ${plain.after} bytes (from ${plain.before})`);
    assert.ok(plain.wal > 1_000_000, `the pages are in the WAL (${plain.wal} bytes)`);
  } finally {
    for (const url of urls) for (const suffix of ['', '-wal', '-shm']) rmSync(url.slice('sqlite:'.length) + suffix, { force: true });
  }
});
