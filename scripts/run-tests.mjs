#!/usr/bin/env node
// `npm test`: the whole suite on SQLite, then the same files on PostgreSQL when TEST_DATABASE_URL
// is set. In CI (CI=true) PostgreSQL is not optional: a missing TEST_DATABASE_URL fails the run.
// `npm run test:unit` (`--unit`): the files that start nothing (no app, server, test database,
// process or browser, in the file or in any helper it imports: scripts/test-tiers.mjs), on SQLite
// only. `--list` prints the files a run would take, with what each non-unit file starts.
// Arguments narrow the files: `npm test -- test/modules/betas`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { whatItStarts } from './test-tiers.mjs';

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'support' ? [] : testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const unit = args.includes('--unit');
const list = args.includes('--list');
const filters = args.filter((arg) => !arg.startsWith('--'));
const files = testFiles('test')
  .map((file) => relative('.', file))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .filter((file) => !unit || whatItStarts(file) === null)
  .sort();
if (list) {
  for (const file of files) console.log(unit ? file : `${file}${whatItStarts(file) ? `: ${whatItStarts(file)}` : ''}`);
  process.exit(0);
}
if (files.length === 0) {
  console.error(`No test files match ${filters.join(' ')}`);
  process.exit(1);
}

const dialects = ['sqlite'];
if (!unit && process.env.TEST_DATABASE_URL) dialects.push('postgres');
else if (!unit && process.env.CI) {
  console.error('CI must run the suite on PostgreSQL too: set TEST_DATABASE_URL=postgres://…');
  process.exit(1);
} else if (!unit) {
  console.warn('TEST_DATABASE_URL is not set: running on SQLite only.');
}

let failed = false;
for (const dialect of dialects) {
  console.log(`\n# ${files.length} test files on ${dialect}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=3', '--test-reporter=spec', ...files],
    { stdio: 'inherit', env: { ...process.env, TEST_DIALECT: dialect } },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
