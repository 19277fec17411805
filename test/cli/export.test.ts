// prelaunch export: a beta's testers as the API's testers.csv and testers.ndjson give them, to
// stdout (waiting for it to drain) or to a file written whole or not at all.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runCli } from '../../src/cli/program.ts';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, testerRow, uniqueEmail } from '../modules/testers/support.ts';

describe('prelaunch export', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let directory: string;

  async function run(args: string[], stdout: { write(text: string): unknown } | null = null) {
    let out = '';
    let stderr = '';
    const io = { stdout: stdout ?? { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (stderr += t) } };
    const code = await runCli(['export', ...args], io, { DATABASE_URL: ctx.config.databaseUrl, PUBLIC_URL: ctx.config.publicUrl });
    return { code, stdout: out, stderr };
  }

  async function api(path: string): Promise<string> {
    const response = await ctx.request('GET', path);
    assert.equal(response.status, 200);
    return response.raw.body;
  }

  before(async () => {
    ctx = await startTestContext();
    directory = await mkdtemp(join(tmpdir(), 'prelaunch-export-'));
    beta = await ctx.createBeta();
    // More than a page of testers, so that the export comes in several chunks. Inserted before
    // the app first reads the beta's standings, so that its index is built with them (rows
    // inserted behind its back would reach it through the standing feed, a moment later).
    await ctx.database.db.insertInto('testers').values(Array.from({ length: 1200 }, () => testerRow(beta.id, uniqueEmail('bulk')))).execute();
    await createTester(ctx, beta.id, { profile: { first_name: '=Ada, "the" first', custom_var1: 'ads' } });
    await createTester(ctx, beta.id, { status: 'invited', profile: { custom_var2: 'ads' } });
  });
  after(async () => {
    await ctx.close();
    await rm(directory, { recursive: true, force: true });
  });

  test('CSV to stdout, byte for byte what the API exports', async () => {
    const result = await run(['--beta', String(beta.id)]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, await api(`/api/v2/betas/${beta.id}/testers.csv`));
    assert.equal(result.stdout.split('\r\n').length, 1 + 1202 + 1, 'a header, each tester, and the last record end');
  });

  test('NDJSON to a file readable by its owner only, with filters as the API takes them', async () => {
    const file = join(directory, 'ads.ndjson');
    const result = await run(['--beta', String(beta.id), '--format', 'ndjson', '--output', file, '--custom-vars', 'ads', '--email-contains', 'example.com']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '', 'nothing on stdout');
    const written = await readFile(file, 'utf8');
    assert.equal(written, await api(`/api/v2/betas/${beta.id}/testers.ndjson?custom_vars=ads&email_contains=example.com`));
    assert.equal(written.trim().split('\n').length, 2);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(await readdir(directory), ['ads.ndjson'], 'no partial file left beside it');
  });

  test('stdout that fills is waited for: no more than one chunk is ever queued on it', async () => {
    let text = '';
    let mostQueued = 0;
    let largestChunk = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        largestChunk = Math.max(largestChunk, chunk.length);
        setImmediate(done);
      },
    });
    const write = slow.write.bind(slow);
    slow.write = ((chunk: string) => {
      const accepted = write(chunk);
      mostQueued = Math.max(mostQueued, slow.writableLength);
      return accepted;
    }) as typeof slow.write;
    const result = await run(['--beta', String(beta.id)], slow);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(text, await api(`/api/v2/betas/${beta.id}/testers.csv`));
    assert.ok(mostQueued <= largestChunk, `${mostQueued} bytes queued, the largest chunk ${largestChunk}`);
  });

  test('an unknown beta fails with a message and writes no file; a wrong format is a usage error', async () => {
    const file = join(directory, 'none.csv');
    const unknown = await run(['--beta', '999999', '--output', file]);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'error: Beta not found\n');
    await assert.rejects(stat(file));
    await assert.rejects(stat(`${file}.partial`));
    const format = await run(['--beta', String(beta.id), '--format', 'xlsx']);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /It must be one of csv, ndjson/);
    assert.equal(format.stdout, '');
  });
});
