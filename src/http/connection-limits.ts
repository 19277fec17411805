// How long a client may hold a connection, and how many one address may hold: without them, a few
// thousand clients sending their headers a byte a minute (slowloris) keep as many sockets open
// and run the process out of file descriptors. Node closes a connection past its header or
// request timeout only when it next looks (every connectionsCheckingInterval, 30 s by default):
// the interval is set with the timeouts, so a late connection is closed soon after its time.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../process/config.ts';

/** Fastify's options for the server's timeouts, from the configuration. */
export function timeoutOptions(http: Config['http']): Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout'> & { http: object } {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: { headersTimeout: http.headersTimeoutMs, connectionsCheckingInterval: http.timeoutCheckIntervalMs },
  };
}

/**
 * Closes at once a connection from an address that already holds `max` open ones. The address is
 * the socket's: behind a trusted proxy every connection comes from the proxy, so no cap is set there.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already closed
    const held = open.get(address) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
