// A stopping process releases its database once app.close() returns. The server's close waits for
// open sockets only: a client that disconnected mid-request leaves its handler running with no
// socket to wait for, and that handler's next query would find the database gone. So close also
// waits until every request whose handler began has been answered (answered to nobody included).
// A request whose client left before its handler began is dropped instead: its handler never runs,
// and close does not wait for it (Fastify never finishes reading the body of such a request, so
// it would never be answered, and close would wait forever).
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function waitForHandlersOnClose(app: FastifyInstance): void {
  const inFlight = new Set<FastifyRequest>();
  const handling = new WeakSet<FastifyRequest>();
  let whenDrained: (() => void) | null = null;
  const done = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) whenDrained?.();
  };
  app.addHook('onRequest', (request, reply, next) => {
    inFlight.add(request);
    // A hijacked answer (the MCP transport writes its own) runs neither onSend nor onResponse: it
    // is done when its response closes. Any other is done only when its handler answered (below).
    reply.raw.once('close', () => {
      if (reply.sent) done(request);
    });
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    if (!handling.has(request)) done(request);
    next();
  });
  // The last moment before the handler: registered here, ahead of any route's own preHandler.
  app.addHook('preHandler', (request, reply, next) => {
    if (request.raw.aborted) {
      // Nobody is left to answer: the request ends here, its handler unrun.
      done(request);
      reply.hijack();
    } else {
      handling.add(request);
    }
    next();
  });
  // onSend runs when the handler answers, socket or not; onResponse covers an answer that skipped it.
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  app.addHook('onClose', async () => {
    if (inFlight.size > 0) await new Promise<void>((resolve) => (whenDrained = resolve));
  });
}
