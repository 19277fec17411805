// Compiled statements (db/engine/compiled.ts): built once per database, then run with each call's values,
// on the database or inside a transaction (a command's, which on SQLite is a group commit's
// savepoint), answering as the same query built per call would, with the drivers' errors as they were.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { compiled, compiledVariants, definedColumns } from '../../src/db/engine/compiled.ts';
import { forUpdate, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { foreignKeyViolation, missingRow, uniqueViolation } from '../../src/db/errors.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { createTestDatabase } from '../support/context.ts';

const NOW = '2026-11-26T10:00:00Z';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let companyId: number;

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = openDatabase(created.url);
  await migrateToLatest(database);
  ({ id: companyId } = await database.db.insertInto('companies').values({ name: 'Acme', created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow());
});

after(async () => {
  await database.close();
  await drop();
});

let builds = 0;
const insertKey = compiled((db, key: { companyId: number; name: string; hash: string }) => {
  builds++;
  return db
    .insertInto('api_keys')
    .values({ company_id: key.companyId, name: key.name, key_hash: key.hash, key_prefix: 'pl_', permissions: '[]', created_at: NOW })
    .returning(['id', 'name', 'key_hash']);
});
const keyByHash = compiled((db, p: { hash: string }, dialect) => forUpdate(dialect, db.selectFrom('api_keys').select(['id', 'name']).where('key_hash', '=', p.hash)));
const renameKey = compiled((db, p: { id: number; name: string }) => db.updateTable('api_keys').set({ name: p.name }).where('id', '=', p.id));

test("a statement is built once and answers each call with that call's values, as the built query would", async () => {
  const first = await insertKey.firstOrThrow(database.db, { companyId, name: 'one', hash: 'h-one' });
  const second = await insertKey.firstOrThrow(database.db, { companyId, name: 'two', hash: 'h-two' });
  assert.deepEqual([first.name, first.key_hash, second.name, second.key_hash], ['one', 'h-one', 'two', 'h-two']);
  assert.equal(builds, 1, 'built at the first call only');
  for (const hash of ['h-one', 'h-two', 'h-none']) {
    const built = await database.db.selectFrom('api_keys').select(['id', 'name']).where('key_hash', '=', hash).executeTakeFirst();
    assert.deepEqual(await keyByHash.first(database.db, { hash }), built, hash);
  }
  const renamed = await renameKey.execute(database.db, { id: first.id, name: 'uno' });
  assert.equal(renamed.numAffectedRows, 1n);
  assert.deepEqual(await keyByHash.rows(database.db, { hash: 'h-one' }), [{ id: first.id, name: 'uno' }]);
});

test("inside a command's transaction it sees and makes the transaction's writes, and a rollback undoes them", async () => {
  // On SQLite the command runs in a savepoint of a group commit's transaction (commit-groups.ts).
  const seen = await inTransaction(database.db, async (trx) => {
    const row = await insertKey.firstOrThrow(trx, { companyId, name: 'in-trx', hash: 'h-trx' });
    await renameKey.execute(trx, { id: row.id, name: 'renamed-in-trx' });
    return keyByHash.first(trx, { hash: 'h-trx' });
  });
  assert.equal(seen?.name, 'renamed-in-trx');
  assert.equal((await keyByHash.first(database.db, { hash: 'h-trx' }))?.name, 'renamed-in-trx');

  await assert.rejects(
    database.db.transaction().execute(async (trx) => {
      await insertKey.execute(trx, { companyId, name: 'undone', hash: 'h-undone' });
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.equal(await keyByHash.first(database.db, { hash: 'h-undone' }), undefined);
});

test("the drivers' errors reach the caller as they were: unique and foreign-key violations, no row", async () => {
  await insertKey.execute(database.db, { companyId, name: 'taken', hash: 'h-taken' });
  const duplicate = await insertKey.execute(database.db, { companyId, name: 'again', hash: 'h-taken' }).catch((error: unknown) => error);
  assert.match(uniqueViolation(duplicate) ?? 'none', /key_hash/);
  const orphan = await insertKey.execute(database.db, { companyId: companyId + 1000, name: 'orphan', hash: 'h-orphan' }).catch((error: unknown) => error);
  assert.notEqual(foreignKeyViolation(orphan), null);
  const none = await keyByHash.firstOrThrow(database.db, { hash: 'h-nobody' }).catch((error: unknown) => error);
  assert.equal(missingRow(none), true);
  // Inside a transaction too: the failed command's writes are gone, the error is the driver's.
  const inCommand = await inTransaction(database.db, async (trx) => {
    await insertKey.execute(trx, { companyId, name: 'before', hash: 'h-before' });
    await insertKey.execute(trx, { companyId, name: 'dup', hash: 'h-taken' });
  }).catch((error: unknown) => error);
  assert.match(uniqueViolation(inCommand) ?? 'none', /key_hash/);
  assert.equal(await keyByHash.first(database.db, { hash: 'h-before' }), undefined);
});

test('variants: one statement per column set, an IN list per length, raw SQL', async () => {
  const insertBeta = compiledVariants((_columns: string) => (db, row: { company_id: number; name: string; homepage_url: string; slug?: string | null; settings: string; created_at: string; updated_at: string }) =>
    db.insertInto('betas').values(row).returning(['id', 'slug']),
  );
  const base = { company_id: companyId, name: 'B', homepage_url: 'https://example.com/', settings: '{}', created_at: NOW, updated_at: NOW };
  const plain = { ...base, slug: undefined };
  const slugged = { ...base, slug: 'slugged' };
  const a = await insertBeta(definedColumns(plain)).firstOrThrow(database.db, plain);
  const b = await insertBeta(definedColumns(slugged)).firstOrThrow(database.db, slugged);
  assert.deepEqual([a.slug, b.slug], [null, 'slugged']);

  const betasIn = compiledVariants((_length: number) => (db, ids: number[]) => db.selectFrom('betas').select('id').where('id', 'in', ids).orderBy('id'));
  for (const ids of [[a.id], [a.id, b.id], [b.id]]) {
    assert.deepEqual((await betasIn(ids.length).rows(database.db, ids)).map((row) => row.id), ids);
  }

  const countBetas = compiled((_db, p: { companyId: number; above: number }) =>
    sql<{ n: number }>`select count(*) as n from betas where company_id = ${p.companyId} and id > ${p.above}`,
  );
  assert.equal(Number((await countBetas.firstOrThrow(database.db, { companyId, above: a.id }))?.n), 1);
});

test('a build that uses a parameter other than as a value, or a call that gives other parameters, is refused', async () => {
  // The condition sees a stand-in, not the call's value: the statement would ignore every call's `first`.
  const structural = compiled((db, p: { first: boolean }) => db.selectFrom('api_keys').select('id').where('name', '=', p.first ? 'one' : 'two'));
  await assert.rejects(structural.rows(database.db, { first: false }), /did not reach the SQL as a value/);
  const optional = compiled((db, p: { hash: string; name?: string }) => db.updateTable('api_keys').set({ name: p.name }).where('key_hash', '=', p.hash));
  await optional.execute(database.db, { hash: 'h-two', name: 'zwei' });
  await assert.rejects(optional.execute(database.db, { hash: 'h-two' }), /other parameters than the statement was compiled with/);
  const lists = compiled((db, ids: number[]) => db.selectFrom('betas').select('id').where('id', 'in', ids));
  await lists.rows(database.db, [1, 2]);
  await assert.rejects(lists.rows(database.db, [1, 2, 3]), /other parameters/);
});

test('on a Kysely with plugins the statement is built per call, so each plugin sees every query', async () => {
  let seen = 0;
  const counting = database.db.withPlugin({
    transformQuery: (args) => {
      seen += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  for (const hash of ['h-one', 'h-two']) {
    const built = await database.db.selectFrom('api_keys').select(['id', 'name']).where('key_hash', '=', hash).executeTakeFirst();
    assert.deepEqual(await keyByHash.first(counting, { hash }), built);
  }
  assert.equal(seen, 2);
});
