// Migration 008 on a database that already has testers (an upgrade): each gets its mailbox key and
// signed up with the profile it has; no flags are invented for them, and new signups see the keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../../support/context.ts';
import { insertRawBetas } from '../../support/raw-rows.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../../src/db/migrate.ts';
import { signupFlags } from '../../../src/modules/fraud/fraud-signals.ts';

const EMAILS = ['John.Doe+news@gmail.com', 'ann_lee@pm.me', 'bob.smith+x@outlook.com', 'carol.jones+x@example.com', 'kim@me.com'];

test('migration 008 keys the mailboxes of the testers that were there before it', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  const { db } = database;
  try {
    const before = migrationNames.slice(0, migrationNames.indexOf('008-fraud-signals'));
    assert.deepEqual(await migrateUpTo(database, before[before.length - 1]), before);
    const now = '2026-11-22T09:15:00.000Z';
    const [betaId] = await insertRawBetas(db, now);
    // More rows than one backfill batch, so the batches' hand-over is exercised.
    const rows = Array.from({ length: 2100 }, (_, i) => {
      const email = i < EMAILS.length ? EMAILS[i] : `user.${i}@${i % 2 ? 'gmail.com' : 'example.org'}`;
      return {
        uuid: randomUUID(),
        beta_id: betaId,
        email,
        email_normalized: email.toLowerCase(),
        status: 'applied',
        invitation_code: '',
        referral_code: `old${i}`,
        groups: '',
        name_search: '',
        friend_invitations_allowed: 5,
        ip: i % 3 ? `10.0.0.${i % 250}` : null,
        user_agent: i % 3 ? 'Agent/1.0' : null,
        applied_at: now,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 300) await db.insertInto('testers').values(rows.slice(i, i + 300)).execute();

    assert.deepEqual(await migrateToLatest(database), migrationNames.slice(before.length));
    const stored = await db
      .selectFrom('testers')
      .select(['email_alias_key', 'ip', 'user_agent', 'signup_ip', 'signup_user_agent', 'fraud_flags', 'referral_held'])
      .orderBy('id')
      .execute();
    assert.deepEqual(stored.slice(0, EMAILS.length).map((r) => r.email_alias_key), [
      'johndoe@gmail.com', 'annlee@proton.me', 'bob.smith@outlook.com', 'carol.jones+x@example.com', 'kim@icloud.com',
    ]);
    assert.equal(stored[2001].email_alias_key, 'user2001@gmail.com', 'a folded address past the first batch');
    assert.equal(stored[2002].email_alias_key, 'user.2002@example.org');
    for (const row of stored) {
      assert.deepEqual([row.signup_ip, row.signup_user_agent, row.fraud_flags, row.referral_held], [row.ip, row.user_agent, null, 0]);
    }

    const flags = await signupFlags(db, betaId, { emailNormalized: 'johndoe@googlemail.com', ip: null, subnet: null, userAgent: null }, { fromIp: 0, fromSubnet: 0 });
    assert.deepEqual(flags.map((f) => f.name), ['email_alias']);
  } finally {
    await database.close();
    await drop();
  }
});
