// ReadCache (db/engine/read-cache.ts): rows kept in memory for a moment, dropped by this process's writes at
// once and, on SQLite, by any other connection's commit at once; on PostgreSQL another process's
// change is seen within the TTL, and API keys are never kept.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { startWork } from '../../src/db/engine/connection-turns.ts';
import type { Db } from '../../src/db/executor.ts';
import { READ_CACHE_TTL_MS, ReadCache, readCache, watchForeignWrites } from '../../src/db/engine/read-cache.ts';
import { AccountsService, KeyRefused } from '../../src/modules/accounts/accounts.service.ts';
import { BetasService } from '../../src/modules/betas/betas.service.ts';
import { systemClock } from '../../src/primitives/time.ts';
import { createTestDatabase, dialect } from '../support/context.ts';

let here: DatabaseHandle;
let there: DatabaseHandle;
let drop: () => Promise<void>;

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  // Two handles on one database: this process's and, for the test, another process's.
  here = openDatabase(created.url);
  await migrateToLatest(here);
  there = openDatabase(created.url);
});

after(async () => {
  await there.close();
  await here.close();
  await drop();
});

test('a value is loaded once while fresh, again once the TTL has passed', async () => {
  let now = 0;
  const cache = new ReadCache<number, string>(null, 100, () => now);
  let loads = 0;
  const load = async () => `value ${(loads += 1)}`;
  assert.equal(await cache.get(1, load), 'value 1');
  now = 99;
  assert.equal(await cache.get(1, load), 'value 1');
  now = 100;
  assert.equal(await cache.get(1, load), 'value 2');
  assert.equal(loads, 2);
});

test('in the last fifth of its time a value is renewed ahead: reads meanwhile get it at once, none past the TTL from its load', async () => {
  let now = 0;
  const cache = new ReadCache<number, string>(null, 100, () => now);
  let loads = 0;
  let release = (_value: string) => {};
  const load = () =>
    new Promise<string>((resolve) => {
      loads += 1;
      release = resolve;
    });
  const first = cache.get(1, load);
  release('value 1');
  assert.equal(await first, 'value 1');
  now = 79;
  assert.equal(await cache.get(1, load), 'value 1');
  assert.equal(loads, 1, 'no renewal before the last fifth');
  now = 80;
  assert.equal(await cache.get(1, load), 'value 1', 'the renewal begins; the read does not wait for it');
  now = 99;
  assert.equal(await cache.get(1, load), 'value 1');
  assert.equal(loads, 2, 'one renewal at a time');
  // Past the TTL of the first load, the renewal answers, as a load begun then would.
  now = 100;
  const late = cache.get(1, load);
  release('value 2');
  assert.equal(await late, 'value 2');
  // Its own time runs from when it began (80).
  now = 179;
  assert.equal(await cache.get(1, load), 'value 2');
  assert.equal(loads, 3);
  release('value 3');
  await new Promise((resolve) => setImmediate(resolve));
  now = 180;
  assert.equal(await cache.get(1, load), 'value 3');
  assert.equal(loads, 3);
});

test('a renewal begun before an invalidation is not kept; a failed one leaves the value to its end', async () => {
  let now = 0;
  const cache = new ReadCache<number, string>(null, 100, () => now);
  assert.equal(await cache.get(1, async () => 'as it was'), 'as it was');
  now = 90;
  let release = (_value: string) => {};
  assert.equal(await cache.get(1, () => new Promise((resolve) => (release = resolve))), 'as it was');
  cache.invalidate(1);
  release('renewed before the change');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(await cache.get(1, async () => 'as it is'), 'as it is');

  assert.equal(await cache.get(2, async () => 'kept'), 'kept');
  now = 180;
  assert.equal(await cache.get(2, () => Promise.reject(new Error('database gone'))), 'kept');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(await cache.get(2, async () => 'renewed again'), 'kept', 'the next read renews it again');
  now = 191;
  assert.equal(await cache.get(2, async () => 'loaded'), 'renewed again');
});

test('callers asking while a value loads share the load; a failed load is not kept', async () => {
  const cache = new ReadCache<number, string>(null);
  let loads = 0;
  const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`value ${(loads += 1)}`), 10));
  assert.deepEqual(await Promise.all([cache.get(1, slow), cache.get(1, slow)]), ['value 1', 'value 1']);
  await assert.rejects(cache.get(2, () => Promise.reject(new Error('database gone'))));
  assert.equal(await cache.get(2, async () => 'loaded again'), 'loaded again');
});

test('a missing row is not kept: it may be made any moment', async () => {
  const cache = new ReadCache<number, string | undefined>(null);
  assert.equal(await cache.get(1, async () => undefined), undefined);
  assert.equal(await cache.get(1, async () => 'made'), 'made');
});

test('a load that began before an invalidation is not kept', async () => {
  const cache = new ReadCache<number, string>(null);
  let release!: (value: string) => void;
  const before = cache.get(1, () => new Promise((resolve) => (release = resolve)));
  cache.invalidate(1);
  release('as it was');
  assert.equal(await before, 'as it was');
  assert.equal(await cache.get(1, async () => 'as it is'), 'as it is');
});

test("another connection's change is seen at once on SQLite, within the TTL on PostgreSQL", async () => {
  const company = await new AccountsService(here.db, systemClock).createCompany({ name: 'Acme' });
  const betasHere = new BetasService(here.db, here.dialect, systemClock);
  const betasThere = new BetasService(there.db, there.dialect, systemClock);
  const beta = await betasHere.create(company.id, { name: 'Before', homepage_url: 'https://example.com/' });
  assert.equal((await betasHere.require(company.id, beta.id)).name, 'Before');

  await betasThere.update(company.id, String(beta.id), { name: 'After' });
  if (dialect === 'sqlite') {
    assert.equal((await betasHere.require(company.id, beta.id)).name, 'After');
  } else {
    assert.equal((await betasHere.require(company.id, beta.id)).name, 'Before', 'kept for the TTL');
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_TTL_MS + 50));
    assert.equal((await betasHere.require(company.id, beta.id)).name, 'After');
  }
  // This process's own change is seen at once on both.
  await betasHere.update(company.id, String(beta.id), { name: 'Mine' });
  assert.equal((await betasHere.require(company.id, beta.id)).name, 'Mine');
});

test('a key revoked by another process is refused at once on both databases', async () => {
  const accountsHere = new AccountsService(here.db, systemClock);
  const company = await accountsHere.createCompany({ name: 'Keys' });
  const key = await accountsHere.createApiKey({ companyId: company.id });
  assert.equal((await accountsHere.authenticate(key.key)).keyId, key.id);
  await new AccountsService(there.db, systemClock).revokeApiKey(key.id);
  await assert.rejects(accountsHere.authenticate(key.key), (error: unknown) => error instanceof KeyRefused && error.reason === 'revoked');
  const stored = await here.db.selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow();
  assert.notEqual(stored.revoked_at, null);
});

test('a key revoked by another process is refused to the next request, even one starting right after a request that used it', async () => {
  const accountsHere = new AccountsService(here.db, systemClock);
  const company = await accountsHere.createCompany({ name: 'Back to back' });
  const key = await accountsHere.createApiKey({ companyId: company.id });
  assert.equal((await startWork(() => accountsHere.authenticate(key.key))).keyId, key.id);
  await new AccountsService(there.db, systemClock).revokeApiKey(key.id);
  await assert.rejects(
    startWork(() => accountsHere.authenticate(key.key)),
    (error: unknown) => error instanceof KeyRefused && error.reason === 'revoked',
  );
});

test("other connections' commits are asked for once per piece of work, and at every read outside one", async () => {
  const db = {} as Db;
  let asked = 0;
  watchForeignWrites(db, () => (asked += 1));
  const keys = readCache<number, string>(db, 'keys', 'none');
  const betas = readCache<number, string>(db, 'betas', 'ttl');
  const load = async () => 'row';
  await startWork(async () => {
    await keys.get(1, load);
    await betas.get(1, load);
    await keys.get(2, load);
  });
  assert.equal(asked, 1, 'once for the three reads of one request');
  await startWork(() => betas.get(1, load));
  assert.equal(asked, 2, 'again for the next request');
  await keys.get(1, load);
  await keys.get(1, load);
  assert.equal(asked, 4, 'outside any work: at every read');
});

test('a cached beta cannot be changed by its reader', async () => {
  const company = await new AccountsService(here.db, systemClock).createCompany({ name: 'Frozen' });
  const betas = new BetasService(here.db, here.dialect, systemClock);
  const created = await betas.create(company.id, { name: 'Frozen', homepage_url: 'https://example.com/' });
  const beta = await betas.require(company.id, created.id);
  assert.throws(() => Object.assign(beta, { name: 'changed' }), TypeError);
  assert.throws(() => Object.assign(beta.settings, { accepting_signups: false }), TypeError);
  assert.equal((await betas.require(company.id, created.id)).name, 'Frozen');
});
