// HEAP_GROWTH_PERCENT, which `serve` (and `npm start`) and `worker` apply at start: the setting's
// bounds, and that the factor reaches V8 — a process whose live heap stays the same while it makes
// garbage reaches a much smaller heap with a small factor than with a large one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ConfigError, loadConfig } from '../../src/process/config.ts';

const run = promisify(execFile);

/**
 * In a process of its own (the factor is the process's): about 40 MB kept for the whole run, then
 * 120 rounds of some 3 MB of garbage; every tenth round's is kept ten rounds, long enough to reach
 * the old space, whose growth the factor governs. Prints the largest heap V8 reserved, in bytes.
 */
const GARBAGE_MAKER = `
import { limitHeapGrowth } from './src/process/heap-growth.ts';
limitHeapGrowth(Number(process.argv[1]));
const kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: 'kept ' + i }));
let largest = 0;
let previous = [];
for (let round = 0; round < 120; round += 1) {
  const batch = Array.from({ length: 20_000 }, (_, i) => ({ i, text: 'garbage ' + i + ' ' + round, list: [round, i] }));
  if (round % 10 === 0) previous = batch;
  largest = Math.max(largest, process.memoryUsage().heapTotal);
}
console.log(largest, kept.length + previous.length);
`;

async function largestHeap(percent: number): Promise<number> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', GARBAGE_MAKER, String(percent)], { cwd: process.cwd() });
  return Number(stdout.split(' ')[0]);
}

test('HEAP_GROWTH_PERCENT is 25 by default, 0 to 1000, and a whole number', () => {
  assert.equal(loadConfig({}).heapGrowthPercent, 25);
  assert.equal(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent, 0);
  assert.equal(loadConfig({ HEAP_GROWTH_PERCENT: '1000' }).heapGrowthPercent, 1000);
  // '12.5' would otherwise be read as 12.
  for (const bad of ['-1', '1001', '12.5', 'half']) {
    assert.throws(
      () => loadConfig({ HEAP_GROWTH_PERCENT: bad }),
      (error: unknown) => error instanceof ConfigError && /^Invalid configuration: HEAP_GROWTH_PERCENT: /.test(error.message),
      bad,
    );
  }
});

test('a small growth factor holds the heap of a process making garbage well below a large one', async () => {
  const [tight, loose] = await Promise.all([largestHeap(10), largestHeap(300)]);
  // About 1.1× against 4× the live heap: with the factor ignored, both would be alike.
  assert.ok(tight < loose * 0.7, `largest heap with 10 %: ${(tight / 2 ** 20).toFixed(0)} MiB; with 300 %: ${(loose / 2 ** 20).toFixed(0)} MiB`);
});
