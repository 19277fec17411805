// A command's final writes (db/final-writes.ts, writeAtCommit): they land with the command's
// commit, each gets the rows its RETURNING gives, a failing one takes the whole command back, and
// on PostgreSQL several leave as one statement (its parameters renumbered), split only past the
// parameters one statement takes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type CompiledQuery } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import type { Executor } from '../../src/db/executor.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { compiled } from '../../src/db/engine/compiled.ts';
import { beforeCommit, inTransaction, writeAtCommit } from '../../src/db/transaction.ts';
import { createTestDatabase, dialect } from '../support/context.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  // One connection, so the prepared statements looked at below are those of the connection that ran them.
  database = openDatabase(created.url, { poolSize: 1 });
  await migrateToLatest(database);
  const id = dialect === 'postgres' ? sql`serial primary key` : sql`integer primary key autoincrement`;
  await sql`create table notes (id ${id}, kind text not null, body text not null, weight integer not null)`.execute(database.db);
  await sql`create table tallies (name text primary key, total integer not null)`.execute(database.db);
  await sql`insert into tallies (name, total) values ('all', 0)`.execute(database.db);
});

after(async () => {
  await database.close();
  await drop();
});

const note = compiled((_db, p: { kind: string; body: string; weight: number }) =>
  sql<{ id: number; weight: number }>`insert into notes (kind, body, weight) values (${p.kind}, ${p.body}, ${p.weight}) returning id, weight`,
);
const tally = compiled((_db, p: { add: number }) => sql`update tallies set total = total + ${p.add} where name = ${'all'}`);

const notes = async (kind: string, executor: Executor = database.db) =>
  (await sql<{ body: string; weight: number }>`select body, weight from notes where kind = ${kind} order by id`.execute(executor)).rows;
const total = async () => Number((await sql<{ total: number }>`select total from tallies where name = 'all'`.execute(database.db)).rows[0].total);

/** The statements this connection has prepared as one statement of final writes (PostgreSQL). */
async function combinedStatements(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like 'with w0 as (%'`.execute(database.db);
  return rows.map((row) => row.statement);
}

test('final writes land with the commit, after the command and its beforeCommit tasks, each given its own rows', async () => {
  const totalBefore = await total();
  const returned: Record<string, unknown>[][] = [];
  const order: string[] = [];
  const result = await inTransaction(database.db, async (trx) => {
    writeAtCommit(trx, { query: note.query(trx, { kind: 'landed', body: 'first', weight: 1 }), returned: (rows) => returned.push(rows) });
    // A write with more parameters between two: the later one's are renumbered past both.
    writeAtCommit(trx, { query: tally.query(trx, { add: 5 }) });
    beforeCommit(trx, async () => {
      order.push('task');
      writeAtCommit(trx, { query: note.query(trx, { kind: 'landed', body: 'third', weight: 3 }), returned: (rows) => returned.push(rows) });
    });
    // Not written yet: the command's own transaction reads none of them.
    assert.deepEqual(await notes('landed', trx), []);
    order.push('work');
    return 'done';
  });
  assert.equal(result, 'done');
  assert.deepEqual(order, ['work', 'task']);
  assert.deepEqual(await notes('landed'), [
    { body: 'first', weight: 1 },
    { body: 'third', weight: 3 },
  ]);
  assert.equal((await total()) - totalBefore, 5);
  assert.deepEqual(
    returned.map((rows) => rows.map((row) => Number(row.weight))),
    [[1], [3]],
    'each write is given the rows of its own RETURNING',
  );
  assert.ok(returned.every((rows) => Number.isInteger(Number(rows[0].id)) && Number(rows[0].id) > 0));
  if (dialect === 'postgres') {
    const combined = await combinedStatements();
    assert.equal(combined.length, 1, 'the three writes went as one prepared statement');
    assert.match(combined[0], /insert into notes.*update tallies.*insert into notes/s);
  }
});

test('a final write that fails takes the whole command back: nothing of it, nor of the other writes, stands', async () => {
  const totalBefore = await total();
  const failing = { query: sql`insert into notes (kind, body, weight) values (${'failed'}, ${'no weight'}, ${null})`.compile(database.db) as CompiledQuery };
  await assert.rejects(
    inTransaction(database.db, async (trx) => {
      await note.execute(trx, { kind: 'failed', body: 'written by the command', weight: 0 });
      writeAtCommit(trx, { query: note.query(trx, { kind: 'failed', body: 'a final write', weight: 1 }) });
      writeAtCommit(trx, { query: tally.query(trx, { add: 7 }) });
      writeAtCommit(trx, failing);
    }),
    /null/i,
  );
  assert.deepEqual(await notes('failed'), []);
  assert.equal(await total(), totalBefore);
});

test('writes with more parameters than one statement takes are split, and all land', async () => {
  // Three writes of 24,000 parameters each: more than 32,767 together, so each goes alone on PostgreSQL.
  const rows = 4_000;
  const many = (trx: Parameters<typeof note.query>[0], part: number) =>
    sql`insert into notes (kind, body, weight) values ${sql.join(Array.from({ length: rows }, (_, i) => sql`(${'many'}, ${`part ${part}`}, ${i}), (${'many'}, ${`part ${part}`}, ${-i - 1})`))}`.compile(trx) as CompiledQuery;
  await inTransaction(database.db, async (trx) => {
    for (let part = 0; part < 3; part++) writeAtCommit(trx, { query: many(trx, part) });
  });
  const written = await notes('many');
  assert.equal(written.length, 3 * 2 * rows);
  for (let part = 0; part < 3; part++) assert.equal(written.filter((row) => row.body === `part ${part}`).length, 2 * rows);
});
