// prelaunch backup, run as operators run it: the real bin, in a process of its own beside a server
// taking signups over HTTP. On SQLite the copy holds every tester acknowledged before the backup
// began, passes SQLite's integrity check and serves them again through the app opened on it; on
// PostgreSQL the bin takes no copy and names the pg_dump command for DATABASE_URL instead.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dialect, startTestContext, type TestContext } from '../support/context.ts';
import { runBin, type BinResult } from '../support/bin.ts';
import { runCli } from '../../src/cli/program.ts';

describe('prelaunch backup', () => {
  let ctx: TestContext;
  let dir: string;
  before(async () => {
    ctx = await startTestContext({ listen: true });
    dir = mkdtempSync(join(tmpdir(), 'prelaunch-backup-'));
  });
  after(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The program in this process, for cases that need no database: a child process only makes them slower. */
  async function runHere(args: string[], databaseUrl: string): Promise<BinResult> {
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
    const code = await runCli(args, io, { DATABASE_URL: databaseUrl });
    return { code, stdout, stderr };
  }

  test('taken while signups are created over HTTP: SQLite copies every tester acknowledged before it began, checked; PostgreSQL is referred to pg_dump', async (t) => {
    const beta = await ctx.createBeta();
    const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
    const acknowledged: { id: number; email: string }[] = [];
    let stop = false;
    const client = async (c: number) => {
      for (let n = 0; !stop; n++) {
        const email = `backup-${c}-${n}@example.com`;
        const response = await fetch(`${ctx.config.publicUrl}/api/v2/betas/${beta.id}/testers`, { method: 'POST', headers, body: JSON.stringify({ tester: { email } }) });
        assert.equal(response.status, 201, await response.clone().text());
        acknowledged.push({ id: ((await response.json()) as { id: number }).id, email });
      }
    };
    const clients = Array.from({ length: 4 }, (_, c) => client(c));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = [...acknowledged];
    const to = join(dir, 'under-load', 'prelaunch.sqlite');
    let result: BinResult;
    try {
      result = await runBin(['backup', '--to', to], { DATABASE_URL: ctx.databaseUrl });
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    assert.ok(acknowledged.length > before.length, 'signups went on while the backup ran');

    if (dialect === 'postgres') {
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stdout, '');
      assert.equal(
        result.stderr,
        'error: prelaunch backup copies SQLite databases; this one is PostgreSQL, which pg_dump backs up consistently while the service runs: ' +
          `pg_dump --format=custom --file='${to}' --dbname='${ctx.databaseUrl}'\n`,
      );
      assert.equal(existsSync(join(dir, 'under-load')), false, 'nothing written');
      return;
    }
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    const written = JSON.parse(result.stdout);
    assert.deepEqual(written, { file: to, bytes: statSync(to).size, pages: written.pages, integrity_check: 'ok' });
    assert.deepEqual(['.partial', '-wal', '-shm'].filter((suffix) => existsSync(to + suffix)), [], 'one file, nothing beside it');

    // The copy opened as a server opens its database: it is the whole schema and the testers.
    const restored = await startTestContext({ databaseUrl: `sqlite:${to}` });
    try {
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(restored.database.db)).rows;
      assert.deepEqual(await pragma('integrity_check'), [{ integrity_check: 'ok' }]);
      assert.deepEqual(await pragma('page_size'), [{ page_size: written.bytes / written.pages }], 'the copy is its pages, every one');
      const listed: { id: number; email: string }[] = [];
      for (let page = 1; ; page++) {
        const response = await restored.request('GET', `/api/v2/betas/${beta.id}/testers?per_page=100&page=${page}`, { key: ctx.apiKey });
        assert.equal(response.status, 200);
        if (response.body.length === 0) break;
        listed.push(...response.body.map(({ id, email }: { id: number; email: string }) => ({ id, email })));
      }
      const copied = new Map(listed.map((tester) => [tester.id, tester.email]));
      assert.deepEqual(before.filter((tester) => copied.get(tester.id) !== tester.email), [], 'every tester acknowledged before the backup began');
      const live = new Map((await ctx.database.db.selectFrom('testers').select(['id', 'email']).where('beta_id', '=', beta.id).execute()).map((row) => [row.id, row.email]));
      assert.deepEqual(listed.filter((tester) => live.get(tester.id) !== tester.email), [], 'nothing that is not in the database');
      t.diagnostic(`${before.length} acknowledged before the backup began, ${listed.length} in the copy, ${acknowledged.length} acknowledged in all`);
    } finally {
      await restored.close();
    }
  });

  test('PostgreSQL: the pg_dump command names the configured database without its password, and nothing is written', async () => {
    const to = join(dir, "it's.dump");
    const result = await runHere(['backup', '--to', to], 'postgres://prelaunch:s3cret@db.internal:6432/prelaunch?sslmode=require&password=s3cret');
    assert.deepEqual(result, {
      code: 1,
      stdout: '',
      stderr:
        'error: prelaunch backup copies SQLite databases; this one is PostgreSQL, which pg_dump backs up consistently while the service runs: ' +
        `pg_dump --format=custom --file='${dir}/it'\\''s.dump' --dbname='postgres://prelaunch@db.internal:6432/prelaunch?sslmode=require' ` +
        '(with the password in PGPASSWORD or ~/.pgpass)\n',
    });
    assert.equal(existsSync(to), false);
  });

  test('SQLite: an existing file is never overwritten, a missing database is named, and --to is required', async () => {
    const source = join(dir, 'source.sqlite');
    const existing = join(dir, 'existing.sqlite');
    writeFileSync(existing, 'an earlier backup');
    writeFileSync(source, '');
    assert.deepEqual(await runHere(['backup', '--to', existing], `sqlite:${source}`), {
      code: 1,
      stdout: '',
      stderr: `error: ${existing} exists already: a backup never overwrites a file. Name a new one.\n`,
    });
    assert.equal(readFileSync(existing, 'utf8'), 'an earlier backup');

    const missing = join(dir, 'missing.sqlite');
    assert.deepEqual(await runHere(['backup', '--to', join(dir, 'new.sqlite')], `sqlite:${missing}`), {
      code: 1,
      stdout: '',
      stderr: `error: There is no SQLite database at ${missing} (DATABASE_URL).\n`,
    });
    assert.equal(existsSync(missing), false, 'not created by the attempt');
    assert.equal(existsSync(join(dir, 'new.sqlite')), false);

    const usage = await runHere(['backup'], `sqlite:${source}`);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /required option '--to <file>' not specified/);
  });
});
