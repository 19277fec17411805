// Several processes starting on one fresh database at once (`serve --workers`, a separate worker,
// the CLI) each migrate it: every one succeeds and each migration is applied exactly once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from '../support/context.ts';
import { runBin } from '../support/bin.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrationNames } from '../../src/db/migrate.ts';

const PROCESSES = 4;
let url: string;
let drop: () => Promise<void>;

before(async () => {
  ({ url, drop } = await createTestDatabase());
});
after(() => drop());

test(`${PROCESSES} processes migrating a fresh database at once all succeed and apply each migration once`, { timeout: 300_000 }, async () => {
  const results = await Promise.all(Array.from({ length: PROCESSES }, () => runBin(['migrate'], { DATABASE_URL: url })));
  for (const result of results) assert.equal(result.code, 0, `exit code 0 expected; stderr: ${result.stderr}`);
  const applied = results.flatMap((result) => JSON.parse(result.stdout).applied as string[]);
  assert.deepEqual(applied, [...migrationNames], 'one process applied them all, in order; the others found them applied');

  const database = openDatabase(url);
  try {
    const rows = await database.db
      .selectFrom('kysely_migration' as any)
      .select('name')
      .orderBy('name')
      .execute();
    assert.deepEqual(rows.map((row) => row.name), [...migrationNames]);
    // The schema is usable: the last migration's tables exist.
    assert.deepEqual(await database.db.selectFrom('tester_changes').selectAll().execute(), []);
  } finally {
    await database.close();
  }
});
