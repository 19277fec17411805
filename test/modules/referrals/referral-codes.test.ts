// unusedReferralCode (referrals/referral-codes.ts): which codes are looked up before the insert.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.ts';
import type { Executor } from '../../../src/db/executor.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { unusedReferralCode } from '../../../src/modules/referrals/referral-codes.ts';
import { createTestDatabase } from '../../support/context.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let lookups = 0;

/** The database, counting the statements begun on it (unusedReferralCode makes only lookups). */
function counted(): Executor {
  const db = database.db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'selectFrom') lookups += 1;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = openDatabase(created.url);
  await migrateToLatest(database);
});

after(async () => {
  await database.close();
  await drop();
});

test('a plain code is not looked up when the caller retries a collision, and is otherwise', async () => {
  lookups = 0;
  const plain = await unusedReferralCode(counted(), { vanity: false, retriedOnCollision: true });
  assert.match(plain, /^[A-Za-z0-9]{5}$/);
  assert.equal(lookups, 0);
  await unusedReferralCode(counted(), { vanity: false });
  assert.equal(lookups, 1);
});

test('a vanity code is always looked up; a vanity setting without a usable first name gives a plain code', async () => {
  lookups = 0;
  const vanity = await unusedReferralCode(counted(), { vanity: true, firstName: 'Zoë-Ann', retriedOnCollision: true });
  assert.match(vanity, /^zoeann[A-Za-z0-9]{4}$/);
  assert.equal(lookups, 1);
  const nameless = await unusedReferralCode(counted(), { vanity: true, firstName: '42', retriedOnCollision: true });
  assert.match(nameless, /^[A-Za-z0-9]{5}$/);
  assert.equal(lookups, 1);
});
