import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

let ctx: TestContext;
before(async () => {
  ctx = await startTestContext();
});
after(async () => {
  await ctx.close();
});

test('closing waits for a handler whose client disconnected before it could use the database', async () => {
  const app = await buildApp({ config: ctx.config, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => true });
  const events: string[] = [];
  let entered!: () => void;
  const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    entered();
    await gate;
    const betas = await ctx.database.db.selectFrom('betas').select('id').execute();
    events.push(`handler read ${betas.length} betas`);
    return { ok: true };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const client = new AbortController();
  const answer = fetch(`${base}/slow`, { signal: client.signal }).catch((error: Error) => error.name);
  await handlerEntered;
  client.abort();
  assert.equal(await answer, 'AbortError');

  const closed = app.close().then(() => events.push('closed'));
  // The socket is gone, so without the wait close would be done within a few turns of the loop.
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(events, [], 'close returned while a handler still had work to do');
  release();
  await closed;
  assert.deepEqual(events, ['handler read 0 betas', 'closed']);
});

test('a request whose client left before its handler began is dropped: its handler never runs, and closing does not wait for it', async () => {
  const app = await buildApp({ config: ctx.config, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => true });
  const handled: string[] = [];
  let held = 0;
  let bothHeld!: () => void;
  const holding = new Promise<void>((resolve) => (bothHeld = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // A hook the requests wait in, as they wait for an API key's lookup under load.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/late')) return;
    if ((held += 1) === 2) bothHeld();
    await gate;
  });
  app.post('/late', async (request) => {
    handled.push(`POST ${JSON.stringify(request.body)}`);
    return { ok: true };
  });
  app.get('/late', async () => {
    handled.push('GET');
    return { ok: true };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const client = new AbortController();
  const post = fetch(`${base}/late`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.com"}', signal: client.signal });
  const get = fetch(`${base}/late`, { signal: client.signal });
  await holding;
  client.abort();
  assert.deepEqual(await Promise.all([post, get].map((answer) => answer.catch((error: Error) => error.name))), ['AbortError', 'AbortError']);
  // The server sees both sockets close before the hook lets the requests go on.
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();

  const outcome = await Promise.race([
    app.close().then(() => 'closed'),
    new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting')),
  ]);
  assert.equal(outcome, 'closed');
  assert.deepEqual(handled, []);
});

test('closing after every request was answered does not wait', async () => {
  const app = await buildApp({ config: ctx.config, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  assert.equal((await fetch(`${base}/healthz`)).status, 200);
  assert.equal((await fetch(`${base}/no-such-page`)).status, 404);
  // Far beyond a close's own time: losing this race means close waits for a request already answered.
  const outcome = await Promise.race([
    app.close().then(() => 'closed'),
    new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting')),
  ]);
  assert.equal(outcome, 'closed');
});
