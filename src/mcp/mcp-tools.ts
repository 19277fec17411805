// The MCP server's tools, made from the OpenAPI document: one tool per operation that takes and
// answers JSON, named by its operationId, described by its summary and description, its input the
// path and query parameters and the JSON body. A route added to the API is a tool with nothing
// written here. The document's `x-permission` says which key may call it.
import type { Permission } from '../modules/accounts/permissions.ts';

type JsonSchema = Record<string, unknown>;

export interface ToolOperation {
  /** The tool's name: the operation's operationId. */
  name: string;
  title: string;
  description: string;
  method: string;
  /** The path as the document writes it: /api/v2/betas/{beta_id}/testers. */
  path: string;
  permission: Permission | null;
  /** It changes data: offered only when writes are allowed, and sent with an Idempotency-Key. */
  writes: boolean;
  pathParameters: string[];
  queryParameters: string[];
  hasBody: boolean;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
}

/** The input field that carries the Idempotency-Key of a write. */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

interface DocumentOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-permission'?: Permission;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The document's components, inlined where an operation's schemas refer to them: a tool's input
 * schema stands alone (a client sees no `components`).
 */
function inlined(schema: unknown, components: Record<string, JsonSchema>, seen = new Set<string>()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    if (seen.has(name) || !components[name]) return {};
    return inlined(components[name], components, new Set([...seen, name]));
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, components, seen)]));
}

/** Answers and bodies the tool can carry: JSON, or nothing (a CSV export or an XML checkin cannot). */
function speaksJson(operation: DocumentOperation): boolean {
  const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
  if (bodyTypes.length > 0 && !bodyTypes.includes('application/json')) return false;
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .every(([, response]) => Object.keys(response.content ?? {}).every((type) => type === 'application/json'));
}

export function toolOperations(document: { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, JsonSchema> } }): ToolOperation[] {
  const components = document.components?.schemas ?? {};
  const tools: ToolOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as DocumentOperation | undefined;
      if (!operation?.operationId || !speaksJson(operation)) continue;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
      for (const parameter of parameters) {
        properties[parameter.name] = { ...(inlined(parameter.schema ?? {}, components) as JsonSchema), ...(parameter.description ? { description: parameter.description } : {}) };
        if (parameter.in === 'path' || parameter.required) required.push(parameter.name);
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) {
        properties.body = { ...(inlined(body, components) as JsonSchema), description: 'The JSON body of the request' };
        if (operation.requestBody?.required) required.push('body');
      }
      const writes = method !== 'get';
      if (writes) {
        properties[IDEMPOTENCY_FIELD] = {
          type: 'string',
          maxLength: 255,
          description: 'Sent as the Idempotency-Key: the same key again replays the first answer instead of changing anything twice. Made for the call when left out.',
        };
      }
      tools.push({
        name: operation.operationId,
        title: operation.summary ?? operation.operationId,
        description: [operation.summary, operation.description].filter(Boolean).join('. ') || `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        permission: operation['x-permission'] ?? null,
        writes,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        hasBody: body !== undefined,
        inputSchema: { type: 'object', properties, required },
      });
    }
  }
  return tools;
}

/** The request a call of the tool makes: its URL with the path filled in and the query, and the body. */
export function toolRequest(tool: ToolOperation, input: Record<string, unknown>): { method: string; url: string; body: unknown } {
  const missing = tool.pathParameters.filter((name) => input[name] === undefined || input[name] === null || input[name] === '');
  if (missing.length > 0) throw new ToolInputError(`${tool.name} needs ${missing.join(', ')}`);
  const path = tool.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(input[name])));
  const query = new URLSearchParams();
  for (const name of tool.queryParameters) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    for (const each of Array.isArray(value) ? value : [value]) query.append(name, typeof each === 'object' ? JSON.stringify(each) : String(each));
  }
  const search = query.toString();
  return { method: tool.method, url: search ? `${path}?${search}` : path, body: tool.hasBody ? (input.body ?? undefined) : undefined };
}

/** A call whose input cannot make a request (a path parameter left out). */
export class ToolInputError extends Error {}
