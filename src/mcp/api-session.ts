// An MCP session over this process's own API: the tools from the app's OpenAPI document, and each
// call an in-process request (app.inject) with the session's key, so every check the API makes
// over HTTP is made here too.
import type { App } from '../http/app-type.ts';
import type { Principal } from '../modules/accounts/accounts.service.ts';
import type { McpSession } from './mcp-server.ts';
import { toolOperations, type ToolOperation } from './mcp-tools.ts';

/** The document's tools, made once per app: its routes are fixed once it is ready. */
const toolsByApp = new WeakMap<App, ToolOperation[]>();

export function apiSession(app: App, key: string, principal: Principal, allowWrites: boolean, version: string): McpSession {
  let tools = toolsByApp.get(app);
  if (!tools) toolsByApp.set(app, (tools = toolOperations(app.swagger() as Parameters<typeof toolOperations>[0])));
  return {
    tools,
    permissions: principal.permissions,
    allowWrites,
    version,
    async call({ method, url, body, idempotencyKey }) {
      const answer = await app.inject({
        method: method as 'GET',
        url,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.statusCode, body: answer.body };
    },
  };
}
