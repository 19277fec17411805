// Migration 050 on a database holding testers and changes not folded yet: the rollups rebuilt from
// the testers count, per signup day, country, source and channel, the visible testers ever
// confirmed, invited and active, and per day the testers that reached each stage; the queue is
// empty; from then on the new triggers carry a stage reached later into the rollups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../src/db/migrate.ts';
import { foldRollups } from '../../src/modules/stats/rollups.ts';
import { createTestDatabase } from '../support/context.ts';
import { insertRawBetas } from '../support/raw-rows.ts';
import { testerRow } from '../modules/testers/support.ts';

const BEFORE = migrationNames[migrationNames.indexOf('050-funnel-rollups') - 1];
const NOW = '2026-11-22T09:15:00.000Z';

type Rollup = { kind: string; value: string; testers: number; referred: number; confirmed: number; invited: number; active: number };

test('migration 050 rebuilds the rollups with the funnel from the testers, and the new triggers keep them', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db, dialect } = database;
  try {
    await migrateUpTo(database, BEFORE);
    const [rocket] = await insertRawBetas(db, NOW, ['Rocket']);
    const insert = async (email: string, fields: Parameters<typeof testerRow>[2]) =>
      Number((await db.insertInto('testers').values(testerRow(rocket, email, fields)).returning('id').executeTakeFirstOrThrow()).id);
    const ada = await insert('ada@example.com', { utm_source: 'news', created_at: '2026-11-20T10:00:00.000Z', applied_at: '2026-11-20T10:00:00.000Z', invited_at: '2026-11-21T10:00:00.000Z', joined_at: '2026-11-22T08:00:00.000Z' });
    await insert('bo@example.com', { referrer_id: ada, created_at: '2026-11-21T10:00:00.000Z', applied_at: '2026-11-22T07:00:00.000Z' });
    await insert('cy@example.com', { status: 'imported', created_at: '2026-11-21T11:00:00.000Z', applied_at: null });
    await insert('hid@example.com', { hidden: 1, created_at: '2026-11-21T12:00:00.000Z', invited_at: '2026-11-21T12:00:00.000Z' });
    assert.ok((await db.selectFrom('tester_rollup_changes').select('seq').execute()).length > 0, 'changes wait, unfolded');

    await migrateToLatest(database);
    const day = (value: string, counts: Omit<Rollup, 'kind' | 'value'>) => ({ value, ...counts });
    assert.deepEqual(await stored(), [
      { kind: 'active_day', ...day('2026-11-22', { testers: 1, referred: 0, confirmed: 1, invited: 1, active: 1 }) },
      { kind: 'confirmed_day', ...day('2026-11-20', { testers: 1, referred: 0, confirmed: 1, invited: 1, active: 1 }) },
      { kind: 'confirmed_day', ...day('2026-11-22', { testers: 1, referred: 1, confirmed: 1, invited: 0, active: 0 }) },
      { kind: 'country', ...day('', { testers: 3, referred: 1, confirmed: 2, invited: 1, active: 1 }) },
      { kind: 'day', ...day('2026-11-20', { testers: 1, referred: 0, confirmed: 1, invited: 1, active: 1 }) },
      { kind: 'day', ...day('2026-11-21', { testers: 2, referred: 1, confirmed: 1, invited: 0, active: 0 }) },
      { kind: 'invited_day', ...day('2026-11-21', { testers: 1, referred: 0, confirmed: 1, invited: 1, active: 1 }) },
      { kind: 'source', ...day('', { testers: 2, referred: 1, confirmed: 1, invited: 0, active: 0 }) },
      { kind: 'source', ...day('news', { testers: 1, referred: 0, confirmed: 1, invited: 1, active: 1 }) },
    ]);
    assert.deepEqual(await db.selectFrom('tester_rollup_changes').select('seq').execute(), [], 'the queue is folded into the rebuild');

    // Cy applies, straight in SQL: the triggers queue it, a fold moves Cy into the confirmed counts.
    await db.updateTable('testers').set({ status: 'applied', applied_at: '2026-11-22T09:00:00.000Z' }).where('email', '=', 'cy@example.com').execute();
    assert.ok((await foldRollups(db, dialect)) > 0);
    const after = await stored();
    assert.deepEqual(after.find((row) => row.kind === 'confirmed_day' && row.value === '2026-11-22'), { kind: 'confirmed_day', value: '2026-11-22', testers: 2, referred: 1, confirmed: 2, invited: 0, active: 0 });
    assert.deepEqual(after.find((row) => row.kind === 'day' && row.value === '2026-11-21'), { kind: 'day', value: '2026-11-21', testers: 2, referred: 1, confirmed: 2, invited: 0, active: 0 });
  } finally {
    await database.close();
    await drop();
  }

  async function stored(): Promise<Rollup[]> {
    const rows = await db.selectFrom('tester_rollups').selectAll().orderBy('kind').orderBy('value').execute();
    return rows.map((row) => ({
      kind: row.kind,
      value: row.value,
      testers: Number(row.testers),
      referred: Number(row.referred),
      confirmed: Number(row.confirmed),
      invited: Number(row.invited),
      active: Number(row.active),
    }));
  }
});
