// Connections a client holds without finishing its request (slowloris), or idle ones, are closed
// in time by the header, request and keep-alive timeouts, while other clients are answered; one
// address holds at most MAX_CONNECTIONS_PER_ADDRESS connections. Real HTTP on 127.0.0.1, with the
// timeouts shortened so the test takes seconds (their defaults are checked last).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../../src/process/config.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const KEEP_ALIVE_TIMEOUT_MS = 500;
const CHECK_INTERVAL_MS = 200;
/** What a busy test machine may add to a close. */
const SLACK_MS = 1000;

function portOf(ctx: TestContext): number {
  return Number(new URL(ctx.config.publicUrl).port);
}

interface Held {
  socket: Socket;
  /** When the server closed it, in ms after it was opened; null while open. */
  closedAfter: number | null;
  /** What the server wrote before closing. */
  received: string;
  closed: Promise<void>;
}

/** Opens a connection and keeps it; `trickle` is written every `every` ms until the server closes it. */
async function hold(port: number, first: string, trickle = '', every = 300): Promise<Held> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  const held: Held = { socket, closedAfter: null, received: '', closed: Promise.resolve() };
  socket.on('data', (chunk: Buffer) => (held.received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset by the server is what some tests wait for
  const timer = trickle ? setInterval(() => socket.write(trickle), every) : null;
  held.closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      if (timer) clearInterval(timer);
      held.closedAfter = Date.now() - opened;
      resolve();
    }),
  );
  if (first) socket.write(first);
  return held;
}

async function answered(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  await response.arrayBuffer();
  return response.status;
}

describe('slow and idle connections', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await startTestContext({
      listen: true,
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
        HTTP_TIMEOUT_CHECK_INTERVAL_MS: String(CHECK_INTERVAL_MS),
        MAX_CONNECTIONS_PER_ADDRESS: '500',
      },
    });
  });
  after(() => ctx.close());

  test('200 connections trickling their headers are closed soon after the header timeout; others are answered meanwhile', async (t) => {
    const port = portOf(ctx);
    const slow = await Promise.all(Array.from({ length: 200 }, () => hold(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n')));
    const statuses: number[] = [];
    while (slow.some((held) => held.closedAfter === null)) {
      statuses.push(await answered(port));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(statuses.length >= 5, `answered meanwhile: ${statuses.length}`);
    assert.deepEqual(new Set(statuses), new Set([200]));
    for (const held of slow) {
      assert.ok(held.closedAfter! >= HEADERS_TIMEOUT_MS - 50, `closed after ${held.closedAfter} ms, not before the timeout`);
      assert.ok(held.closedAfter! <= HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS, `closed after ${held.closedAfter} ms`);
      assert.match(held.received, /^HTTP\/1\.1 408 /, 'told 408 Request Timeout');
    }
    const times = slow.map((held) => held.closedAfter!).sort((a, b) => a - b);
    t.diagnostic(`closed after ${times[0]}–${times[times.length - 1]} ms (timeout ${HEADERS_TIMEOUT_MS} ms); ${statuses.length} other requests answered meanwhile`);
  });

  test('a body sent a byte at a time is cut at the request timeout', async () => {
    const port = portOf(ctx);
    const head = `POST /api/v2/betas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ctx.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const held = await hold(port, head, ' ', 200);
    await held.closed;
    assert.ok(held.closedAfter! >= REQUEST_TIMEOUT_MS - 50 && held.closedAfter! <= REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS, `closed after ${held.closedAfter} ms`);
    const betas = await ctx.database.db.selectFrom('betas').select('id').where('company_id', '=', ctx.companyId).execute();
    assert.deepEqual(betas, [], 'nothing created');
  });

  test('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const port = portOf(ctx);
    const held = await hold(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await held.closed;
    assert.match(held.received, /^HTTP\/1\.1 200 /);
    assert.match(held.received, /keep-alive/i);
    // Node keeps the socket a second past the time it advertises (Keep-Alive: timeout=…), so that a
    // client never sends on a connection closing under it.
    assert.ok(held.closedAfter! >= KEEP_ALIVE_TIMEOUT_MS - 50 && held.closedAfter! <= KEEP_ALIVE_TIMEOUT_MS + 1000 + SLACK_MS, `closed after ${held.closedAfter} ms`);
  });
});

describe('connections per address', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await startTestContext({ listen: true, env: { MAX_CONNECTIONS_PER_ADDRESS: '5' } });
  });
  after(() => ctx.close());

  test('past the cap a connection is closed at once; one freed lets the next in', async () => {
    const port = portOf(ctx);
    const idle = await Promise.all(Array.from({ length: 5 }, () => hold(port, '')));
    const refused = await hold(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await refused.closed;
    assert.equal(refused.received, '', 'closed without an answer');
    assert.ok(refused.closedAfter! < SLACK_MS, `closed after ${refused.closedAfter} ms`);
    assert.deepEqual(idle.map((held) => held.closedAfter), [null, null, null, null, null], 'the five held stay open');

    idle[0].socket.destroy();
    await idle[0].closed;
    // The server learns of the close on its side a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await answered(port), 200);
    for (const held of idle.slice(1)) held.socket.destroy();
  });
});

describe('connections per address behind a trusted proxy', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await startTestContext({ listen: true, env: { MAX_CONNECTIONS_PER_ADDRESS: '1', TRUST_PROXY: 'true' } });
  });
  after(() => ctx.close());

  test('are not capped: every connection comes from the proxy', async () => {
    const port = portOf(ctx);
    const idle = await Promise.all(Array.from({ length: 3 }, () => hold(port, '')));
    assert.equal(await answered(port), 200);
    assert.deepEqual(idle.map((held) => held.closedAfter), [null, null, null]);
    for (const held of idle) held.socket.destroy();
  });
});

test('the timeouts and the cap by default, and a header timeout longer than the request timeout refused at start', () => {
  assert.deepEqual(loadConfig({}).http, {
    headersTimeoutMs: 30_000,
    requestTimeoutMs: 120_000,
    keepAliveTimeoutMs: 10_000,
    timeoutCheckIntervalMs: 1000,
    maxConnectionsPerAddress: 256,
  });
  assert.equal(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress, null);
  assert.throws(
    () => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    /Invalid configuration: HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS/,
  );
  assert.throws(() => loadConfig({ HTTP_TIMEOUT_CHECK_INTERVAL_MS: '0x10' }), /HTTP_TIMEOUT_CHECK_INTERVAL_MS: must be a whole number/);
});
