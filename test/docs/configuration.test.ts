// docs/configuration.md lists every setting the process reads (src/process/config.ts), with its default, and
// no setting that does not exist. Reads files only, so it runs in the unit tier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describeSettings } from '../../src/process/config.ts';

const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
/** The table's rows: variable → its default cell as written. */
const rows = new Map([...page.matchAll(/^\| `([A-Z0-9_]+)` \|([^|]*)\|/gm)].map(([, name, cell]) => [name!, cell!.trim()]));

test('every setting has a row in docs/configuration.md, and every row is a setting', () => {
  const settings = describeSettings().map((setting) => setting.name);
  assert.ok(settings.length > 30, `only ${settings.length} settings read`);
  assert.deepEqual(settings.filter((name) => !rows.has(name)), [], 'settings missing from docs/configuration.md');
  assert.deepEqual([...rows.keys()].filter((name) => !settings.includes(name)), [], 'rows of docs/configuration.md naming no setting');
});

test('a setting with a default shows that default', () => {
  const wrong = describeSettings()
    .filter((setting) => setting.default !== undefined && setting.default !== '')
    .filter((setting) => rows.get(setting.name) !== `\`${String(setting.default)}\``)
    .map((setting) => `${setting.name}: the page says ${rows.get(setting.name)}, the code ${String(setting.default)}`);
  assert.deepEqual(wrong, []);
});
