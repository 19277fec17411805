// Tools from an OpenAPI document: which operations become tools, their input schemas, and the
// request a call makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolOperations, toolRequest, ToolInputError } from '../../src/mcp/mcp-tools.ts';

const document = {
  components: { schemas: { ErrorBody: { type: 'object', properties: { errors: { type: 'array' } } }, Tester: { type: 'object', properties: { email: { type: 'string' } } } } },
  paths: {
    '/api/v2/betas/{beta_id}/testers': {
      get: {
        operationId: 'listTesters',
        summary: 'List testers',
        'x-permission': 'testers:read',
        parameters: [
          { name: 'beta_id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'page', in: 'query', schema: { type: 'integer' }, description: 'Page, from 1' },
          { name: 'x-trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { 200: { content: { 'application/json': { schema: { type: 'array' } } } } },
      },
      post: {
        operationId: 'createTester',
        summary: 'Create tester',
        description: 'Signs a tester up.',
        'x-permission': 'testers:write',
        parameters: [{ name: 'beta_id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { tester: { $ref: '#/components/schemas/Tester' } } } } } },
        responses: { 201: { content: { 'application/json': {} } } },
      },
    },
    '/api/v2/betas/{beta_id}/testers.csv': {
      get: { operationId: 'exportTestersCsv', responses: { 200: { content: { 'text/csv': {} } } } },
    },
    '/api/v2/betas/{beta_id}/imports': {
      post: { operationId: 'createImport', requestBody: { content: { 'text/csv': {}, 'multipart/form-data': {} } }, responses: { 202: { content: { 'application/json': {} } } } },
    },
  },
};

test('every JSON operation is a tool; a CSV answer or a file body is not', () => {
  assert.deepEqual(toolOperations(document).map((tool) => tool.name), ['listTesters', 'createTester']);
});

test('a tool takes the path and query parameters and the JSON body, with references inlined, and a write its idempotency key', () => {
  const [list, create] = toolOperations(document);
  assert.deepEqual(list!.inputSchema, {
    type: 'object',
    properties: { beta_id: { type: 'string' }, page: { type: 'integer', description: 'Page, from 1' } },
    required: ['beta_id'],
  });
  assert.equal(list!.writes, false);
  assert.equal(list!.permission, 'testers:read');
  assert.equal(create!.writes, true);
  assert.equal(create!.description, 'Create tester. Signs a tester up.');
  assert.deepEqual(create!.inputSchema.required, ['beta_id', 'body']);
  assert.deepEqual(create!.inputSchema.properties.body, { type: 'object', properties: { tester: { type: 'object', properties: { email: { type: 'string' } } } }, description: 'The JSON body of the request' });
  assert.equal(create!.inputSchema.properties.idempotency_key?.type, 'string');
});

test('a call fills the path (encoded) and the query, and sends the body only where the operation takes one', () => {
  const [list, create] = toolOperations(document);
  assert.deepEqual(toolRequest(list!, { beta_id: 'a/b', page: 2, body: { ignored: true } }), { method: 'GET', url: '/api/v2/betas/a%2Fb/testers?page=2', body: undefined });
  assert.deepEqual(toolRequest(create!, { beta_id: 7, body: { tester: { email: 'ann@example.com' } } }), {
    method: 'POST',
    url: '/api/v2/betas/7/testers',
    body: { tester: { email: 'ann@example.com' } },
  });
  assert.throws(() => toolRequest(create!, { body: {} }), (error: unknown) => error instanceof ToolInputError && /createTester needs beta_id/.test(error.message));
});
