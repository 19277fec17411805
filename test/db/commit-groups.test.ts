// Group commit (src/db/engine/commit-groups.ts): commands queued behind an open transaction share its
// commit, each in a savepoint; one that fails rolls back alone; none is answered before its group
// has ended. On PostgreSQL several groups run at once: a failed command's locks are freed at once,
// and a deadlock between two groups is run again rather than reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import type { Db, Executor } from '../../src/db/executor.ts';
import { GROUP_LIMITS, type GroupLimits } from '../../src/db/engine/commit-groups.ts';
import { afterCommit, beforeCommit, groupCommits, inTransaction, observeCommits, transactionRetries } from '../../src/db/transaction.ts';
import { createTestDatabase, dialect } from '../support/context.ts';

/** One group at a time, bounded by its number only: which commands share a commit does not depend on the machine's speed. */
const UNTIMED: GroupLimits = { ...GROUP_LIMITS, maxOpenMs: Number.POSITIVE_INFINITY, lanes: 1 };

async function scene(t: { after: (fn: () => unknown) => void }, limits = UNTIMED) {
  const created = await createTestDatabase();
  const handle = openDatabase(created.url);
  // Another connection sees only what has committed.
  const outside = openDatabase(created.url);
  const id = sql.raw(dialect === 'postgres' ? 'serial' : 'integer');
  await sql`create table notes (id ${id} primary key, text text not null unique, n integer not null default 0)`.execute(handle.db);
  await sql`create table children (id ${id} primary key, note_id integer not null references notes (id) deferrable initially deferred)`.execute(handle.db);
  groupCommits(handle.db, limits);
  const committed = async () => (await sql<{ text: string }>`select text from notes order by text`.execute(outside.db)).rows.map((row) => row.text);
  let commits = 0;
  observeCommits(handle.db, async () => void commits++);
  t.after(async () => {
    await outside.close();
    await handle.close();
    await created.drop();
  });
  return { db: handle.db, outside: outside.db, committed, commits: () => commits };
}

const insert = (text: string) => (trx: Executor) => sql`insert into notes (text) values (${text})`.execute(trx);

test('commands that queue together share one commit, and each is answered only once it has committed', async (t) => {
  const { db, committed, commits } = await scene(t);
  const answers = ['a', 'b', 'c', 'd'].map((text) =>
    inTransaction(db, async (trx) => {
      await insert(text)(trx);
      return text;
    }).then(async (value) => ({ value, seen: await committed() })),
  );
  const settled = await Promise.all(answers);
  assert.deepEqual(
    settled.map(({ value }) => value),
    ['a', 'b', 'c', 'd'],
  );
  // Every answer came after a commit that held its own row (all four, here: one group).
  for (const { seen } of settled) assert.deepEqual(seen, ['a', 'b', 'c', 'd']);
  assert.equal(commits(), 1, 'one commit for the four commands');
});

test('a command that fails rolls back alone: the others of its group commit', async (t) => {
  const { db, committed, commits } = await scene(t);
  const results = await Promise.allSettled([
    inTransaction(db, insert('kept-1')),
    inTransaction(db, async (trx) => {
      await insert('rolled-back')(trx);
      throw new Error('refused');
    }),
    // The same text twice: the second violates the unique index and fails, the first stands.
    inTransaction(db, insert('kept-2')),
    inTransaction(db, insert('kept-2')),
  ]);
  assert.deepEqual(
    results.map((result) => result.status),
    ['fulfilled', 'rejected', 'fulfilled', 'rejected'],
  );
  assert.equal((results[1] as PromiseRejectedResult).reason.message, 'refused');
  assert.match(String((results[3] as PromiseRejectedResult).reason), /UNIQUE|duplicate key/);
  assert.deepEqual(await committed(), ['kept-1', 'kept-2']);
  assert.equal(commits(), 1);
});

test('a first command that fails rolls its transaction back; the commands queued after it commit', async (t) => {
  const { db, committed, commits } = await scene(t);
  const results = await Promise.allSettled([
    inTransaction(db, async (trx) => {
      await insert('first')(trx);
      throw new Error('refused');
    }),
    inTransaction(db, insert('second')),
  ]);
  assert.deepEqual(
    results.map((result) => result.status),
    ['rejected', 'fulfilled'],
  );
  assert.deepEqual(await committed(), ['second']);
  assert.equal(commits(), 1, 'only the group that kept a command committed something to observe');
});

test('a failed COMMIT fails every command of the group, and none of them is stored', async (t) => {
  const { db, committed } = await scene(t);
  // A deferred foreign key is checked at COMMIT: the child of a note that does not exist fails it.
  const results = await Promise.allSettled([
    inTransaction(db, insert('alongside')),
    inTransaction(db, (trx) => sql`insert into children (note_id) values (${999})`.execute(trx)),
  ]);
  assert.deepEqual(
    results.map((result) => result.status),
    ['rejected', 'rejected'],
  );
  for (const result of results) assert.match(String((result as PromiseRejectedResult).reason), /FOREIGN KEY|foreign key/);
  assert.deepEqual(await committed(), []);
  await inTransaction(db, insert('after'));
  assert.deepEqual(await committed(), ['after'], 'the next group commits as usual');
});

test('a group whose transaction breaks between commands answers every command it took, and stores none', async (t) => {
  const { db, committed } = await scene(t);
  // The second command ends the shared transaction itself: the third's savepoint then fails.
  const results = await Promise.race([
    Promise.allSettled([
      inTransaction(db, insert('first')),
      inTransaction(db, (trx) => sql`rollback`.execute(trx)),
      inTransaction(db, insert('third')),
    ]),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a command was never answered')), 10_000).unref()),
  ]);
  assert.deepEqual(
    results.map((result) => result.status),
    ['rejected', 'rejected', 'rejected'],
  );
  assert.deepEqual(await committed(), []);
});

test("each command keeps its own beforeCommit and afterCommit tasks; after-commit tasks see the commit", async (t) => {
  const { db, committed } = await scene(t);
  const log: string[] = [];
  await Promise.all(
    ['x', 'y'].map((text) =>
      inTransaction(db, async (trx) => {
        beforeCommit(trx, async () => void (await insert(`${text}-last`)(trx)));
        afterCommit(trx, async () => void log.push(`${text}: ${(await committed()).join(',')}`));
        await insert(text)(trx);
      }),
    ),
  );
  // Each task reads on another connection: they may finish in either order.
  assert.deepEqual(log.sort(), ['x: x,x-last,y,y-last', 'y: x,x-last,y,y-last']);
});

test('a retried command runs again in a later group, and its earlier attempt leaves nothing', async (t) => {
  const { db, committed, commits } = await scene(t);
  let attempts = 0;
  const other = inTransaction(db, insert('other'));
  const retried = inTransaction(
    db,
    async (trx) => {
      attempts++;
      await insert(`attempt-${attempts}`)(trx);
      if (attempts === 1) throw new Error('collided');
      return attempts;
    },
    { retryAlso: (error) => error instanceof Error && error.message === 'collided' },
  );
  const [, value] = await Promise.all([other, retried, inTransaction(db, insert('another'))]);
  assert.equal(value, 2);
  assert.deepEqual(await committed(), ['another', 'attempt-2', 'other']);
  assert.equal(commits(), 2, 'the retry was answered after the group it failed in, and ran in the next one');
});

test('a lone command commits at once; a group takes at most maxMembers commands', async (t) => {
  const { db, committed, commits } = await scene(t);
  await inTransaction(db, insert('alone'));
  assert.deepEqual(await committed(), ['alone']);
  assert.equal(commits(), 1);
  await Promise.all(Array.from({ length: 40 }, (_, i) => inTransaction(db, insert(`n${i}`))));
  assert.equal((await committed()).length, 41);
  assert.equal(GROUP_LIMITS.maxMembers, 32);
  assert.equal(commits() - 1, 2, '40 commands queued at once: a group of 32, then one of 8');
});

test('a group takes no new command once maxOpenMs has passed since its first finished', async (t) => {
  const { db, committed, commits } = await scene(t, { ...UNTIMED, maxOpenMs: 0 });
  await Promise.all(['p', 'q', 'r'].map((text) => inTransaction(db, insert(text))));
  assert.deepEqual(await committed(), ['p', 'q', 'r']);
  assert.equal(commits(), 3, 'each group closed to newcomers once its first command ran');
});

if (dialect === 'postgres') {
  /** Resolves once `count` callers are waiting in it: proof that they run at the same time. */
  const barrier = (count: number) => {
    let arrived = 0;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return () => {
      if (++arrived === count) open();
      return opened;
    };
  };

  const lockNow = (outside: Db, text: string) =>
    sql`select text from notes where text = ${text} for update nowait`.execute(outside).then(
      () => 'free',
      (error: { code?: string }) => (error.code === '55P03' ? 'locked' : Promise.reject(error)),
    );

  test('PostgreSQL: a failed command releases the locks it took while its group goes on', async (t) => {
    const { db, outside, committed } = await scene(t);
    await sql`insert into notes (text) values ('row')`.execute(outside);
    const seen: string[] = [];
    const results = await Promise.allSettled([
      inTransaction(db, insert('kept')),
      inTransaction(db, async (trx) => {
        await sql`select text from notes where text = 'row' for update`.execute(trx);
        seen.push(await lockNow(outside, 'row'));
        throw new Error('refused');
      }),
      inTransaction(db, async () => void seen.push(await lockNow(outside, 'row'))),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(seen, ['locked', 'free'], 'the row was locked by the failed command, free again for the group after it');
    assert.deepEqual(await committed(), ['kept', 'row']);
  });

  test('PostgreSQL: groups run at once on several connections, and a deadlock between them is run again', async (t) => {
    const { db, outside, committed } = await scene(t, { ...UNTIMED, lanes: 2 });
    await sql`insert into notes (text) values ('r1'), ('r2')`.execute(outside);
    const bothRunning = barrier(2);
    const bump = (trx: Executor, texts: string[]) => sql`update notes set n = n + 1 where text in (${sql.join(texts)})`.execute(trx);
    const before = transactionRetries(db).deadlock;
    // The first two wait for each other inside their commands: they can only be in two groups at
    // once. Each group then holds one row and its next command wants both rows: a deadlock, whose
    // victim rolls back to its savepoint, lets the other group commit, and runs again.
    const results = await Promise.allSettled([
      inTransaction(db, async (trx) => {
        await bump(trx, ['r1']);
        await bothRunning();
      }),
      inTransaction(db, async (trx) => {
        await bump(trx, ['r2']);
        await bothRunning();
      }),
      inTransaction(db, (trx) => bump(trx, ['r1', 'r2'])),
      inTransaction(db, (trx) => bump(trx, ['r1', 'r2'])),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
    // At least one victim ran again (on a loaded machine PostgreSQL's detector at times ends a second wait too).
    assert.ok(transactionRetries(db).deadlock - before >= 1, 'a command was the victim, and ran again');
    const { rows } = await sql<{ text: string; n: number }>`select text, n from notes order by text`.execute(outside);
    assert.deepEqual(rows, [
      { text: 'r1', n: 3 },
      { text: 'r2', n: 3 },
    ]);
    assert.deepEqual(await committed(), ['r1', 'r2']);
  });
}
