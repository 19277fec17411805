// SQLite's single connection is lent by turns (src/db/engine/connection-turns.ts): the oldest work first
// (a request's queries carry its arrival), first come among equals, and a long run of turns lets
// the event loop in, so a request arriving meanwhile is read and queued instead of waiting for the
// whole run. Also checked through a real SQLite database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ConnectionTurns, startWork } from '../../src/db/engine/connection-turns.ts';
import { openDatabase } from '../../src/db/database.ts';

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a query's synchronous work
  }
}

test('a free connection is taken at once; waiters get it in the order they asked', async () => {
  const turns = new ConnectionTurns();
  await turns.take();
  const order: number[] = [];
  const waiters = [1, 2, 3, 4].map((n) => turns.take().then(() => order.push(n)));
  assert.equal(turns.waiting, 4);
  for (let i = 0; i < 4; i++) {
    turns.pass();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(waiters);
  assert.deepEqual(order, [1, 2, 3, 4]);
  turns.pass();
  assert.equal(turns.waiting, 0);
  await turns.take(); // free again: resolves without anyone passing
});

test('the oldest work waiting gets the next turn, whenever it asked; work with no start counts from its asking', async () => {
  const turns = new ConnectionTurns();
  await turns.take();
  const order: string[] = [];
  const takeTurn = async (name: string) => {
    await turns.take();
    order.push(name);
    turns.pass();
  };
  let openOlder!: () => void;
  const olderAsks = new Promise<void>((resolve) => (openOlder = resolve));
  const older = startWork(async () => {
    await olderAsks; // started first, asks last
    await takeTurn('older');
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const newer = startWork(() => takeTurn('newer'));
  const background = takeTurn('no start');
  openOlder();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(turns.waiting, 3);
  turns.pass();
  await Promise.all([older, newer, background]);
  assert.deepEqual(order, ['older', 'newer', 'no start']);
});

test('a long run of turns lets the event loop in before it ends', async () => {
  const turns = new ConnectionTurns();
  let done = 0;
  const run = Array.from({ length: 200 }, async () => {
    await turns.take();
    busyFor(0.2);
    done += 1;
    turns.pass();
  });
  // Queued behind the run: with hand-overs in microtasks only it would see all 200 done.
  const seenAt = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
  await Promise.all(run);
  assert.equal(done, 200);
  assert.ok(seenAt < 200, `the event loop ran only after ${seenAt} turns`);
});

test('through SQLite: concurrent queries and transactions all complete, in order of asking', async () => {
  const database = openDatabase('sqlite::memory:');
  try {
    await sql`create table log (n integer not null)`.execute(database.db);
    const writes = Array.from({ length: 50 }, (_, n) =>
      n % 2 === 0
        ? database.db.transaction().execute((trx) => sql`insert into log (n) values (${n})`.execute(trx))
        : sql`insert into log (n) values (${n})`.execute(database.db),
    );
    await Promise.all(writes);
    const { rows } = await sql<{ n: number }>`select n from log order by rowid`.execute(database.db);
    assert.deepEqual(rows.map((row) => row.n), Array.from({ length: 50 }, (_, n) => n));
  } finally {
    await database.close();
  }
});
