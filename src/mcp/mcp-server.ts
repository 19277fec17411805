// A Model Context Protocol server over the API, for one API key: its tools are the operations the
// key's permissions allow (mcp-tools.ts; those that change data only when writes are allowed), and
// every call is a request to the API with that key, so the API's own checks, rate limits and
// company scoping apply unchanged. A call that changes data carries an Idempotency-Key (the
// caller's, or one made for it), so a retried call changes nothing twice. Its resources are each
// beta's dashboard figures and leaderboard. The protocol is the official SDK's; the transports are
// stdio (`prelaunch mcp`) and Streamable HTTP (`/mcp`, mcp.routes.ts).
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Permission } from '../modules/accounts/permissions.ts';
import { IDEMPOTENCY_FIELD, ToolInputError, toolRequest, type ToolOperation } from './mcp-tools.ts';

/** A request to the API, made with the session's key. */
export interface ApiCall {
  method: string;
  url: string;
  body?: unknown;
  idempotencyKey?: string;
}

export interface ApiAnswer {
  status: number;
  body: string;
}

export interface McpSession {
  tools: readonly ToolOperation[];
  permissions: ReadonlySet<Permission>;
  allowWrites: boolean;
  call(request: ApiCall): Promise<ApiAnswer>;
  version: string;
}

/** What a beta offers to read as a resource: the operation it reads, by its path in the document. */
const RESOURCES = [
  { kind: 'stats', name: 'Dashboard figures', path: '/api/v2/betas/{beta_id}/stats', description: "The beta's signups by day, statuses, top referrers, countries, sources and deliveries, as the console's dashboard shows them" },
  { kind: 'leaderboard', name: 'Leaderboard', path: '/api/v2/betas/{beta_id}/leaderboard.json', description: "The beta's referral leaderboard, with ids and addresses (the owner's view)" },
] as const;

const RESOURCE_URI = /^prelaunch:\/\/betas\/(\d+)\/(\w+)$/;

/** The tools the session offers: those its key may call, and those that change data only when writes are allowed. */
export function offeredTools(session: Pick<McpSession, 'tools' | 'permissions' | 'allowWrites'>): ToolOperation[] {
  return session.tools.filter((tool) => (!tool.writes || session.allowWrites) && (tool.permission === null || session.permissions.has(tool.permission)));
}

function refusal(session: McpSession, name: string): string {
  const tool = session.tools.find((each) => each.name === name);
  if (!tool) return `There is no tool named ${name}`;
  if (tool.permission && !session.permissions.has(tool.permission)) return `${name} needs the permission ${tool.permission}, which this API key does not have`;
  return `${name} changes data, and writes are off: start the server with --allow-writes (stdio) or MCP_ALLOW_WRITES=true (/mcp)`;
}

export function createMcpServer(session: McpSession): Server {
  const server = new Server(
    { name: 'prelaunch', version: session.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'Prelaunch runs waitlist and referral campaigns ("betas") whose people are "testers". Each tool is an operation of its v2 API, ' +
        'called with your API key: list betas first to learn their ids. Tools that change data are offered only when writes are allowed.',
    },
  );
  const offered = () => offeredTools(session);
  const resources = () => RESOURCES.filter((resource) => offered().some((tool) => tool.method === 'GET' && tool.path === resource.path));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: offered().map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: !tool.writes, destructiveHint: tool.method === 'DELETE', idempotentHint: tool.method !== 'POST' },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = offered().find((each) => each.name === request.params.name);
    if (!tool) return { isError: true, content: [{ type: 'text', text: refusal(session, request.params.name) }] };
    const input = (request.params.arguments ?? {}) as Record<string, unknown>;
    let call: ApiCall;
    try {
      call = toolRequest(tool, input);
    } catch (error) {
      if (error instanceof ToolInputError) return { isError: true, content: [{ type: 'text', text: error.message }] };
      throw error;
    }
    if (tool.writes) {
      const given = input[IDEMPOTENCY_FIELD];
      call.idempotencyKey = typeof given === 'string' && given !== '' ? given : randomUUID();
    }
    const answer = await session.call(call);
    return { isError: answer.status >= 400, content: [{ type: 'text', text: answer.body || `${answer.status}` }] };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: resources().map((resource) => ({
      uriTemplate: `prelaunch://betas/{beta_id}/${resource.kind}`,
      name: resource.name,
      description: resource.description,
      mimeType: 'application/json',
    })),
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const readable = resources();
    if (readable.length === 0 || !offered().some((tool) => tool.method === 'GET' && tool.path === '/api/v2/betas')) return { resources: [] };
    const answer = await session.call({ method: 'GET', url: '/api/v2/betas?per_page=100' });
    if (answer.status !== 200) throw new McpError(ErrorCode.InternalError, `Listing the betas answered ${answer.status}`);
    const betas = JSON.parse(answer.body) as { id: number; name: string }[];
    return {
      resources: betas.flatMap((beta) =>
        readable.map((resource) => ({ uri: `prelaunch://betas/${beta.id}/${resource.kind}`, name: `${beta.name}: ${resource.name}`, description: resource.description, mimeType: 'application/json' })),
      ),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const match = RESOURCE_URI.exec(request.params.uri);
    const resource = match && resources().find((each) => each.kind === match[2]);
    if (!match || !resource) throw new McpError(ErrorCode.InvalidParams, `No such resource: ${request.params.uri}`);
    const answer = await session.call({ method: 'GET', url: resource.path.replace('{beta_id}', match[1]!) });
    if (answer.status !== 200) throw new McpError(ErrorCode.InvalidParams, `${request.params.uri}: ${answer.body}`);
    return { contents: [{ uri: request.params.uri, mimeType: 'application/json', text: answer.body }] };
  });

  return server;
}
