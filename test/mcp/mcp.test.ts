// The MCP server, driven by the SDK's own client over both transports: Streamable HTTP at /mcp
// (inside the server) and stdio (`prelaunch mcp`, a process of its own on the same database).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Errors } from '../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

const BIN = fileURLToPath(new URL('../../bin/prelaunch.js', import.meta.url));

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[] };

async function httpClient(ctx: TestContext, key: string): Promise<Client> {
  const client = new Client({ name: 'prelaunch-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${ctx.config.publicUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

async function stdioClient(ctx: TestContext, key: string, args: string[] = []): Promise<Client> {
  const client = new Client({ name: 'prelaunch-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', ...args],
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: ctx.databaseUrl, PRELAUNCH_API_KEY: key, LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off', PUBLIC_URL: ctx.config.publicUrl },
      stderr: 'pipe',
    }),
  );
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<ToolAnswer>;

describe('the MCP server', () => {
  let ctx: TestContext;
  let readOnlyKey: string;
  let beta: { id: number };

  before(async () => {
    ctx = await startTestContext({ listen: true });
    beta = await ctx.createBeta({}, 'Rocket');
    readOnlyKey = (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read', 'testers:read'] })).key;
    const ann = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'ann@example.com' } } });
    assert.equal(ann.status, 201);
  });
  after(() => ctx?.close());

  test('over HTTP, a read-only key is offered the reads its permissions allow, and no write', async () => {
    const client = await httpClient(ctx, readOnlyKey);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      for (const name of ['listBetas', 'showBeta', 'listTesters', 'showTester', 'showBetaStats']) assert.ok(names.includes(name), `${name} is offered`);
      for (const name of ['createTester', 'updateTester', 'deleteTester', 'createBeta']) assert.ok(!names.includes(name), `${name} changes data: not offered`);
      for (const name of ['listWebhooks', 'listPoints', 'listApiKeys']) assert.ok(!names.includes(name), `${name} needs a permission the key lacks`);
      const showTester = tools.find((tool) => tool.name === 'showTester')!;
      assert.deepEqual(showTester.inputSchema.required, ['beta_id', 'tester_id']);
      assert.equal(showTester.annotations?.readOnlyHint, true);

      const listed = await call(client, 'listTesters', { beta_id: String(beta.id), email_contains: 'ann' });
      assert.equal(listed.isError, false);
      assert.deepEqual(JSON.parse(listed.content[0]!.text).map((tester: { email: string }) => tester.email), ['ann@example.com']);
    } finally {
      await client.close();
    }
  });

  test('over HTTP, writes are refused by default, with the setting that allows them named, and nothing changes', async () => {
    const client = await httpClient(ctx, ctx.apiKey);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.ok(!names.includes('createTester'));
      const refused = await call(client, 'createTester', { beta_id: String(beta.id), body: { tester: { email: 'bob@example.com' } } });
      assert.equal(refused.isError, true);
      assert.match(refused.content[0]!.text, /writes are off: start the server with --allow-writes \(stdio\) or MCP_ALLOW_WRITES=true/);
      const stored = await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).execute();
      assert.deepEqual(stored.map((row) => row.email), ['ann@example.com']);
    } finally {
      await client.close();
    }
  });

  test('over HTTP, the beta\'s dashboard figures are a resource', async () => {
    const client = await httpClient(ctx, readOnlyKey);
    try {
      const { resources } = await client.listResources();
      assert.ok(resources.some((resource) => resource.uri === `prelaunch://betas/${beta.id}/stats`));
      const read = await client.readResource({ uri: `prelaunch://betas/${beta.id}/stats` });
      const figures = JSON.parse(String((read.contents[0] as { text: string }).text));
      assert.equal(figures.beta_id, beta.id);
      assert.equal(figures.signups.total, 1);
    } finally {
      await client.close();
    }
  });

  test('/mcp without a key, or with a wrong one, is refused as the API refuses it', async () => {
    for (const authorization of [undefined, 'Bearer pl_not_a_key']) {
      const response = await fetch(`${ctx.config.publicUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(response.status, 401);
      assert.equal(((await response.json()) as { errors: { code: number }[] }).errors[0]!.code, 1401);
    }
  });

  test('over stdio with --allow-writes, a write retried with its idempotency key changes nothing twice', async () => {
    const client = await stdioClient(ctx, ctx.apiKey, ['--allow-writes']);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.ok(names.includes('createTester') && names.includes('listWebhooks'));
      const input = { beta_id: String(beta.id), body: { tester: { email: 'cleo@example.com' } }, idempotency_key: 'assistant-call-1' };
      const first = await call(client, 'createTester', input);
      const retried = await call(client, 'createTester', input);
      assert.equal(first.isError, false, first.content[0]?.text);
      assert.equal(JSON.parse(retried.content[0]!.text).id, JSON.parse(first.content[0]!.text).id);
      const stored = await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).where('email', '=', 'cleo@example.com').execute();
      assert.equal(stored.length, 1);
      const keys = await ctx.database.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', '=', 'assistant-call-1').execute();
      assert.equal(keys.length, 1);
      // Without a key of its own, each call gets one made for it: two calls are two signups' worth of keys.
      await call(client, 'createTester', { beta_id: String(beta.id), body: { tester: { email: 'dev@example.com' } } });
      const made = await ctx.database.db.selectFrom('idempotency_keys').select('idempotency_key').where('company_id', '=', ctx.companyId).execute();
      assert.equal(made.length, 2);
      const invalid = await call(client, 'createTester', { beta_id: String(beta.id), body: { tester: { email: 'not an address' } } });
      assert.equal(invalid.isError, true);
      assert.equal(JSON.parse(invalid.content[0]!.text).errors[0].code, Errors.testersGeneral.code);
      assert.match(JSON.parse(invalid.content[0]!.text).errors[0].message, /mail/i);
    } finally {
      await client.close();
    }
  });

  test('over stdio, a read-only key is offered no write even with --allow-writes', async () => {
    const client = await stdioClient(ctx, readOnlyKey, ['--allow-writes']);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.ok(names.includes('listTesters'));
      assert.ok(!names.includes('createTester'), 'createTester needs testers:write');
      const refused = await call(client, 'createTester', { beta_id: String(beta.id), body: { tester: { email: 'eve@example.com' } } });
      assert.match(refused.content[0]!.text, /needs the permission testers:write, which this API key does not have/);
    } finally {
      await client.close();
    }
  });
});
