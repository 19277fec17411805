// On SQLite's writer connection a job is work as a request is (connection-turns.ts): once begun, its
// statements go before those of work that began later. (A select outside a transaction takes no
// turn: it runs on the reader.) Runs on a SQLite file of its own whatever the suite's dialect:
// PostgreSQL has no turns.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/executor.ts';
import { startWork } from '../../src/db/engine/connection-turns.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { JobRunner, enqueueJob } from '../../src/jobs/outbox.ts';
import { TestClock } from '../support/clock.ts';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A statement that needs the writer and changes nothing. */
const noWrite = (db: Db) => db.deleteFrom('outbox_jobs').where('id', '<', 0).execute();

test('a job that began before a request runs its next write before the request\'s, though it asks later', async () => {
  const file = join(tmpdir(), `prelaunch-job-turns-${randomUUID()}.sqlite`);
  const database = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database);
    const { db } = database;
    const clock = new TestClock();
    const order: string[] = [];
    const jobBegan = gate();
    const jobMayAsk = gate();
    const runner = new JobRunner(db, 'sqlite', clock, {
      probe: async () => {
        jobBegan.open();
        await jobMayAsk.opened;
        await noWrite(db);
        order.push('job');
      },
    }, { error: () => {}, warn: () => {} });
    await enqueueJob(db, 'probe', {}, clock.now());
    const ran = runner.runDue();
    await jobBegan.opened;

    // Someone holds the connection while the other two line up for it.
    const holderHas = gate();
    const holderMayEnd = gate();
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectFrom('betas').select('id').execute();
      holderHas.open();
      await holderMayEnd.opened;
    });
    await holderHas.opened;
    // A request begins after the job did and asks first; the job asks after it.
    const request = startWork(async () => {
      await noWrite(db);
      order.push('request');
    });
    await new Promise((resolve) => setImmediate(resolve));
    jobMayAsk.open();
    await new Promise((resolve) => setImmediate(resolve));
    holderMayEnd.open();

    await Promise.all([holder, request, ran]);
    assert.deepEqual(order, ['job', 'request']);
    assert.deepEqual(await db.selectFrom('outbox_jobs').select('id').execute(), [], 'the job finished');
  } finally {
    await database.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
});
