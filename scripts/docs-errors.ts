// `npm run docs:errors`: rewrites docs/errors.md's table of error codes from the registry (src/primitives/errors.ts).
// test/errors/registry.test.ts fails while the table in docs/errors.md differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCodeTable } from '../src/primitives/errors.ts';

export const ERRORS_DOC = fileURLToPath(new URL('../docs/errors.md', import.meta.url));
const START = '<!-- error-codes:start (generated from src/primitives/errors.ts by `npm run docs:errors`; edit there) -->';
const END = '<!-- error-codes:end -->';

/** The text with the table between its markers rewritten from the registry. */
export function withErrorTable(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`No section between ${START} and ${END}`);
  return `${text.slice(0, start + START.length)}\n${errorCodeTable()}\n${text.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(ERRORS_DOC, 'utf8');
  const after = withErrorTable(before);
  writeFileSync(ERRORS_DOC, after);
  console.log(before === after ? 'docs/errors.md: the error codes are up to date' : 'docs/errors.md: error codes rewritten');
}
