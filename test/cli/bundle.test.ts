// The long-running commands run from a bundle built at every start (bin/bundle.js): a copy of the
// project shows that a change to the sources is in the next start's bundle, and that sources which
// cannot be bundled faithfully stop the start with a message naming the file.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function run(bin: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.NODE_TEST_CONTEXT; // the child is a program, not a test file
    execFile(process.execPath, [bin, ...args], { cwd: tmpdir(), env }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('running from a bundle built at start', () => {
  let project: string;
  let bin: string;
  const source = (path: string) => join(project, 'src', path);
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(source(path), 'utf8');
    assert.ok(text.includes(from), `${path} contains ${from}`);
    writeFileSync(source(path), text.replace(from, to));
  };

  before(() => {
    // The project's runnable files; its packages are the checkout's own.
    project = mkdtempSync(join(tmpdir(), 'prelaunch-bundle-'));
    for (const name of ['bin', 'src', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, name), join(project, name), { recursive: true });
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(project, 'node_modules'));
    bin = join(project, 'bin', 'prelaunch.js');
  });

  after(() => rmSync(project, { recursive: true, force: true }));

  test('a change to the sources is in the next start', async () => {
    const first = await run(bin, ['serve', '--help']);
    // Modules that read files beside themselves as they load (public-scope.ts its assets,
    // program.ts ../../package.json) found them: each kept its own import.meta.url.
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /serve the API until stopped/);
    const bundle = join(project, '.bundle', 'cli-main.mjs');
    const built = readFileSync(bundle, 'utf8');
    assert.match(built, /serve the API until stopped/);
    assert.ok(built.includes(JSON.stringify(pathToFileURL(source('cli/program.ts')).href)));
    assert.ok(!built.includes('import.meta'), "no module sees the bundle's own URL");

    edit('cli/commands/serve.ts', 'serve the API until stopped', 'serve the edited API until stopped');
    const second = await run(bin, ['serve', '--help']);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /serve the edited API until stopped/);
    assert.match(readFileSync(bundle, 'utf8'), /serve the edited API until stopped/);
  });

  test('a source the bundle cannot keep faithfully stops the start, naming the file', async () => {
    edit('primitives/time.ts', '\n', '\nexport const here = import.meta.dirname;\n');
    const result = await run(bin, ['serve', '--help']);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^Prelaunch could not start: .*only import\.meta\.url .*src\/primitives\/time\.ts/m);
    assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
  });
});
