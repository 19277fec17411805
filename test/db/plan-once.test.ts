// planOnce and the compiled statements (db/engine/prepared-statements.ts): a marked statement answers as it
// would unmarked on both databases; on PostgreSQL it is prepared once per connection under a name,
// and other statements are not. One whose result columns a migration changed is prepared afresh.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { planOnce } from '../../src/db/engine/prepared-statements.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { compiled } from '../../src/db/engine/compiled.ts';
import { inTransaction, transactionRetries } from '../../src/db/transaction.ts';
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

test('a compiled statement is prepared once; when a migration adds a column under it, it answers with the column, in a transaction or not', async () => {
  await sql`create table shades (id integer primary key, name text not null)`.execute(database.db);
  await sql`insert into shades (id, name) values (1, 'teal')`.execute(database.db);
  const shade = compiled((_db, p: { id: number }) => sql<Record<string, unknown>>`select * from shades where id = ${p.id}`);
  assert.deepEqual(await shade.first(database.db, { id: 1 }), { id: 1, name: 'teal' });
  assert.deepEqual(await shade.first(database.db, { id: 1 }), { id: 1, name: 'teal' });
  const shadeStatements = async () => (await preparedOnce()).filter((statement) => statement.includes('from shades'));
  if (dialect === 'postgres') assert.equal((await shadeStatements()).length, 1, 'prepared once, run twice');

  // Outside a transaction the statement is run again at once, under a new name.
  await sql`alter table shades add column tone text not null default 'dark'`.execute(database.db);
  assert.deepEqual(await shade.first(database.db, { id: 1 }), { id: 1, name: 'teal', tone: 'dark' });
  if (dialect === 'postgres') assert.equal((await shadeStatements()).length, 2, 'the stale one stays; the new name is prepared');

  // Inside one the transaction has failed: the command runs again.
  await sql`alter table shades add column depth integer not null default 3`.execute(database.db);
  const retriedBefore = transactionRetries(database.db).stale_plan;
  const read = await inTransaction(database.db, (trx) => shade.first(trx, { id: 1 }));
  assert.deepEqual(read, { id: 1, name: 'teal', tone: 'dark', depth: 3 });
  assert.equal(transactionRetries(database.db).stale_plan - retriedBefore, dialect === 'postgres' ? 1 : 0);
});
