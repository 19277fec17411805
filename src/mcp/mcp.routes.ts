// The MCP server over Streamable HTTP at /mcp: authenticated as the API is (an API key; no console
// session, so no cookie can be ridden), one stateless server per request answered as JSON, writes
// offered only with MCP_ALLOW_WRITES=true. Stateless, it keeps no stream open: a GET (a stream for
// the server's own notifications) or a DELETE (the end of a session) answers 405, as the protocol
// allows.
import { createRequire } from 'node:module';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { App } from '../http/app-type.ts';
import { authenticator, presentedKey, principalOf } from '../http/auth.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { apiSession } from './api-session.ts';
import { createMcpServer } from './mcp-server.ts';

export const MCP_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export function mcpRoutes(app: App, accounts: AccountsService, allowWrites: boolean): void {
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.status(405).header('Allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send requests with POST' }, id: null }),
  });
  app.route({
    method: 'POST',
    url: '/mcp',
    schema: { hide: true },
    onRequest: authenticator(accounts),
    handler: async (request, reply) => {
      const server = createMcpServer(apiSession(app, presentedKey(request)!, principalOf(request), allowWrites, MCP_VERSION));
      // Stateless: each request is a whole exchange, answered as JSON; nothing is kept between them.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });
}
