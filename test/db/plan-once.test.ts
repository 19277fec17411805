// planOnce (db/database.ts): a marked statement answers as it would unmarked on both databases; on
// PostgreSQL it is prepared once per connection under a name, and other statements are not.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, planOnce, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { StandingFeed } from '../../src/modules/waitlist/standing-feed.ts';
import { createTestDatabase, dialect } from '../support/context.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  // One connection, so the prepared statements looked at below are those of the connection that ran them.
  database = openDatabase(created.url, { poolSize: 1 });
  await migrateToLatest(database);
  const now = '2026-11-23T10:00:00Z';
  const company = await database.db.insertInto('companies').values({ name: 'Acme', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  for (const name of ['One', 'Two']) {
    await database.db.insertInto('betas').values({ company_id: company.id, name, homepage_url: 'https://example.com/', settings: '{}', created_at: now, updated_at: now }).execute();
  }
});

after(async () => {
  await database.close();
  await drop();
});

/** The statements this connection has prepared under planOnce's names (PostgreSQL). */
async function preparedOnce(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'plan_once_%' order by statement`.execute(database.db);
  return rows.map((row) => row.statement);
}

test('a marked statement answers as it would unmarked, and on PostgreSQL is prepared once under a name', async () => {
  const byName = (name: string) => database.db.selectFrom('betas').select(['id', 'name']).where('name', '=', name);
  const marked = (name: string) => planOnce(byName(name));
  assert.match(marked('One').compile().sql, /\/\* plan once \*\/$/);
  for (const name of ['One', 'Two', 'One', 'Nobody']) {
    assert.deepEqual(await marked(name).execute(), await byName(name).execute(), name);
  }
  if (dialect === 'postgres') {
    // One statement however many parameters it ran with; the unmarked one was not prepared.
    assert.deepEqual(await preparedOnce(), [marked('One').compile().sql]);
  }
});

test("the standing feed's read is a statement planned once", async () => {
  const feed = new StandingFeed(database.db, dialect);
  await feed.start();
  // Nothing has changed since the start: nothing to read, however often.
  for (let run = 0; run < 3; run++) assert.deepEqual(await feed.read(), []);
  if (dialect === 'postgres') {
    const feedReads = (await preparedOnce()).filter((statement) => statement.includes('tester_changes'));
    assert.equal(feedReads.length, 1, 'one prepared statement, however often it ran');
  }
});
