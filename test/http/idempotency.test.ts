// Idempotency-Key on the API's writes (docs/decisions.md, "Idempotent requests"): a retry with the
// same key and request replays the first answer and does nothing again, another request with the
// key is refused, requests sent at once with one key do the work once — within one process and
// across two on one database — keys belong to their company, and they are forgotten after 24 hours.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type RequestOptions, type TestContext, type TestResponse } from '../support/context.ts';
import { storedRows, tableNames } from '../support/stored-rows.ts';
import { uniqueEmail } from '../modules/testers/support.ts';
import { CLAIM_SECONDS, KEY_LIFETIME_SECONDS } from '../../src/modules/idempotency/idempotency-keys.ts';
import { Sweeper } from '../../src/jobs/workers.ts';
import { createLogger } from '../../src/process/logging.ts';
import { Errors } from '../../src/primitives/errors.ts';

const REUSED = { code: Errors.idempotencyKeyReused.code, message: 'This Idempotency-Key was used for a different request; send a new key for a new request' };
const IN_FLIGHT = { code: Errors.idempotencyKeyInUse.code, message: 'A request with this Idempotency-Key is still being processed; retry once it has been answered' };

let keys = 0;
function newKey(): string {
  keys += 1;
  return `key-${keys}-${Math.random().toString(36).slice(2)}`;
}

describe('Idempotency-Key', () => {
  let ctx: TestContext;
  let tables: string[];
  before(async () => {
    ctx = await startTestContext();
    tables = await tableNames(ctx);
  });
  after(() => ctx.close());

  const send = (method: string, url: string, key: string | null, options: RequestOptions = {}) =>
    ctx.request(method, url, { ...options, headers: { ...options.headers, ...(key === null ? {} : { 'idempotency-key': key }) } });

  const testersWithEmail = async (betaId: number, email: string) =>
    (await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('email', '=', email).execute()).length;

  const storedKeys = () => ctx.database.db.selectFrom('idempotency_keys').selectAll().execute();

  /** What a replay must equal: the first answer's status, content type and body. */
  const answerOf = (response: TestResponse) => ({ status: response.status, type: response.headers['content-type'], body: response.raw.body });

  test('a retry replays the first answer, marked as a replay, and changes nothing', async () => {
    const beta = await ctx.createBeta();
    const key = newKey();
    const body = { tester: { email: uniqueEmail(), profile: { first_name: 'Ann' } } };
    const first = await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body });
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined, 'the first answer is no replay');
    const state = await storedRows(ctx, tables);

    ctx.clock.advance(60_000);
    // The same request, written as the original's clients write it: .json, the key as api_key.
    const retry = await send('POST', `/api/v2/betas/${beta.id}/testers.json?api_key=${ctx.apiKey}`, key, { body, key: null });
    assert.deepEqual(answerOf(retry), answerOf(first));
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.notEqual(retry.headers['x-request-id'], first.headers['x-request-id'], 'the request id is the retry\'s own');
    assert.deepEqual(await storedRows(ctx, tables), state, 'nothing stored, nothing changed');
    assert.equal(await testersWithEmail(beta.id, body.tester.email), 1);
  });

  test('the same key with another body, path or method is 422 and stores nothing', async () => {
    const [beta, other] = [await ctx.createBeta(), await ctx.createBeta()];
    const key = newKey();
    const email = uniqueEmail();
    assert.equal((await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body: { tester: { email } } })).status, 201);
    const state = await storedRows(ctx, tables);
    const otherEmail = uniqueEmail();
    for (const [what, method, url, body] of [
      ['another body', 'POST', `/api/v2/betas/${beta.id}/testers`, { tester: { email: otherEmail } }],
      ['another path', 'POST', `/api/v2/betas/${other.id}/testers`, { tester: { email } }],
      ['another query', 'POST', `/api/v2/betas/${beta.id}/testers?x=1`, { tester: { email } }],
      ['another method', 'PUT', `/api/v2/betas/${beta.id}/testers/1`, { tester: { email } }],
    ] as const) {
      const response = await send(method, url, key, { body });
      assert.equal(response.status, 422, what);
      assert.deepEqual(response.body, { errors: [REUSED] }, what);
      assert.deepEqual(await storedRows(ctx, tables), state, `${what}: nothing stored`);
    }
    assert.equal(await testersWithEmail(beta.id, otherEmail), 0);
    assert.equal(await testersWithEmail(other.id, email), 0);
    // The key still replays its own request.
    const retry = await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body: { tester: { email } } });
    assert.equal(retry.status, 201);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.deepEqual(await storedRows(ctx, tables), state);
  });

  test('20 requests at once with one key create one tester; the others replay it or are told it is in progress', async () => {
    const beta = await ctx.createBeta();
    const key = newKey();
    const body = { tester: { email: uniqueEmail() } };
    const responses = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body })));
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    assert.equal(created.length + refused.length, 20, `statuses: ${responses.map((r) => r.status).join(', ')}`);
    assert.equal(created.filter((response) => response.headers['idempotent-replayed'] === undefined).length, 1, 'one did the work');
    for (const response of created) assert.deepEqual(answerOf(response), answerOf(created[0]));
    for (const response of refused) assert.deepEqual(response.body, { errors: [IN_FLIGHT] });
    assert.equal(await testersWithEmail(beta.id, body.tester.email), 1);
    const stored = (await storedKeys()).filter((row) => row.idempotency_key === key);
    assert.equal(stored.length, 1);
    assert.equal(stored[0].response_status, 201);
    const retry = await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body });
    assert.deepEqual(answerOf(retry), answerOf(created[0]), 'a retry afterwards replays');
  });

  test('while the first request runs a retry is 409; a claim its request never answered runs out', async () => {
    const key = newKey();
    const body = { name: 'Held', homepage_url: 'https://example.com/held' };
    const betas = ctx.services.betas;
    const create = betas.create;
    let resume!: () => void;
    const held = new Promise<void>((resolve) => (resume = resolve));
    let calls = 0;
    betas.create = async (...args) => {
      calls += 1;
      if (calls === 1) await held;
      return create.apply(betas, args);
    };
    try {
      const first = send('POST', '/api/v2/betas', key, { body });
      // The first request holds its claim once its handler has begun.
      while (calls === 0) await new Promise((resolve) => setImmediate(resolve));
      const during = await send('POST', '/api/v2/betas', key, { body });
      assert.equal(during.status, 409);
      assert.deepEqual(during.body, { errors: [IN_FLIGHT] });
      assert.equal(calls, 1, 'the refused retry did not run');

      // As if the first request's process had died: past its claim, a retry runs.
      ctx.clock.advance((CLAIM_SECONDS + 1) * 1000);
      const taken = await send('POST', '/api/v2/betas', key, { body });
      assert.equal(taken.status, 201);
      assert.equal(calls, 2);
      resume();
      const late = await first;
      assert.equal(late.status, 201, 'the first request still gets its own answer');
      const replay = await send('POST', '/api/v2/betas', key, { body });
      assert.deepEqual(answerOf(replay), answerOf(taken), 'the key keeps the answer of the request that held it');
    } finally {
      betas.create = create;
      resume();
    }
  });

  test('a 5xx is not kept: the retry runs; a 4xx of the handler is kept, one of validation is not', async () => {
    const betas = ctx.services.betas;
    const create = betas.create;
    const key = newKey();
    const body = { name: 'Flaky', homepage_url: 'https://example.com/flaky' };
    ctx.expectServerErrors('betas.create fails on purpose: the 500 is the subject');
    betas.create = async () => {
      throw new Error('database went away');
    };
    try {
      const failed = await send('POST', '/api/v2/betas', key, { body });
      assert.equal(failed.status, 500);
    } finally {
      betas.create = create;
    }
    assert.equal((await storedKeys()).filter((row) => row.idempotency_key === key).length, 0, 'the failed request left no key');
    const retry = await send('POST', '/api/v2/betas', key, { body });
    assert.equal(retry.status, 201);
    assert.equal(retry.headers['idempotent-replayed'], undefined, 'the retry ran');

    // Signups closed: the handler's 422 is the request's answer, replayed even once they open.
    const beta = await ctx.createBeta({ accepting_signups: false });
    const closedKey = newKey();
    const signup = { tester: { email: uniqueEmail() } };
    const closed = await send('POST', `/api/v2/betas/${beta.id}/testers`, closedKey, { body: signup });
    assert.equal(closed.status, 422);
    assert.deepEqual(closed.body.errors.map((e: { code: number }) => e.code), [2316]);
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { accepting_signups: true } } })).status, 200);
    const replayed = await send('POST', `/api/v2/betas/${beta.id}/testers`, closedKey, { body: signup });
    assert.deepEqual(answerOf(replayed), answerOf(closed));
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(await testersWithEmail(beta.id, signup.tester.email), 0);

    // Refused by the schema before any handler ran: nothing kept, the key is free for the corrected request.
    const invalidKey = newKey();
    const invalid = await send('POST', `/api/v2/betas/${beta.id}/testers`, invalidKey, { body: { tester: { email: 5 } } });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.errors.map((e: { code: number }) => e.code), [2301]);
    const corrected = await send('POST', `/api/v2/betas/${beta.id}/testers`, invalidKey, { body: signup });
    assert.equal(corrected.status, 201);
    assert.equal(await testersWithEmail(beta.id, signup.tester.email), 1);
  });

  test('a key is 1 to 255 printable ASCII characters: anything else is a validation error that stores nothing', async () => {
    const beta = await ctx.createBeta();
    const state = await storedRows(ctx, tables);
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const response = await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body: { tester: { email: uniqueEmail() } } });
      assert.equal(response.status, 422, JSON.stringify(key));
      assert.deepEqual(response.body, { errors: [{ code: Errors.testersGeneral.code, message: 'Idempotency-Key must be 1 to 255 printable ASCII characters' }] });
    }
    assert.deepEqual(await storedRows(ctx, tables), state);
    const longest = await send('POST', `/api/v2/betas/${beta.id}/testers`, `${' ~'.repeat(127)}!`, { body: { tester: { email: uniqueEmail() } } });
    assert.equal(longest.status, 201);
  });

  test('PUT and DELETE replay too; GET ignores the header', async () => {
    const beta = await ctx.createBeta();
    const tester = (await send('POST', `/api/v2/betas/${beta.id}/testers`, null, { body: { tester: { email: uniqueEmail() } } })).body;
    const patchKey = newKey();
    const patch = { tester: { profile: { first_name: 'Bo' } } };
    const patched = await send('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, patchKey, { body: patch });
    assert.equal(patched.status, 200);
    const updatedAt = await storedTesterUpdatedAt(tester.id);
    ctx.clock.advance(1000);
    assert.deepEqual(answerOf(await send('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, patchKey, { body: patch })), answerOf(patched));
    assert.equal(await storedTesterUpdatedAt(tester.id), updatedAt, 'the replay did not update the tester');

    const deleteKey = newKey();
    const deleted = await send('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`, deleteKey);
    assert.equal(deleted.status, 200);
    const again = await send('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`, deleteKey);
    assert.deepEqual(answerOf(again), answerOf(deleted), 'the retry is answered as the deletion was, not 404');
    assert.equal((await send('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`, null)).status, 404);

    const before = (await storedKeys()).length;
    assert.equal((await send('GET', `/api/v2/betas/${beta.id}`, newKey())).status, 200);
    assert.equal((await storedKeys()).length, before, 'a read claims no key');
  });

  async function storedTesterUpdatedAt(id: number): Promise<string> {
    return (await ctx.database.db.selectFrom('testers').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;
  }

  test('the v1 checkin replays its XML answer, and refuses another request with the key in XML', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail();
    await send('POST', `/api/v2/betas/${beta.id}/testers`, null, { body: { tester: { email } } });
    const key = newKey();
    const xml = (address: string) => ({ body: `<checkin><email>${address}</email></checkin>`, headers: { 'content-type': 'application/xml' } });
    const url = `/api/v1/betas/${beta.id}/checkins.xml?api_key=${ctx.apiKey}`;
    const first = await send('POST', url, key, { ...xml(email), key: null });
    assert.equal(first.status, 200);
    const retry = await send('POST', url, key, { ...xml(email), key: null });
    assert.deepEqual(answerOf(retry), answerOf(first));
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    const other = await send('POST', url, key, { ...xml(uniqueEmail()), key: null });
    assert.equal(other.status, 422);
    assert.match(other.raw.body, /<code>1422<\/code>/);
    assert.match(String(other.headers['content-type']), /^application\/xml/);
  });

  test('keys belong to their company: another company\'s same key and request is its own', async () => {
    const otherCompany = await ctx.services.accounts.createCompany({ name: 'Other' });
    const otherKey = (await ctx.services.accounts.createApiKey({ companyId: otherCompany.id })).key;
    const key = newKey();
    const body = { name: 'Same', homepage_url: 'https://example.com/same' };
    const ours = await send('POST', '/api/v2/betas', key, { body });
    const theirs = await send('POST', '/api/v2/betas', key, { body, key: otherKey });
    assert.equal(ours.status, 201);
    assert.equal(theirs.status, 201);
    assert.equal(theirs.headers['idempotent-replayed'], undefined, 'not a replay of the other company\'s answer');
    assert.notEqual(theirs.body.id, ours.body.id);
    const companies = (await storedKeys()).filter((row) => row.idempotency_key === key).map((row) => row.company_id).sort();
    assert.deepEqual(companies, [ctx.companyId, otherCompany.id].sort());
    // Another key of the same company shares its keys.
    const second = (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId })).key;
    const replay = await send('POST', '/api/v2/betas', key, { body, key: second });
    assert.deepEqual(answerOf(replay), answerOf(ours));
  });

  test('a key is kept 24 hours from its first use, then runs again and is deleted by the retention sweep', async () => {
    const key = newKey();
    const body = { name: 'Daily', homepage_url: 'https://example.com/daily' };
    const first = await send('POST', '/api/v2/betas', key, { body });
    assert.equal(first.status, 201);
    ctx.clock.advance(KEY_LIFETIME_SECONDS * 1000 - 1000);
    const within = await send('POST', '/api/v2/betas', key, { body });
    assert.deepEqual(answerOf(within), answerOf(first));
    await ctx.services.idempotencyKeys.prune();
    assert.equal((await storedKeys()).filter((row) => row.idempotency_key === key).length, 1, 'not past its 24 hours yet');

    ctx.clock.advance(2000);
    const pastIt = await send('POST', '/api/v2/betas', key, { body });
    assert.equal(pastIt.status, 201);
    assert.equal(pastIt.headers['idempotent-replayed'], undefined);
    assert.notEqual(pastIt.body.id, first.body.id, 'a beta made anew');
    assert.equal(await betaCount('Daily'), 2);

    const pruneKey = newKey();
    await send('POST', '/api/v2/betas', pruneKey, { body: { ...body, name: 'Pruned' } });
    ctx.clock.advance(KEY_LIFETIME_SECONDS * 1000 + 1000);
    // The workers' hourly retention sweep deletes them.
    const before = (await storedKeys()).length;
    assert.ok(before >= 2, `${before} keys`);
    const report = await new Sweeper(ctx.database, ctx.services, ctx.clock, createLogger('silent')).runOnce(new AbortController().signal);
    assert.equal(report.idempotencyKeys, before, 'every key is past its 24 hours');
    assert.deepEqual(await storedKeys(), []);
  });

  async function betaCount(name: string): Promise<number> {
    return (await ctx.database.db.selectFrom('betas').select('id').where('name', '=', name).execute()).length;
  }

  test('two processes on one database: a key claimed in one replays in the other, and requests at once to both do the work once', async () => {
    const second = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      const beta = await ctx.createBeta();
      const key = newKey();
      const body = { tester: { email: uniqueEmail() } };
      const first = await send('POST', `/api/v2/betas/${beta.id}/testers`, key, { body });
      assert.equal(first.status, 201);
      const elsewhere = await second.request('POST', `/api/v2/betas/${beta.id}/testers`, { body, key: ctx.apiKey, headers: { 'idempotency-key': key } });
      assert.deepEqual(answerOf(elsewhere), answerOf(first));
      assert.equal(elsewhere.headers['idempotent-replayed'], 'true');

      const together = newKey();
      const signup = { tester: { email: uniqueEmail() } };
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? ctx : second).request('POST', `/api/v2/betas/${beta.id}/testers`, { body: signup, key: ctx.apiKey, headers: { 'idempotency-key': together } }),
        ),
      );
      const created = responses.filter((response) => response.status === 201);
      assert.equal(created.length + responses.filter((response) => response.status === 409).length, 20, responses.map((r) => r.status).join(', '));
      assert.equal(created.filter((response) => response.headers['idempotent-replayed'] === undefined).length, 1);
      for (const response of created) assert.deepEqual(answerOf(response), answerOf(created[0]));
      assert.equal(await testersWithEmail(beta.id, signup.tester.email), 1);
    } finally {
      await second.close();
    }
  });
});
