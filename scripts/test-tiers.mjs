// Which test files the unit tier runs: those that start nothing. A file starts something when it,
// or any test helper it imports (followed through every relative import but `import type`),
// launches a browser, spawns a process, builds the app or listens on a port, or creates a test
// database. So a file is placed by what running it does, however deep in its helpers that is, and
// nobody keeps a list.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** What a module does that makes a file using it more than a unit test. */
const STARTS = [
  [/from 'playwright-core'/, 'launches a browser'],
  [/from 'node:child_process'/, 'starts a process'],
  [/\bbuildApp\(|\.listen\(/, 'starts the app or a server'],
  [/\bcreateTestDatabase\(|CREATE DATABASE/, 'creates a test database'],
];

/** Relative imports that bring code along: `import type` and `export type` bring none. */
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Why `file` is not a unit test (the first thing found in it or its helpers), or null. */
export function whatItStarts(file, seen = new Set()) {
  const path = resolve(file);
  if (seen.has(path) || !path.includes('/test/')) return null;
  seen.add(path);
  const source = withoutComments(readFileSync(path, 'utf8'));
  for (const [pattern, what] of STARTS) if (pattern.test(source)) return `${what} (${path.slice(path.indexOf('/test/') + 1)})`;
  for (const [, target] of source.matchAll(VALUE_IMPORT)) {
    const found = whatItStarts(resolve(dirname(path), target), seen);
    if (found) return found;
  }
  return null;
}
