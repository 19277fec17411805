// The error model is closed: every code a client can see is defined once in the registry, every
// error the service raises goes through it, and the documentation shown to clients is its own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError, errorCodeTable, Errors, GeneralErrors } from '../../src/primitives/errors.ts';
import { ERRORS_DOC, withErrorTable } from '../../scripts/docs-errors.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const REGISTRY = 'primitives/errors.ts';

/** Every TypeScript file of src but the registry, by its path under src. */
function sources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && relative(SRC, path) !== REGISTRY) files.set(relative(SRC, path), readFileSync(path, 'utf8'));
    }
  };
  walk(SRC);
  return files;
}

/** The lines of src (registry excluded) that match, as "file:line: text". */
function linesMatching(pattern: RegExp): string[] {
  return [...sources()].flatMap(([file, text]) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** The interface's error table (v2, section 7), by series. */
const INTERFACE_CODES = [
  2201, 2204,
  2301, 2302, 2303, 2304, 2305, 2306, 2307, 2308, 2309, 2310, 2311, 2312, 2313, 2315, 2316, 2317, 2319, 2320, 2321, 2322, 2323, 2324, 2325,
  2501, 2502, 2503, 2504, 2505, 2506, 2507, 2508, 2509, 2510,
  2601, 2602, 2603, 2604, 2605, 2606, 2607, 2608, 2609,
  2701, 2702, 2703,
  2801, 2802, 2803, 2804,
];

const kinds = Object.entries(Errors);

describe('the error registry', () => {
  test('every entry has a code of its own, an HTTP error status, a message and when it is answered', () => {
    const codes = kinds.map(([, kind]) => kind.code);
    assert.deepEqual(codes.filter((code, i) => codes.indexOf(code) !== i), [], 'codes defined twice');
    for (const [name, kind] of kinds) {
      assert.ok(Number.isInteger(kind.code) && kind.code > 0, `${name}: code`);
      assert.ok(Number.isInteger(kind.status) && kind.status >= 400 && kind.status <= 599, `${name}: status ${kind.status}`);
      assert.ok(kind.message.trim(), `${name}: message`);
      assert.ok(kind.when.trim(), `${name}: when`);
    }
  });

  test('every code of the interface is in the registry once; the others are in Prelaunch\'s own range or said to be', () => {
    const codes = new Set(kinds.map(([, kind]) => kind.code));
    assert.deepEqual(INTERFACE_CODES.filter((code) => !codes.has(code)), [], 'interface codes missing from the registry');
    for (const [name, kind] of kinds) {
      if (INTERFACE_CODES.includes(kind.code)) continue;
      // Outside the interface's list: a 14xx/1500 code mirroring the status, or one in a series that says it is Prelaunch's.
      const mirrorsStatus = kind.code === 1000 + kind.status;
      assert.ok(mirrorsStatus || /Prelaunch's code/.test(kind.when), `${name} (${kind.code}) is neither the interface's nor marked as Prelaunch's`);
    }
  });

  test('an error made by a named constructor carries the registry\'s code, status and message', () => {
    const hidden = Errors.testerHidden();
    assert.ok(hidden instanceof ApiError);
    assert.equal(hidden.statusCode, Errors.testerHidden.status);
    assert.deepEqual(hidden.errors, [{ code: Errors.testerHidden.code, message: Errors.testerHidden.message }]);
    assert.ok(hidden.is(Errors.testerHidden) && !hidden.is(Errors.testersGeneral));
    // The case's details follow the documented message.
    assert.equal(Errors.descriptorNotFound.entry('gold').message, 'Descriptor not found ("gold")');
    assert.equal(Errors.testersGeneral.entry('status must be active').message, 'status must be active');
  });

  test('problems reported together keep their order, and the first decides the status', () => {
    const error = ApiError.many([Errors.testerHidden.entry(), Errors.testerEmailRequired.entry()]);
    assert.equal(error.statusCode, Errors.testerHidden.status);
    assert.deepEqual(error.errors.map((entry) => entry.code), [Errors.testerHidden.code, Errors.testerEmailRequired.code]);
    assert.throws(() => ApiError.many([]), /at least one entry/);
  });

  test('every ApiError in src is made by the registry: no constructor call, no code literal elsewhere', () => {
    assert.deepEqual(linesMatching(/new ApiError\s*\(/), []);
    assert.deepEqual(linesMatching(/\bcode\s*(:|===|!==|==)\s*\d{4}\b/), []);
    assert.deepEqual(linesMatching(/\b(GeneralCodes|Codes)\.\w+/), []);
  });

  test('a code the service never answers says why; every other code is raised somewhere in src', () => {
    const text = [...sources().values()].join('\n');
    const declaredSeries = new Set([...text.matchAll(/series(?::|\s*=)\s*'(\w+)'/g)].map((match) => match[1]));
    for (const [name, kind] of kinds) {
      const series = Object.entries(GeneralErrors).find(([, general]) => general === kind)?.[0];
      const raised = new RegExp(`\\bErrors\\.${name}\\b`).test(text) || (series !== undefined && declaredSeries.has(series));
      if (kind.unused) assert.ok(!raised, `${name} is marked unused but is raised`);
      else assert.ok(raised, `${name} (${kind.code}) is never raised: raise it, or mark it unused with the reason`);
    }
  });

  test('docs/errors.md\'s table of codes is the registry\'s (npm run docs:errors rewrites it)', () => {
    const doc = readFileSync(ERRORS_DOC, 'utf8');
    assert.equal(doc, withErrorTable(doc), 'docs/errors.md is out of date: run npm run docs:errors');
    for (const [, kind] of kinds) {
      assert.equal(errorCodeTable().split('\n').filter((row) => row.startsWith(`| ${kind.code} |`)).length, 1, `${kind.code} in the table once`);
    }
  });
});
