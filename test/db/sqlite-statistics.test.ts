// SQLite's planner gets statistics when a connection opens, and a long-running connection keeps
// them current (PRAGMA optimize in src/db/database.ts): without them a filter on an indexed column
// of a big table walks another index and reads every row. Runs on SQLite files of its own whatever
// the suite's dialect.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';

/** One beta's rows, each with a source shared by few: the shape of a custom_vars filter. */
async function createRows(database: DatabaseHandle): Promise<void> {
  await sql`create table rows (id integer primary key, beta_id integer not null, hidden integer not null, source text)`.execute(database.db);
  await sql`create index rows_beta_hidden_id on rows (beta_id, hidden, id)`.execute(database.db);
  await sql`create index rows_beta_source on rows (beta_id, source)`.execute(database.db);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) insert into rows (beta_id, hidden, source) select 1, 0, 'source-' || (i % 500) from n`.execute(database.db);
}

const statistics = async (database: DatabaseHandle) =>
  (await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'rows' order by idx`.execute(database.db)).rows.map((row) => row.idx);

const planOfFilter = async (database: DatabaseHandle) =>
  (await sql<{ detail: string }>`explain query plan select count(*) from rows where beta_id = 1 and hidden = 0 and source = 'source-7'`.execute(database.db)).rows
    .map((row) => row.detail)
    .join('\n');

async function withFile(run: (url: string) => Promise<void>): Promise<void> {
  const file = join(tmpdir(), `prelaunch-statistics-${randomUUID()}.sqlite`);
  try {
    await run(`sqlite:${file}`);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}

test('a connection opening on a table without statistics analyzes it, and the planner then picks the selective index', () =>
  withFile(async (url) => {
    const first = openDatabase(url);
    await createRows(first);
    await assert.rejects(statistics(first), /no such table: sqlite_stat1/, 'nothing analyzed the table yet');
    await first.close();

    const second = openDatabase(url);
    try {
      assert.deepEqual(await statistics(second), ['rows_beta_hidden_id', 'rows_beta_source']);
      assert.match(await planOfFilter(second), /rows_beta_source/);
    } finally {
      await second.close();
    }
  }));

test('a long-running connection analyzes a table that grew after it opened', () =>
  withFile(async (url) => {
    const database = openDatabase(url, { longRunning: true, optimizeEveryMs: 50 });
    try {
      await createRows(database);
      // The planner has to have wanted statistics for the table: a query that could use them.
      await sql`select count(*) from rows where beta_id = 1 and hidden = 0 and source = 'source-7'`.execute(database.db);
      const deadline = Date.now() + 5000;
      let analyzed: string[] = [];
      while (analyzed.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        analyzed = await statistics(database).catch(() => []);
      }
      assert.deepEqual(analyzed, ['rows_beta_hidden_id', 'rows_beta_source']);
      assert.match(await planOfFilter(database), /rows_beta_source/);
    } finally {
      await database.close();
    }
  }));
