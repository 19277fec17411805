// Migration 006 on a database that already has testers (an upgrade): the backfill must leave the
// blocks equal to a recount of the testers, and the triggers must keep them so from there on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../../support/context.ts';
import { insertRawBetas } from '../../support/raw-rows.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../../src/db/migrate.ts';
import type { NewTester } from '../../../src/db/types.ts';
import { recountedWaitlistBlocks, storedWaitlistBlocks } from '../../../src/modules/waitlist/waitlist-blocks.ts';

const STATUSES = ['applied', 'applied', 'applied', 'invited', 'applied', 'imported'];

test('migration 006 counts the testers that were there before it, and the triggers go on from there', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db } = database;
  try {
    // The schema as it was just before 006, whatever came before it.
    const before = migrationNames.slice(0, migrationNames.indexOf('006-waitlist-blocks'));
    assert.deepEqual(await migrateUpTo(database, before[before.length - 1]), before);
    const now = '2026-11-22T09:15:00.000Z';
    const betaIds = await insertRawBetas(db, now, ['One', 'Two']);
    // Spread over days, hours and minutes, with ties to the millisecond; some hidden, some off the waitlist.
    const rows: NewTester[] = Array.from({ length: 90 }, (_, i) => {
      const status = STATUSES[i % STATUSES.length];
      const appliedAt = new Date(Date.parse(now) + Math.floor(i / 3) * 7 * 60_000 + (i % 3 === 2 ? 0 : i % 2)).toISOString();
      return {
        uuid: randomUUID(),
        beta_id: betaIds[i % 2],
        email: `old${i}@example.com`,
        email_normalized: `old${i}@example.com`,
        status,
        hidden: i % 11 === 0 ? 1 : 0,
        invitation_code: '',
        referral_code: `old${i}`,
        groups: '',
        name_search: '',
        friend_invitations_allowed: 5,
        share_signups_count: i % 4,
        points: (i * 7) % 5,
        applied_at: status === 'imported' ? null : appliedAt,
        created_at: appliedAt,
        updated_at: appliedAt,
      };
    });
    await db.insertInto('testers').values(rows).execute();

    assert.deepEqual(await migrateToLatest(database), migrationNames.slice(before.length));
    const assertExact = async (label: string) => {
      for (const betaId of betaIds) {
        const [stored, recounted] = await Promise.all([storedWaitlistBlocks(db, betaId), recountedWaitlistBlocks(db, betaId)]);
        assert.ok(recounted.groups.length >= 4 && recounted.hours.length > 10 && recounted.minutes.length > 20, `${label}: blocks to compare`);
        assert.deepEqual(stored, recounted, `${label}, beta ${betaIds.indexOf(betaId) + 1}`);
      }
    };
    await assertExact('after the backfill');

    // From here the triggers: moves between groups and in and out of the waitlist, and deletions.
    await db.updateTable('testers').set((eb) => ({ points: eb('points', '+', 3) })).where('share_signups_count', '=', 1).execute();
    await db.updateTable('testers').set({ status: 'rejected' }).where('points', '=', 2).execute();
    await db.updateTable('testers').set({ status: 'applied', applied_at: '2026-11-23T00:00:00.000Z' }).where('status', '=', 'imported').execute();
    await db.deleteFrom('testers').where('share_signups_count', '=', 3).execute();
    await assertExact('after changes');
  } finally {
    await database.close();
    await drop();
  }
});
