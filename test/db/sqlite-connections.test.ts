// SQLite's two connections per process (src/db/database.ts): a select outside a transaction runs on
// the reader and waits for no transaction; it sees the last commit, never an open transaction's
// writes, which the transaction itself reads. Requests whose reads answer within one turn of the
// event loop then reach their commands before the commit group begins, and share it. Runs on a
// SQLite file of its own whatever the suite's dialect: PostgreSQL has a pool instead, whose reads
// end in later turns.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { inTransaction, observeCommits } from '../../src/db/transaction.ts';

/** A migrated SQLite file, removed after the test. */
async function sqliteFile(t: { after: (fn: () => unknown) => void }) {
  const file = join(tmpdir(), `prelaunch-connections-${randomUUID()}.sqlite`);
  const database = openDatabase(`sqlite:${file}`);
  t.after(async () => {
    await database.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  });
  await migrateToLatest(database);
  return database.db;
}

const NOW = '2026-12-07T06:00:00.000Z';

test('a select outside a transaction answers while a transaction holds the writer, with the last commit only', async (t) => {
  const db = await sqliteFile(t);
  const now = NOW;
  const names = () => db.selectFrom('companies').select('name').orderBy('id').execute();
  await db.insertInto('companies').values({ name: 'committed', created_at: now, updated_at: now }).execute();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let insideSaw: { name: string }[] = [];
  let began!: () => void;
  const inside = new Promise<void>((resolve) => (began = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await trx.insertInto('companies').values({ name: 'open', created_at: now, updated_at: now }).execute();
    insideSaw = await trx.selectFrom('companies').select('name').orderBy('id').execute();
    began();
    await held;
  });
  await inside;
  // The writer is held until `release`: on one connection this read would wait for it.
  assert.deepEqual(await names(), [{ name: 'committed' }], 'the last commit, without the open write');
  assert.deepEqual(insideSaw, [{ name: 'committed' }, { name: 'open' }], 'the transaction reads its own write');
  // A write waits for the writer: it runs once the transaction has committed.
  let written = false;
  const write = db
    .updateTable('companies')
    .set({ name: 'renamed' })
    .where('name', '=', 'committed')
    .execute()
    .then(() => (written = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(written, false, 'the write waits for the transaction');
  release();
  await Promise.all([transaction, write]);
  assert.deepEqual(await names(), [{ name: 'renamed' }, { name: 'open' }], 'both commits, read at once after them');
});

test('commands whose requests read first, in one turn of the event loop, share one commit', async (t) => {
  const db = await sqliteFile(t);
  let commits = 0;
  observeCommits(db, async () => void commits++);
  const names = ['a', 'b', 'c', 'd'];
  await Promise.all(
    names.map(async (name, i) => {
      // What a request reads before its command, each longer than the one before by more than a
      // group takes to commit a command alone: the group has not begun meanwhile.
      for (let read = 0; read < 10 + 40 * i; read++) await db.selectNoFrom(sql<number>`1`.as('one')).execute();
      await inTransaction(db, (trx) => trx.insertInto('companies').values({ name, created_at: NOW, updated_at: NOW }).execute());
    }),
  );
  assert.deepEqual((await db.selectFrom('companies').select('name').orderBy('name').execute()).map((row) => row.name), names);
  assert.equal(commits, 1);
});
