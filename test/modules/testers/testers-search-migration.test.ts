// Migration 010 on a database that already has testers (an upgrade): the index covers them, and the
// filters find what the LIKE finds from there on. On PostgreSQL without the right to create pg_trgm
// the migration still succeeds, warns, and the filters scan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, dialect } from '../../support/context.ts';
import { insertRawBetas } from '../../support/raw-rows.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.ts';
import { likeContains, testerTextContains, type SearchedTesterColumn } from '../../../src/db/engine/text-search.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../../src/db/migrate.ts';
import { testerRow } from './support.ts';

const BEFORE = migrationNames.slice(0, migrationNames.indexOf('010-search-indexes'));
const FIRST_NAMES = ['Olivia', 'Noah', 'Zoë', 'İlker', null];
const LAST_NAMES = ['Smith', 'Ñúñez', 'O"Brien', 'Back\\slash', null];
const FRAGMENTS = ['o', 'sm', 'smith', 'ñúñ', 'olivia smi', 'i̇lk', '"br', 'k\\s', '100%', '_x', 'mple.co', 'old1', 'zzz'];
const now = '2026-11-22T09:15:00.000Z';

/** A beta with testers written the way the code before 010 wrote them. */
async function seedOldTesters(database: DatabaseHandle): Promise<number> {
  const { db } = database;
  const [betaId] = await insertRawBetas(db, now);
  const rows = Array.from({ length: 40 }, (_, i) =>
    testerRow(betaId, `old${i}${i % 7 === 0 ? '_x' : ''}${i % 9 === 0 ? '100%' : ''}@example.com`, {
      first_name: FIRST_NAMES[i % FIRST_NAMES.length],
      last_name: LAST_NAMES[(i >> 1) % LAST_NAMES.length],
      hidden: i % 11 === 0 ? 1 : 0,
      referral_code: `old${i}`,
    }),
  );
  await db.insertInto('testers').values(rows).execute();
  return betaId;
}

/** The list's filter (testerTextContains) and the plain LIKE select the same testers; returns how many fragments matched. */
async function assertSameAsLike(database: DatabaseHandle, betaId: number, label: string): Promise<number> {
  let matched = 0;
  for (const fragment of FRAGMENTS) {
    for (const column of ['email_normalized', 'name_search'] as SearchedTesterColumn[]) {
      const ids = async (condition: ReturnType<typeof likeContains>) =>
        (await database.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('hidden', '=', 0).where(condition).orderBy('id').execute()).map((r) => r.id);
      const expected = await ids(likeContains(column, fragment));
      // As the beta's 40 testers, and as a beta of a million, where the index is read for its candidates.
      for (const betaSize of [40, 1_000_000]) {
        const search = await testerTextContains(database.db, database.dialect, column, fragment, betaId, betaSize);
        assert.deepEqual(await ids(search.contains), expected, `${label}: ${column} ${JSON.stringify(fragment)} in ${betaSize}`);
      }
      if (expected.length > 0) matched += 1;
    }
  }
  return matched;
}

test('migration 010 indexes the testers that were there before it, and the triggers go on from there', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db } = database;
  try {
    assert.deepEqual(await migrateUpTo(database, BEFORE[BEFORE.length - 1]), BEFORE);
    const betaId = await seedOldTesters(database);
    assert.deepEqual(await migrateToLatest(database), migrationNames.slice(BEFORE.length));
    if (dialect === 'sqlite') {
      const indexed = await sql<{ n: number }>`select count(*) as n from testers_search where testers_search match ${'email_normalized : "example.com"'}`.execute(db);
      assert.equal(Number(indexed.rows[0].n), 40, 'every existing tester is in the index');
    }
    assert.ok((await assertSameAsLike(database, betaId, 'after the backfill')) >= 12, 'most fragments match someone');

    await db.updateTable('testers').set({ email_normalized: 'renamed_x@example.org' }).where('referral_code', '=', 'old1').execute();
    await db.updateTable('testers').set({ name_search: 'olivia ñúñez-smith' }).where('referral_code', 'in', ['old2', 'old3']).execute();
    await db.updateTable('testers').set({ points: 3 }).where('referral_code', '=', 'old4').execute();
    await db.deleteFrom('testers').where('referral_code', 'in', ['old5', 'old6']).execute();
    assert.ok((await assertSameAsLike(database, betaId, 'after changes')) >= 12);
    if (dialect === 'sqlite') await sql`insert into testers_search (testers_search) values ('integrity-check')`.execute(db);
  } finally {
    await database.close();
    await drop();
  }
});

// A PostgreSQL scenario (extension rights): part of the suite's PostgreSQL run only, not a skipped test in the SQLite one.
const postgresOnly = dialect === 'postgres' ? test : () => {};

postgresOnly('PostgreSQL without the right to create pg_trgm: the migration succeeds without the indexes, warns, and the filters scan', async () => {
  const { url, drop } = await createTestDatabase();
  const role = `prelaunch_noext_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let database: DatabaseHandle | null = null;
  try {
    // A managed database's application user: it may create tables, not extensions.
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    const asRole = new URL(url);
    asRole.username = role;
    database = openDatabase(asRole.toString());
    assert.deepEqual(await migrateUpTo(database, BEFORE[BEFORE.length - 1]), BEFORE);
    const betaId = await seedOldTesters(database);

    const warnings: (Error & { code?: string })[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      assert.deepEqual(await migrateToLatest(database), migrationNames.slice(BEFORE.length));
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    const ours = warnings.filter((warning) => warning.code === 'PRELAUNCH_NO_PG_TRGM');
    assert.equal(ours.length, 1, 'one warning');
    assert.match(ours[0].message, /pg_trgm could not be created \(permission denied/);

    const found = await admin.query(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm' UNION ALL SELECT indexname FROM pg_indexes WHERE indexname LIKE '%trgm'`);
    assert.deepEqual(found.rows, [], 'neither the extension nor its indexes');
    assert.ok((await assertSameAsLike(database, betaId, 'without pg_trgm')) >= 12);
  } finally {
    await database?.close();
    await admin.end();
    await drop();
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    await server.query(`DROP ROLE IF EXISTS ${role}`);
    await server.end();
  }
});
