// Migration 012 on a database that has testers whose name was cleared before clearing a name also
// cleared it from name_search: the stale text goes, with the service's own lower-casing, and the
// name filter (its index included) no longer finds them by the cleared name. Nothing else changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from '../../support/context.ts';
import { insertRawBetas } from '../../support/raw-rows.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { likeContains, testerTextContains } from '../../../src/db/engine/text-search.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../../src/db/migrate.ts';
import { testerRow } from './support.ts';

const BEFORE = migrationNames.slice(0, migrationNames.indexOf('012-stale-name-search'));
const now = '2026-11-22T09:15:00.000Z';

/** [first_name, last_name, name_search as the old code left it, name_search after 012]. */
const CASES: [string | null, string | null, string, string][] = [
  [null, null, 'ann lee', ''],
  ['', null, 'ann', ''],
  [null, '', 'lee', ''],
  [null, 'Lee', 'ann lee', 'lee'],
  ['Ann', null, 'ann lee', 'ann'],
  // JavaScript's lower-casing, which SQLite's lower() (ASCII only) would not give.
  [null, 'ÑÚÑEZ', 'zoë ñúñez', 'ñúñez'],
  ['İlker', '', 'i̇lker öz', 'i̇lker'],
  // Right as they are: one name with a space in it, two names, none.
  ['Mary Ann', null, 'mary ann', 'mary ann'],
  [null, 'van Dyke', 'van dyke', 'van dyke'],
  ['Ada', 'Lovelace', 'ada lovelace', 'ada lovelace'],
  [null, null, '', ''],
];

test('migration 012 clears cleared names from name_search, in batches, and the name filter follows', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db } = database;
  try {
    assert.deepEqual(await migrateUpTo(database, BEFORE[BEFORE.length - 1]), BEFORE);
    const [betaId] = await insertRawBetas(db, now);
    // More right one-name rows with a space than one batch reads, so the stale ones come after the hand-over.
    const filler = Array.from({ length: 1100 }, (_, i) => testerRow(betaId, `filler${i}@example.com`, { first_name: `Jo ${i}`, referral_code: `fill${i}` }));
    for (let i = 0; i < filler.length; i += 300) await db.insertInto('testers').values(filler.slice(i, i + 300)).execute();
    const rows = CASES.map(([first_name, last_name, name_search], i) => testerRow(betaId, `case${i}@example.com`, { first_name, last_name, name_search, referral_code: `case${i}` }));
    await db.insertInto('testers').values(rows).execute();
    // Before the migrations the list's filter (which needs the latest schema) is the plain LIKE it stands for.
    const found = async (fragment: string, filter: 'latest' | 'like' = 'latest') => {
      const where = filter === 'like' ? likeContains('name_search', fragment) : (await testerTextContains(db, database.dialect, 'name_search', fragment, betaId, 2000)).contains;
      return (await db.selectFrom('testers').select('id').where(where).orderBy('id').execute()).length;
    };
    assert.equal(await found('ann lee', 'like'), 3, 'before: found by names cleared long ago');

    assert.deepEqual(await migrateToLatest(database), migrationNames.slice(BEFORE.length));
    const stored = await db.selectFrom('testers').select(['name_search', 'updated_at']).where('referral_code', 'like', 'case%').orderBy('id').execute();
    assert.deepEqual(stored.map((row) => row.name_search), CASES.map((c) => c[3]));
    assert.ok(stored.every((row) => row.updated_at === now), 'an internal column: the testers are not shown as updated');
    const fillers = await db.selectFrom('testers').select('name_search').where('referral_code', 'like', 'fill%').orderBy('id').execute();
    assert.deepEqual(fillers.map((row) => row.name_search), filler.map((row) => row.name_search));

    assert.equal(await found('ann lee'), 0);
    assert.equal(await found('ñúñez'), 1);
    assert.equal(await found('mary ann'), 1);
  } finally {
    await database.close();
    await drop();
  }
});
