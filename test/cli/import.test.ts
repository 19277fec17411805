// prelaunch import: a file imported (or dry-run) by the command's own process, and resumed with --resume.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../support/context.ts';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices, type Services } from '../../src/services.ts';
import { runCli } from '../../src/cli/program.ts';

describe('prelaunch import', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let services: Services;
  let betaId: number;
  const dir = mkdtempSync(join(tmpdir(), 'prelaunch-import-'));

  async function cli(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, { DATABASE_URL: url });
    return { code, stdout, stderr };
  }

  const testers = () => database.db.selectFrom('testers').select(['email', 'status']).where('beta_id', '=', betaId).orderBy('id').execute();

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    database = openDatabase(url, { poolSize: 2 });
    await migrateToLatest(database);
    services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Acme' });
    betaId = (await services.betas.create(company.id, { name: 'Rocket', homepage_url: 'https://rocket.example' })).id;
  });
  after(async () => {
    await services.close();
    await database.close();
    await drop();
  });

  test('a dry run, then the import, each printing its report; no job is left for a worker', async () => {
    const file = join(dir, 'prefinery.csv');
    writeFileSync(file, 'Email,First Name,Status\r\nada@example.com,Ada,applied\r\nbad,Bo,\r\n');
    const dry = await cli('import', '--beta', String(betaId), file, '--dry-run', '--preset', 'prefinery');
    assert.deepEqual([dry.code, dry.stderr], [0, '']);
    const dryReport = JSON.parse(dry.stdout);
    assert.deepEqual([dryReport.status, dryReport.dry_run, dryReport.rows_accepted, dryReport.errors], ['completed', true, 1, [{ line: 3, message: 'Email "bad" is not a valid e-mail address' }]]);
    assert.deepEqual(await testers(), []);
    const real = JSON.parse((await cli('import', '--beta', String(betaId), file, '--preset', 'prefinery')).stdout);
    assert.deepEqual([real.status, real.dry_run, real.rows_accepted, real.rows_rejected], ['completed', false, 1, 1]);
    assert.deepEqual(await testers(), [{ email: 'ada@example.com', status: 'applied' }]);
    assert.deepEqual(await database.db.selectFrom('outbox_jobs').select('kind').where('kind', '=', 'import.run').execute(), []);
  });

  test('--resume continues an import its command did not finish', async () => {
    const file = join(dir, 'plain.csv');
    writeFileSync(file, 'email\nresumed@example.com\n');
    const beta = await services.betas.require((await database.db.selectFrom('betas').select('company_id').executeTakeFirstOrThrow()).company_id, String(betaId));
    const created = await services.imports.create(beta.company_id, String(betaId), async () => (await import('node:fs')).createReadStream(file), { queue: false });
    const resumed = await cli('import', '--resume', String(created.id));
    assert.deepEqual([resumed.code, JSON.parse(resumed.stdout).rows_accepted], [0, 1]);
    assert.deepEqual((await testers()).map((t) => t.email), ['ada@example.com', 'resumed@example.com']);
  });

  test('what is wrong is said on stderr, with exit code 1', async () => {
    const bad = join(dir, 'latin1.csv');
    writeFileSync(bad, Buffer.from('email,name\na@example.com,Ren\xe9e\n', 'latin1'));
    const cases: [string[], string][] = [
      [['import', file('none.csv')], 'error: give --beta ID and a FILE (or --resume ID)\n'],
      [['import', '--beta', '999', bad], 'error: no beta with id 999\n'],
      [['import', '--beta', String(betaId), join(dir, 'missing.csv')], `error: cannot read ${join(dir, 'missing.csv')}\n`],
      [['import', '--beta', String(betaId), bad], 'error: The file is not UTF-8 text: line 2 has a byte that is not. Save it as "CSV UTF-8" (or convert it to UTF-8) and import it again\n'],
      [['import', '--resume', '999'], 'error: no import with id 999\n'],
    ];
    for (const [args, stderr] of cases) assert.deepEqual(await cli(...args), { code: 1, stdout: '', stderr }, args.join(' '));
    function file(name: string) {
      return join(dir, name);
    }
  });
});
