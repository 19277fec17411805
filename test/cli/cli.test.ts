// The `prelaunch` command, run as users run it: the real bin in a child process, on a database of
// its own (SQLite file or PostgreSQL database, per TEST_DIALECT). Child processes are slow (tsx
// start-up), so the cases that need no process of their own call runCli in this one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createTestDatabase } from '../support/context.ts';
import { runBin, type BinResult as Result } from '../support/bin.ts';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { createServices, type Services } from '../../src/services.ts';
import { migrationNames } from '../../src/db/migrate.ts';
import { presentBeta } from '../../src/modules/betas/betas.presenter.ts';
import { toBeta } from '../../src/modules/betas/betas.service.ts';
import { noCounts } from '../../src/modules/betas/beta-counters.ts';
import { Permissions } from '../../src/modules/accounts/permissions.ts';
import { KeyRefused } from '../../src/modules/accounts/accounts.service.ts';
import { apiTime } from '../../src/primitives/time.ts';
import { runCli } from '../../src/cli/program.ts';

const API_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const KEY_INFO_FIELDS = ['id', 'company_id', 'name', 'key_prefix', 'permissions', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'];

describe('prelaunch CLI', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let services: Services;

  /** The bin in a child process, started outside the project directory as an installed command would be. */
  function run(...args: string[]): Promise<Result> {
    return runBin(args, { DATABASE_URL: url });
  }

  /** The bin with `input` on its standard input, as `echo … | prelaunch …` runs it. */
  function runWithInput(input: string, ...args: string[]): Promise<Result> {
    return runBin(args, { DATABASE_URL: url }, input);
  }

  /** The same program in this process: for cases a child process would only make slower. */
  async function runHere(args: string[], env: Record<string, string | undefined> = { DATABASE_URL: url }): Promise<Result> {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, env);
    return { code, stdout, stderr };
  }

  function json(result: Result): any {
    assert.equal(result.code, 0, `exit code 0 expected; stderr: ${result.stderr}`);
    assert.equal(result.stderr, '');
    assert.ok(result.stdout.endsWith('\n'));
    const value = JSON.parse(result.stdout);
    assert.equal(result.stdout, `${JSON.stringify(value, null, 2)}\n`, 'pretty-printed with 2 spaces');
    return value;
  }

  function assertFailed(result: Result, code: number, message: RegExp): void {
    assert.equal(result.code, code, `stderr: ${result.stderr}`);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, message);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  }

  async function counts() {
    const count = async (table: 'companies' | 'api_keys' | 'betas') =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { companies: await count('companies'), api_keys: await count('api_keys'), betas: await count('betas') };
  }

  let companyId: number;
  let key: { id: number; key: string };

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    database = openDatabase(url, { poolSize: 2 });
    services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off' }));
  });
  after(async () => {
    await database.close();
    await drop();
  });

  test('migrate on a fresh database applies every migration; again, none', async () => {
    assert.deepEqual(json(await run('migrate')), { applied: [...migrationNames] });
    const recorded = await database.db.selectFrom('kysely_migration' as any).select('name').execute();
    assert.deepEqual(recorded.map((r: any) => r.name), [...migrationNames]);
    assert.deepEqual(json(await runHere(['migrate'])), { applied: [] });
  });

  test('company create prints the company and stores it', async () => {
    const company = json(await run('company', 'create', '--name', 'Acme', '--max-testers', '100'));
    assert.deepEqual(Object.keys(company), ['id', 'name', 'max_testers', 'created_at', 'updated_at']);
    assert.equal(company.name, 'Acme');
    assert.equal(company.max_testers, 100);
    assert.match(company.created_at, API_TIME);
    const row = await database.db.selectFrom('companies').selectAll().where('id', '=', company.id).executeTakeFirstOrThrow();
    assert.equal(row.name, 'Acme');
    assert.equal(row.max_testers, 100);
    assert.equal(apiTime(row.created_at), company.created_at);
    companyId = company.id;
  });

  test('user create reads the password from standard input and prints the member, who can sign in', async () => {
    const password = 'a passphrase, not an argument';
    const member = json(await runWithInput(`${password}\n`, 'user', 'create', '--company', String(companyId), '--email', 'Owner@Example.com', '--role', 'owner'));
    assert.deepEqual(Object.keys(member), ['id', 'email', 'role', 'has_password', 'created_at', 'updated_at']);
    assert.deepEqual([member.email, member.role, member.has_password], ['Owner@Example.com', 'owner', true]);
    const row = await database.db.selectFrom('members').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    assert.equal(row.company_id, companyId);
    assert.match(row.password_hash!, /^scrypt\$/);
    assert.doesNotMatch(row.password_hash!, /passphrase/);
    // The password without its line end: what was typed signs in.
    assert.equal((await services.members.signIn('owner@example.com', password)).id, member.id);
  });

  test('user create refuses a bad role, address, company, password or a taken address, with a message and nothing stored', async () => {
    const members = async () => (await database.db.selectFrom('members').select('email').orderBy('id').execute()).map((m) => m.email);
    const before = await members();
    const company = String(companyId);
    const create = (email: string, role: string, input = 'long enough password\n', companyArg = company) =>
      runWithInput(input, 'user', 'create', '--company', companyArg, '--email', email, '--role', role);
    const [badRole, badEmail, unknownCompany, shortPassword, taken] = await Promise.all([
      create('ada@example.com', 'superuser'),
      create('not an address', 'admin'),
      create('ada@example.com', 'admin', undefined, '999999'),
      create('ada@example.com', 'viewer', 'short\n'),
      create('owner@example.com', 'viewer'),
    ]);
    assertFailed(badRole, 1, /^error: .*owner, admin or viewer.*\n$/);
    assertFailed(badEmail, 1, /^error: Email is not a valid address\n$/);
    assertFailed(unknownCompany, 1, /^error: Company 999999 not found\n$/);
    assertFailed(shortPassword, 1, /^error: Password must be at least 12 characters\n$/);
    assertFailed(taken, 1, /^error: A member with this e-mail exists\n$/);
    assert.deepEqual(await members(), before);
  });

  test('company list prints every company', async () => {
    await services.accounts.createCompany({ name: 'Globex' });
    const list = json(await run('company', 'list'));
    assert.deepEqual(
      list.map((c: any) => [c.name, c.max_testers]),
      [['Acme', 100], ['Globex', null]],
    );
  });

  test('key create prints the key once; it authenticates through the app', async () => {
    const created = json(
      await run('key', 'create', '--company', String(companyId), '--name', 'Ops', '--expires-at', '2099-01-01T12:00:00+02:00', '--permissions', 'betas:read, testers:read'),
    );
    assert.deepEqual(Object.keys(created), ['id', 'company_id', 'name', 'key_prefix', 'key', 'permissions', 'created_at', 'expires_at']);
    assert.equal(created.company_id, companyId);
    assert.equal(created.name, 'Ops');
    assert.deepEqual(created.permissions, ['betas:read', 'testers:read']);
    assert.equal(created.expires_at, '2099-01-01T10:00:00Z');
    assert.match(created.created_at, API_TIME);
    const row = await database.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.equal(row.key_hash, createHash('sha256').update(created.key).digest('hex'));
    assert.equal(row.company_id, companyId);

    const principal = await services.accounts.authenticate(created.key);
    assert.equal(principal.companyId, companyId);
    assert.equal(principal.keyId, created.id);
    assert.deepEqual([...principal.permissions], ['betas:read', 'testers:read']);
    key = created;

    // The defaults: every permission, no expiry.
    const plain = json(await runHere(['key', 'create', '--company', String(companyId)]));
    assert.equal(plain.name, 'API key');
    assert.deepEqual(plain.permissions, [...Permissions]);
    assert.equal(plain.expires_at, null);
    assert.equal((await services.accounts.authenticate(plain.key)).permissions.size, Permissions.length);
  });

  test('key list shows key info, never a key or its hash', async () => {
    const result = await run('key', 'list', '--company', String(companyId));
    const list = json(result);
    assert.equal(list.length, 2);
    for (const info of list) assert.deepEqual(Object.keys(info), KEY_INFO_FIELDS);
    assert.equal(list[0].id, key.id);
    assert.equal(list[0].key_prefix, key.key.slice(0, 7));
    assert.match(list[0].last_used_at, API_TIME, 'the authentication above was recorded');
    assert.equal(list[0].revoked_at, null);
    const hashes = await database.db.selectFrom('api_keys').select('key_hash').execute();
    assert.ok(!result.stdout.includes(key.key));
    for (const { key_hash } of hashes) assert.ok(!result.stdout.includes(key_hash));
  });

  test('key revoke revokes at once: the app refuses the key', async () => {
    const revoked = json(await run('key', 'revoke', String(key.id)));
    assert.deepEqual(Object.keys(revoked), KEY_INFO_FIELDS);
    assert.equal(revoked.id, key.id);
    assert.match(revoked.revoked_at, API_TIME);
    const row = await database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    assert.equal(apiTime(row.revoked_at), revoked.revoked_at);
    await assert.rejects(services.accounts.authenticate(key.key), (error: unknown) => error instanceof KeyRefused && error.reason === 'revoked');
  });

  test('beta create prints the beta as the API presents it', async () => {
    const beta = json(await run('beta', 'create', '--company', String(companyId), '--name', 'Launch', '--homepage-url', 'https://example.com/launch'));
    const row = await database.db.selectFrom('betas').selectAll().where('id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(row.company_id, companyId);
    assert.deepEqual(beta, presentBeta({ ...toBeta(row), counters: noCounts() }, loadConfig({ DATABASE_URL: url }).publicUrl));
    assert.equal(beta.name, 'Launch');
    assert.equal(beta.homepage_url, 'https://example.com/launch');
  });

  test('beta create --id keeps the id the beta had elsewhere; a taken or malformed one is refused', async () => {
    const company = String(companyId);
    const beta = json(await runHere(['beta', 'create', '--company', company, '--id', '17942', '--name', 'Moved', '--homepage-url', 'https://example.com/moved']));
    assert.equal(beta.id, 17942);
    const row = await database.db.selectFrom('betas').selectAll().where('id', '=', 17942).executeTakeFirstOrThrow();
    assert.deepEqual([row.company_id, row.name], [companyId, 'Moved']);
    const before = await counts();
    assertFailed(
      await runHere(['beta', 'create', '--company', company, '--id', '17942', '--name', 'Again', '--homepage-url', 'https://example.com/again']),
      1,
      /^error: id 17942 is taken: choose another, or leave id out for a new one\n$/,
    );
    assertFailed(
      await runHere(['beta', 'create', '--company', company, '--id', '1e3', '--name', 'Bad', '--homepage-url', 'https://example.com/bad']),
      2,
      /^error: option '--id <id>' argument '1e3' is invalid\. It must be a positive whole number\.\n$/,
    );
    assert.deepEqual(await counts(), before);
    const next = json(await runHere(['beta', 'create', '--company', company, '--name', 'Next', '--homepage-url', 'https://example.com/next']));
    assert.ok(next.id > 17942);
  });

  test('errors: a message on stderr, nothing on stdout, nothing written', async () => {
    const before = await counts();
    const company = String(companyId);
    // Independent of each other, so they run side by side.
    const [unknownCompany, badPermission, badDate, missingOption] = await Promise.all([
      run('key', 'create', '--company', '999999'),
      run('key', 'create', '--company', company, '--permissions', 'betas:read,betas:fly'),
      run('key', 'create', '--company', company, '--expires-at', '2027-02-30'),
      run('beta', 'create', '--company', company, '--name', 'No URL'),
    ]);
    assertFailed(unknownCompany, 1, /^error: Company 999999 not found\n$/);
    assertFailed(badPermission, 1, /^error: Unknown permission betas:fly; known: betas:read, .*\n$/);
    assertFailed(badDate, 2, /^error: option '--expires-at <iso>' argument '2027-02-30' is invalid\. It must be an ISO 8601 date/);
    assertFailed(missingOption, 2, /^error: required option '--homepage-url <url>' not specified\n$/);
    assert.deepEqual(await counts(), before);
  });

  test('more failures, in process: service errors, usage errors, configuration', async () => {
    const before = await counts();
    const company = String(companyId);
    assertFailed(await runHere(['beta', 'create', '--company', company, '--name', 'X', '--homepage-url', 'not a url']), 1, /^error: homepage_url must be an absolute http\(s\) URL\n$/);
    assertFailed(await runHere(['beta', 'create', '--company', '999999', '--name', 'X', '--homepage-url', 'https://x.example']), 1, /^error: Company 999999 not found\n$/);
    assertFailed(await runHere(['key', 'list', '--company', '999999']), 1, /^error: Company 999999 not found\n$/);
    assertFailed(await runHere(['key', 'list', '--company', '12x']), 2, /^error: option '--company <id>' argument '12x' is invalid\. It must be a positive whole number\.\n$/);
    assertFailed(await runHere(['key', 'revoke', '0']), 2, /It must be a positive whole number\./);
    assertFailed(await runHere(['key', 'revoke', '999999']), 1, /^error: API key 999999 not found\n$/);
    assertFailed(await runHere(['key', 'create', '--company', company, '--permissions', ',']), 1, /^error: permissions must name at least one permission: a key needs one\n$/);
    assertFailed(await runHere(['key', 'create', '--company', company, '--expires-at', '2001-01-01']), 2, /It must be in the future\./);
    assertFailed(await runHere(['key', 'create', '--company', company, '--expires-at', '2099-01-01T10:00']), 2, /with a zone/);
    assertFailed(await runHere(['company', 'create', '--name', 'X', '--max-testers', '-1']), 2, /It must be a whole number, 0 or more\./);
    assertFailed(await runHere(['company', 'create', '--name', '   ']), 1, /^error: Company name must not be empty\n$/);
    assertFailed(await runHere(['company', 'create', '--name', 'X', 'extra']), 2, /too many arguments/);
    assertFailed(await runHere(['launch']), 2, /^error: unknown command 'launch'/);
    assertFailed(await runHere([]), 2, /^Usage: prelaunch/);
    assertFailed(await runHere(['company', 'list'], { DATABASE_URL: 'mysql://db' }), 1, /^error: Invalid configuration: DATABASE_URL/);
    // Not read as 3000: a whole-number setting refuses a fraction.
    assertFailed(await runHere(['company', 'list'], { PORT: '3000.5' }), 1, /^error: Invalid configuration: PORT: must be a whole number\n$/);
    assert.deepEqual(await counts(), before);

    const help = await runHere(['key', 'create', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--permissions <list>/);
    assert.equal(help.stderr, '');
  });
});
