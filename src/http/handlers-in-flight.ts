// A stopping process releases its database once app.close() returns. The server's close waits for
// open sockets only: a client that disconnected mid-request leaves its handler running with no
// socket to wait for, and that handler's next query would find the database gone. So close also
// waits until every request that reached the hooks has been answered (answered to nobody included).
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function waitForHandlersOnClose(app: FastifyInstance): void {
  const inFlight = new Set<FastifyRequest>();
  let whenDrained: (() => void) | null = null;
  const answered = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) whenDrained?.();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    done();
  });
  // onSend runs when the handler answers, socket or not; onResponse covers an answer that skipped it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    answered(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    answered(request);
    done();
  });
  app.addHook('onClose', async () => {
    if (inFlight.size > 0) await new Promise<void>((resolve) => (whenDrained = resolve));
  });
}
