// The launch panel's figures (docs/operations.md, "Launch day"): two processes on one database
// count signups, refusals and answer times in memory and add them into launch_figures at their
// flush (nothing written per request before it); a flush adds into the rows, drops a deleted
// beta's counts and prunes minutes past the hour; a p99 read over both processes' histograms
// against a hand-computed one; and the stats answer's `launch`.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, uniqueEmail } from '../testers/support.ts';
import { formOf, visit } from '../../public/support.ts';
import { bucketUpperMs, LaunchFigures, latencyBucket, p99Ms } from '../../../src/modules/stats/launch-figures.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const MINUTE = '2026-11-22T09:15:00.000Z';
const NO_REFUSALS = { challenge: 0, honeypot: 0, subnet: 0, country: 0, origin: 0, rate_limit: 0, fraud: 0 };

describe('launch figures', () => {
  let a: TestContext;
  let b: TestContext;
  before(async () => {
    a = await startTestContext({ env: { RATE_LIMIT_PUBLIC_SIGNUPS: '2/1m' } });
    // Another process of the same deployment: its own memory, the same database, company and clock.
    b = await startTestContext({ databaseUrl: a.databaseUrl, clock: a.clock, companyId: a.companyId });
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });
  beforeEach(() => a.clock.set('2026-11-22T09:15:10.000Z'));

  /** The beta's stored rows, latency buckets aside (answer times vary), as figure → count. */
  async function storedFigures(betaId: number, minute = MINUTE): Promise<Record<string, number>> {
    const rows = await a.database.db.selectFrom('launch_figures').select(['figure', 'count']).where('beta_id', '=', betaId).where('minute', '=', minute).execute();
    return Object.fromEntries(rows.filter((row) => !row.figure.startsWith('latency:')).map((row) => [row.figure, Number(row.count)]));
  }
  const rowsOf = (betaId: number) => a.database.db.selectFrom('launch_figures').selectAll().where('beta_id', '=', betaId).execute();

  test('signups and refusals of two processes add up at their flushes; nothing is written per request before', async () => {
    const created = await a.request('POST', '/api/v2/betas', { body: { name: 'Rocket', homepage_url: 'https://example.com', slug: 'rocket', settings: { embed_origins: ['https://rocket.example'] } } });
    assert.equal(created.status, 201);
    const beta = created.body;
    await createTester(a, beta.id);
    await createTester(a, beta.id);
    await createTester(b, beta.id);
    // A bot filling the hidden field on a: answered as a success, stored nowhere.
    const caught = await visit(a, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail(), website: 'https://spam.example' }, ip: '198.51.100.20' });
    assert.equal(caught.status, 201);
    // The form used on another site, on b.
    const foreign = await visit(b, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail() }, ip: '198.51.100.21', headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.errors[0].code, Errors.originRefused.code);
    // Three posts to the hosted page by its slug from one network on a: the third is past 2 a minute.
    for (const expected of [422, 422, 429]) {
      const response = await visit(a, 'POST', '/b/rocket', { form: formOf({ email: '' }), ip: '198.51.100.22' });
      assert.equal(response.status, expected);
    }
    assert.deepEqual(await rowsOf(beta.id), [], 'no row before a flush');

    await a.services.launchFigures.flush();
    assert.deepEqual(await storedFigures(beta.id), { signups: 2, 'refused:honeypot': 1, 'refused:rate_limit': 1 });
    await b.services.launchFigures.flush();
    assert.deepEqual(await storedFigures(beta.id), { signups: 3, 'refused:honeypot': 1, 'refused:rate_limit': 1, 'refused:origin': 1 }, "b's counts added into the same rows");
    assert.equal((await a.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).execute()).length, 3);

    a.clock.advance(60_000);
    const stats = await a.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.equal(stats.status, 200);
    const { launch } = stats.body;
    assert.equal(launch.minutes.length, 15);
    assert.equal(launch.minutes[14].minute, '2026-11-22T09:16:00Z', 'the minute in progress last');
    assert.equal(launch.minutes[0].minute, '2026-11-22T09:02:00Z');
    assert.deepEqual(launch.minutes[14], { minute: '2026-11-22T09:16:00Z', signups: 0, refusals: NO_REFUSALS, requests: 0, p99_ms: null });
    assert.equal(launch.last_minute.minute, '2026-11-22T09:15:00Z');
    assert.equal(launch.last_minute.signups, 3);
    assert.deepEqual(launch.last_minute.refusals, { ...NO_REFUSALS, honeypot: 1, origin: 1, rate_limit: 1 });
    // Counted: a's two creates and four posts, b's create and refused post (a 403 is the beta's answer too).
    assert.equal(launch.last_minute.requests, 8);
    assert.equal(typeof launch.last_minute.p99_ms, 'number');
    assert.deepEqual(launch.minutes.slice(0, 13).map((m: { signups: number }) => m.signups), Array(13).fill(0));
  });

  test('a flush adds into the rows it finds; counts of a deleted beta and references to no beta are dropped', async () => {
    const kept = await a.createBeta({}, 'Kept');
    const gone = await a.createBeta({}, 'Gone');
    const figures = new LaunchFigures(a.database.db, a.clock);
    figures.signedUp(kept.id);
    figures.signedUp(kept.id);
    await figures.flush();
    figures.signedUp(kept.id);
    figures.refused(String(kept.id), 'challenge');
    figures.signedUp(gone.id);
    figures.refused('no-such-beta', 'rate_limit');
    figures.refused('not a reference!', 'rate_limit');
    figures.refused('999999999', 'rate_limit');
    assert.equal((await a.request('DELETE', `/api/v2/betas/${gone.id}`)).status, 200);
    await figures.flush();
    assert.deepEqual(await storedFigures(kept.id), { signups: 3, 'refused:challenge': 1 });
    assert.deepEqual(await rowsOf(gone.id), []);
    assert.deepEqual(await rowsOf(999999999), []);
    await figures.flush();
    assert.deepEqual(await storedFigures(kept.id), { signups: 3, 'refused:challenge': 1 }, 'a flush with nothing counted changes nothing');
  });

  test('a flush prunes the minutes past the hour, at most once a minute per process', async () => {
    const beta = await a.createBeta({}, 'Pruned');
    const row = (minute: string) => ({ beta_id: beta.id, minute, figure: 'signups', count: 1 });
    await a.database.db.insertInto('launch_figures').values([row('2026-11-22T08:14:00.000Z'), row('2026-11-22T08:15:00.000Z')]).execute();
    const figures = new LaunchFigures(a.database.db, a.clock);
    figures.signedUp(beta.id);
    await figures.flush();
    assert.deepEqual((await rowsOf(beta.id)).map((r) => r.minute).sort(), ['2026-11-22T08:15:00.000Z', MINUTE], 'the minute an hour and a minute old is gone');
    a.clock.advance(30_000);
    figures.signedUp(beta.id);
    await figures.flush();
    assert.equal((await rowsOf(beta.id)).length, 2, 'not pruned again within the minute');
    a.clock.advance(31_000);
    figures.signedUp(beta.id);
    await figures.flush();
    assert.deepEqual((await rowsOf(beta.id)).map((r) => r.minute).sort(), [MINUTE, '2026-11-22T09:16:00.000Z']);
  });

  test('the p99 of both processes is read off their histograms added up, as computed by hand', async () => {
    const beta = await a.createBeta({}, 'Latency');
    // a: 60 answers of 3 ms. b: 39 of 3 ms and 2 of 100 ms. 101 answers: the 99th percentile is the
    // 100th (ceil(0.99 × 101)), one of the 100 ms ones. 100 ms is in bucket ceil(4 × log2 100) = 27,
    // whose upper bound is 2^(27/4) = 107.63 ms; 3 ms in bucket ceil(4 × log2 3) = 7, up to 3.36 ms.
    for (let i = 0; i < 60; i++) a.services.launchFigures.answered(beta.id, 3);
    for (let i = 0; i < 39; i++) b.services.launchFigures.answered(String(beta.id), 3);
    b.services.launchFigures.answered(String(beta.id), 100);
    b.services.launchFigures.answered(String(beta.id), 100);
    await a.services.launchFigures.flush();
    const alone = (await a.services.launchFigures.minutes(beta.id)).at(-1)!;
    assert.deepEqual([alone.requests, alone.p99_ms], [60, 3.4], "a's answers alone");
    await b.services.launchFigures.flush();
    const both = (await a.services.launchFigures.minutes(beta.id)).at(-1)!;
    assert.deepEqual([both.requests, both.p99_ms], [101, 107.6]);
    const stored = await a.database.db.selectFrom('launch_figures').select(['figure', 'count']).where('beta_id', '=', beta.id).orderBy('figure').execute();
    assert.deepEqual(stored.map((r) => [r.figure, Number(r.count)]), [['latency:27', 2], ['latency:7', 99]]);
  });

  test('latency buckets: four per doubling from 1 ms, the last holding everything slower', () => {
    assert.deepEqual([0, 0.4, 1, 1.01, 2, 2.01, 3, 100, 65_536, 3_600_000].map(latencyBucket), [0, 0, 0, 1, 4, 5, 7, 27, 64, 64]);
    assert.equal(bucketUpperMs(4), 2);
    assert.equal(p99Ms(new Map()), null);
    assert.equal(p99Ms(new Map([[0, 1]])), 1);
    // 99 fast and 1 slow: the 99th is a fast one.
    assert.equal(p99Ms(new Map([[4, 99], [40, 1]])), 2);
  });

  test("the stats' launch: requests of the beta's company only, and its e-mail queue and send rate", async () => {
    const beta = await a.createBeta({}, 'Requests');
    const stranger = await startTestContext({ databaseUrl: a.databaseUrl, clock: a.clock });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await a.request('GET', `/api/v2/betas/${beta.id}`)).status, 200);
      assert.equal((await stranger.request('GET', `/api/v2/betas/${beta.id}`)).status, 404);
      assert.equal((await a.request('GET', `/api/v2/betas/${beta.id}`, { key: null })).status, 401);
      await stranger.services.launchFigures.flush();
      await createTester(a, beta.id);
      const stats = await a.request('GET', `/api/v2/betas/${beta.id}/stats`);
      const current = stats.body.launch.minutes.at(-1);
      // The three reads and the create; the stats request itself is counted once answered.
      assert.equal(current.requests, 4);
      const queued = await a.database.db.selectFrom('email_messages').select('id').where('beta_id', '=', beta.id).where('status', '=', 'queued').execute();
      assert.deepEqual(stats.body.launch.emails, { queued: queued.length, sent_last_minute: 0, paused: false });
      assert.equal(current.signups, 1);
    } finally {
      await stranger.close();
    }
  });
});
