// Group commit on SQLite (src/db/commit-groups.ts): commands queued behind an open transaction
// share its commit, each in a savepoint; one that fails rolls back alone; none is answered before
// the commit that holds it. A SQLite mechanism, checked on a SQLite file whatever the suite's database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/db/database.ts';
import { GROUP_LIMITS, type GroupLimits } from '../../src/db/commit-groups.ts';
import { afterCommit, beforeCommit, groupCommits, inTransaction, observeCommits } from '../../src/db/transaction.ts';

/** Groups bounded by their number only: which commands share a commit does not depend on the machine's speed. */
const UNTIMED: GroupLimits = { ...GROUP_LIMITS, maxOpenMs: Number.POSITIVE_INFINITY };

async function scene(t: { after: (fn: () => unknown) => void }, limits = UNTIMED) {
  const dir = mkdtempSync(join(tmpdir(), 'prelaunch-commit-groups-'));
  const file = join(dir, 'db.sqlite');
  const handle = openDatabase(`sqlite:${file}`);
  await sql`create table notes (id integer primary key, text text not null unique)`.execute(handle.db);
  groupCommits(handle.db, limits);
  // Another connection sees only what has committed.
  const outside = new SQLite(file, { readonly: true });
  const committed = () => (outside.prepare('select text from notes order by text').all() as { text: string }[]).map((row) => row.text);
  let commits = 0;
  observeCommits(handle.db, async () => void commits++);
  t.after(async () => {
    outside.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db: handle.db, committed, commits: () => commits };
}

const insert = (text: string) => (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => sql`insert into notes (text) values (${text})`.execute(trx);

test('commands that queue together share one commit, and each is answered only once it has committed', async (t) => {
  const { db, committed, commits } = await scene(t);
  const seenAtAnswer: string[][] = [];
  const answers = ['a', 'b', 'c', 'd'].map((text) =>
    inTransaction(db, async (trx) => {
      await insert(text)(trx);
      return text;
    }).then((value) => {
      seenAtAnswer.push(committed());
      return value;
    }),
  );
  assert.deepEqual(await Promise.all(answers), ['a', 'b', 'c', 'd']);
  // Every answer came after a commit that held its own row (all four, here: one group).
  for (const seen of seenAtAnswer) assert.deepEqual(seen, ['a', 'b', 'c', 'd']);
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
  assert.match(String((results[3] as PromiseRejectedResult).reason), /UNIQUE/);
  assert.deepEqual(committed(), ['kept-1', 'kept-2']);
  assert.equal(commits(), 1);
});

test("each command keeps its own beforeCommit and afterCommit tasks; after-commit tasks see the commit", async (t) => {
  const { db, committed } = await scene(t);
  const log: string[] = [];
  await Promise.all(
    ['x', 'y'].map((text) =>
      inTransaction(db, async (trx) => {
        beforeCommit(trx, async () => void (await insert(`${text}-last`)(trx)));
        afterCommit(trx, async () => void log.push(`${text}: ${committed().join(',')}`));
        await insert(text)(trx);
      }),
    ),
  );
  assert.deepEqual(log, ['x: x,x-last,y,y-last', 'y: x,x-last,y,y-last']);
});

test('a retried command runs again in a later savepoint, and its earlier attempt leaves nothing', async (t) => {
  const { db, committed } = await scene(t);
  let attempts = 0;
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
  const [value] = await Promise.all([retried, inTransaction(db, insert('other'))]);
  assert.equal(value, 2);
  assert.deepEqual(committed(), ['attempt-2', 'other']);
});

test('a lone command commits at once; a group takes at most maxMembers commands', async (t) => {
  const { db, committed, commits } = await scene(t);
  await inTransaction(db, insert('alone'));
  assert.deepEqual(committed(), ['alone']);
  assert.equal(commits(), 1);
  await Promise.all(Array.from({ length: 40 }, (_, i) => inTransaction(db, insert(`n${i}`))));
  assert.equal(committed().length, 41);
  assert.equal(GROUP_LIMITS.maxMembers, 32);
  assert.equal(commits() - 1, 2, '40 commands queued at once: a group of 32, then one of 8');
});

test('a group open for maxOpenMs takes no new command', async (t) => {
  const { db, committed, commits } = await scene(t, { maxMembers: 32, maxOpenMs: 0 });
  await Promise.all(['p', 'q', 'r'].map((text) => inTransaction(db, insert(text))));
  assert.deepEqual(committed(), ['p', 'q', 'r']);
  assert.equal(commits(), 3, 'each group closed to newcomers once its first command ran');
});
