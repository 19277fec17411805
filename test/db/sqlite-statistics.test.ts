// SQLite's planner gets statistics when a connection opens (PRAGMA optimize in
// src/db/database.ts): without them a filter on an indexed column of a big table walks another
// index and reads every row. Runs on a SQLite file of its own whatever the suite's dialect.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';

test('a connection opening on a table without statistics analyzes it, and the planner then picks the selective index', async () => {
  const file = join(tmpdir(), `prelaunch-statistics-${randomUUID()}.sqlite`);
  try {
    const first = openDatabase(`sqlite:${file}`);
    // One beta's rows, each with a source shared by few: the shape of a custom_vars filter.
    await sql`create table rows (id integer primary key, beta_id integer not null, hidden integer not null, source text)`.execute(first.db);
    await sql`create index rows_beta_hidden_id on rows (beta_id, hidden, id)`.execute(first.db);
    await sql`create index rows_beta_source on rows (beta_id, source)`.execute(first.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) insert into rows (beta_id, hidden, source) select 1, 0, 'source-' || (i % 500) from n`.execute(first.db);
    const stats = async (database: typeof first) =>
      (await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'rows' order by idx`.execute(database.db)).rows.map((row) => row.idx);
    await assert.rejects(stats(first), /no such table: sqlite_stat1/, 'nothing analyzed the table yet');
    await first.close();

    const second = openDatabase(`sqlite:${file}`);
    try {
      assert.deepEqual(await stats(second), ['rows_beta_hidden_id', 'rows_beta_source']);
      const plan = await sql<{ detail: string }>`explain query plan select count(*) from rows where beta_id = 1 and hidden = 0 and source = 'source-7'`.execute(second.db);
      assert.match(plan.rows.map((row) => row.detail).join('\n'), /rows_beta_source/);
    } finally {
      await second.close();
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
});
