// A webhook receiver on 127.0.0.1 (a real HTTP server) and helpers to raise events and read the log.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { raiseEvent, type EventType } from '../../../src/modules/events/events.ts';
import { inTransaction } from '../../../src/db/transaction.ts';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The sender's port: tells its connections apart. */
  remotePort: number;
}

/** A status to answer with, or 'hang' to never answer. */
export type Behaviour = number | 'hang';

export interface Receiver {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  received: Received[];
  /** How the next requests are answered (default 200). */
  answer(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let behaviour: Behaviour = 200;
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), remotePort: request.socket.remotePort ?? 0 });
      if (behaviour === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(behaviour, { 'content-type': 'text/plain' });
      response.end('x'.repeat(10_000)); // longer than the service reads
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer(next) {
      behaviour = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ReceiverSetup {
  ctx: TestContext;
  receiver: Receiver;
}

/**
 * For the tests of the describe block it is called in: a test context that may deliver to the
 * receiver on loopback (WEBHOOK_ALLOW_PRIVATE_TARGETS, unless `env` says otherwise, and `env`
 * besides) and the receiver, started before the tests and closed after them. Read both inside a
 * test (`const { ctx, receiver } = setup`).
 */
export function withReceiver(env: Record<string, string> = {}): ReceiverSetup {
  const setup = {} as ReceiverSetup;
  before(async () => {
    setup.ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env } });
    setup.receiver = await startReceiver();
  });
  after(async () => {
    await setup.receiver.close();
    await setup.ctx.close();
  });
  return setup;
}

/**
 * For a beforeEach: the clock at `now`, the receiver answering 200 with nothing received yet, and
 * an empty queue, so that jobs of an earlier test never run in a later one.
 */
export async function startAfresh({ ctx, receiver }: ReceiverSetup, now: string): Promise<void> {
  ctx.clock.set(now);
  receiver.answer(200);
  receiver.received.length = 0;
  await ctx.database.db.deleteFrom('outbox_jobs').execute();
}

/** Raises an event as the domain does: in a transaction of its own. */
export async function raise(ctx: TestContext, betaId: number, type: EventType = 'tester_created', data: unknown = { id: 1, email: 'ann@example.com' }) {
  await inTransaction(ctx.database.db, (trx) => raiseEvent(trx, { betaId, type, now: ctx.clock.now().toISOString(), data: () => data }));
}

export async function storedEvents(ctx: TestContext, betaId: number) {
  return ctx.database.db.selectFrom('webhook_events').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
}

export async function storedDeliveries(ctx: TestContext, endpointId: number) {
  return ctx.database.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('id').execute();
}

export async function storedEndpoint(ctx: TestContext, endpointId: number) {
  return ctx.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirst();
}

export async function pendingJobs(ctx: TestContext) {
  return ctx.database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', 'webhook.deliver').orderBy('id').execute();
}

/** Creates an endpoint through the API; answers its body (with the secret). */
export async function createEndpoint(ctx: TestContext, betaId: number, body: Record<string, unknown>) {
  const response = await ctx.request('POST', `/api/v2/betas/${betaId}/webhooks`, { body });
  if (response.status !== 201) throw new Error(`createEndpoint failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: number; url: string; secret: string; events: string[]; enabled: boolean };
}
