// Migration 042 on a database holding testers: the rollups it back-fills equal a recount of the
// visible ones (hidden testers left out, none given as ''), for each beta apart; the three indexes
// only the dashboard read are gone, the signups one (the daily digest's) stays; from then on the triggers queue every change and a fold keeps the rollups equal
// to a recount, including a referrer's deletion that sets its referred testers' referrer_id to null.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../src/db/migrate.ts';
import { foldRollups } from '../../src/modules/stats/rollups.ts';
import { createTestDatabase } from '../support/context.ts';
import { insertRawBetas } from '../support/raw-rows.ts';
import { testerRow } from '../modules/testers/support.ts';

const BEFORE = migrationNames[migrationNames.indexOf('042-dashboard-rollups') - 1];
const NOW = '2026-11-22T09:15:00.000Z';
const DROPPED = ['testers_stats_country', 'testers_stats_source', 'testers_stats_channel'];

type Rollup = { beta_id: number; kind: string; value: string; testers: number; referred: number };

test('migration 042 back-fills the rollups from the testers, drops the three dashboard indexes, and the triggers keep them from then on', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db, dialect } = database;
  try {
    await migrateUpTo(database, BEFORE);
    const [rocket, other] = await insertRawBetas(db, NOW, ['Rocket', 'Other']);
    const insert = async (betaId: number, email: string, fields: Parameters<typeof testerRow>[2] = {}) =>
      Number((await db.insertInto('testers').values(testerRow(betaId, email, fields)).returning('id').executeTakeFirstOrThrow()).id);
    const ada = await insert(rocket, 'ada@example.com', { country: 'GB', utm_source: 'twitter', created_at: '2026-11-20T23:59:59.999Z' });
    await insert(rocket, 'bo@example.com', { country: 'GB', referrer_id: ada, referral_channel: 'x', created_at: '2026-11-21T00:00:00.000Z' });
    await insert(rocket, 'cy@example.com', { utm_source: 'twitter', referrer_id: ada, referral_channel: 'email', created_at: '2026-11-21T10:00:00.000Z' });
    await insert(rocket, 'hid@example.com', { country: 'FR', hidden: 1, referrer_id: ada, created_at: '2026-11-21T11:00:00.000Z' });
    await insert(other, 'di@example.com', { country: 'FR' });

    assert.deepEqual(await migrateToLatest(database), migrationNames.slice(migrationNames.indexOf(BEFORE) + 1));
    const expected: Rollup[] = [
      { beta_id: rocket, kind: 'channel', value: 'email', testers: 1, referred: 1 },
      { beta_id: rocket, kind: 'channel', value: 'x', testers: 1, referred: 1 },
      { beta_id: rocket, kind: 'country', value: '', testers: 1, referred: 1 },
      { beta_id: rocket, kind: 'country', value: 'GB', testers: 2, referred: 1 },
      { beta_id: rocket, kind: 'day', value: '2026-11-20', testers: 1, referred: 0 },
      { beta_id: rocket, kind: 'day', value: '2026-11-21', testers: 2, referred: 2 },
      { beta_id: rocket, kind: 'source', value: '', testers: 1, referred: 1 },
      { beta_id: rocket, kind: 'source', value: 'twitter', testers: 2, referred: 1 },
      { beta_id: other, kind: 'country', value: 'FR', testers: 1, referred: 0 },
      { beta_id: other, kind: 'day', value: '2026-11-22', testers: 1, referred: 0 },
      { beta_id: other, kind: 'source', value: '', testers: 1, referred: 0 },
    ];
    assert.deepEqual(await stored(), expected);
    assert.deepEqual(await db.selectFrom('tester_rollup_changes').select('seq').execute(), [], 'the back-fill queues nothing');
    const indexes =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'testers'`.execute(db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'testers'`.execute(db)).rows;
    assert.deepEqual(indexes.map((row) => row.name).filter((name) => DROPPED.includes(name)), []);
    assert.ok(indexes.some((row) => row.name === 'testers_stats_signups'), "the daily digest's index stays");

    // Changes made straight in SQL go through the triggers too: Ada's deletion makes her two referred testers direct.
    await db.updateTable('testers').set({ country: 'NO' }).where('email', '=', 'bo@example.com').execute();
    await db.deleteFrom('testers').where('id', '=', ada).execute();
    await insert(rocket, 'ed@example.com', { hidden: 1 });
    assert.ok((await foldRollups(db, dialect)) > 0);
    assert.deepEqual(
      (await stored()).filter((row) => row.beta_id === rocket && row.testers !== 0),
      [
        { beta_id: rocket, kind: 'channel', value: 'email', testers: 1, referred: 0 },
        { beta_id: rocket, kind: 'channel', value: 'x', testers: 1, referred: 0 },
        { beta_id: rocket, kind: 'country', value: '', testers: 1, referred: 0 },
        { beta_id: rocket, kind: 'country', value: 'NO', testers: 1, referred: 0 },
        { beta_id: rocket, kind: 'day', value: '2026-11-21', testers: 2, referred: 0 },
        { beta_id: rocket, kind: 'source', value: '', testers: 1, referred: 0 },
        { beta_id: rocket, kind: 'source', value: 'twitter', testers: 1, referred: 0 },
      ],
    );
  } finally {
    await database.close();
    await drop();
  }

  async function stored(): Promise<Rollup[]> {
    // The kinds of this migration (050 adds the days each stage of the funnel was reached).
    const rows = await db.selectFrom('tester_rollups').selectAll().where('kind', 'in', ['channel', 'country', 'day', 'source']).orderBy('beta_id').orderBy('kind').orderBy('value').execute();
    return rows.map((row) => ({ beta_id: Number(row.beta_id), kind: row.kind, value: row.value, testers: Number(row.testers), referred: Number(row.referred) }));
  }
});
