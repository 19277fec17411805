// `npm run bench:ranked-set` (node --expose-gc --import tsx bench/ranked-set.ts): the waitlist's
// in-memory index (src/modules/waitlist/ranked-set.ts) on 1,000,000 testers of a realistic mix:
// 70 % in group 0, the rest over ~200 groups with a long tail, `at` mostly increasing with id.
// Prints the build time of RankedSet.from, memory per entry and per-op medians over 5 rounds.
import { RankedSet } from '../src/modules/waitlist/ranked-set.ts';
import { median } from './figures.ts';

const N = 1_000_000;
const ROUNDS = 5;
const T0 = Date.parse('2026-01-01T00:00:00Z');

// A small seeded generator, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function testers(n: number, oneGroup = false) {
  const groups = new Float64Array(n);
  const ats = new Float64Array(n);
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = i + 1;
    // About a signup a second, some clocks or imports a few seconds off.
    ats[i] = T0 + i * 1000 + (random() < 0.1 ? Math.round((random() - 0.5) * 10_000) : 0);
    groups[i] = oneGroup || random() < 0.7 ? 0 : 1 + Math.floor(200 * random() ** 4);
  }
  return { groups, ats, ids };
}

function shuffled(data: ReturnType<typeof testers>) {
  const order = Array.from({ length: data.ids.length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { groups: order.map((i) => data.groups[i]), ats: order.map((i) => data.ats[i]), ids: order.map((i) => data.ids[i]) };
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with --expose-gc: node --expose-gc --import tsx bench/ranked-set.ts');
  process.exit(1);
}

/** Heap and ArrayBuffer bytes once garbage is gone: backing stores are freed off the main thread, a little later. */
async function memory() {
  let last = -1;
  for (let tries = 0; tries < 20; tries++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (arrayBuffers === last) return { heapUsed, arrayBuffers };
    last = arrayBuffers;
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
}
type Memory = Awaited<ReturnType<typeof memory>>;

/** Bytes per entry between two readings: V8 heap and ArrayBuffer backing stores (the blocks, off-heap). */
function perEntry(before: Memory, after: Memory, size: number): string {
  const heap = (after.heapUsed - before.heapUsed) / size;
  const buffers = (after.arrayBuffers - before.arrayBuffers) / size;
  return `${(heap + buffers).toFixed(1)} B (heap ${heap.toFixed(1)} + buffers ${buffers.toFixed(1)})`;
}

async function bytesPerEntry(data: ReturnType<typeof testers>): Promise<string> {
  const before = await memory();
  const set = RankedSet.from(data.groups, data.ats, data.ids);
  return perEntry(before, await memory(), set.size);
}

let sink = 0;

/** Median over the rounds of ms per call of `build`. */
function buildMs(data: { groups: ArrayLike<number>; ats: ArrayLike<number>; ids: ArrayLike<number> }): string {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    sink += RankedSet.from(data.groups, data.ats, data.ids).size;
    times.push(performance.now() - start);
  }
  return `${median(times).toFixed(0)} ms`;
}

/** Median over the rounds of µs per op: `round` runs `ops` operations and returns its elapsed ms. */
function perOp(ops: number, round: () => number): string {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) times.push((round() * 1000) / ops);
  return `${median(times).toFixed(2)} µs`;
}

const data = testers(N);
console.log(`RankedSet, ${N.toLocaleString('en')} entries (70 % in group 0, the rest over ~200 groups), medians of ${ROUNDS} rounds`);
console.log(`from, input in id order   ${buildMs(data)}`);
console.log(`from, shuffled input      ${buildMs(shuffled(data))}`);
console.log(`memory per entry, mix     ${await bytesPerEntry(data)}`);
console.log(`memory per entry, 1 group ${await bytesPerEntry(testers(N, true))}`);

const beforeSet = await memory();
const set = RankedSet.from(data.groups, data.ats, data.ids);
const SAMPLE = 100_000;
const picks = Array.from({ length: SAMPLE }, () => Math.floor(random() * N));

console.log(
  `rank                      ${perOp(SAMPLE, () => {
    const start = performance.now();
    for (const i of picks) sink += set.rank(data.groups[i], data.ats[i], data.ids[i]);
    return performance.now() - start;
  })}`,
);

let nextId = N + 1;
let nextAt = T0 + N * 1000;
console.log(
  `add at the end (group 0)  ${perOp(SAMPLE, () => {
    const first = nextId;
    const start = performance.now();
    for (let k = 0; k < SAMPLE; k++) set.add(0, (nextAt += 1000), nextId++);
    const elapsed = performance.now() - start;
    // Back to the same set for the next round (not timed).
    for (let id = first, at = nextAt - (nextId - first - 1) * 1000; id < nextId; id++, at += 1000) set.delete(0, at, id);
    return elapsed;
  })}`,
);

// Middle: remove random testers, then add them back (each round leaves the set as it found it).
const deletes: number[] = [];
const adds: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const unique = [...new Set(picks.map((i) => (i + r * 7919) % N))];
  let start = performance.now();
  for (const i of unique) set.delete(data.groups[i], data.ats[i], data.ids[i]);
  deletes.push(((performance.now() - start) * 1000) / unique.length);
  start = performance.now();
  for (const i of unique) set.add(data.groups[i], data.ats[i], data.ids[i]);
  adds.push(((performance.now() - start) * 1000) / unique.length);
}
console.log(`delete in the middle      ${median(deletes).toFixed(2)} µs`);
console.log(`add in the middle         ${median(adds).toFixed(2)} µs`);
if (set.size !== N) throw new Error(`size ${set.size} after the rounds, expected ${N}`);
// The blocks the rounds regrew and split keep some room.
console.log(`memory per entry, after   ${perEntry(beforeSet, await memory(), set.size)}`);

const HINTED = 100_000;
console.log(
  `groupOf, right hint       ${perOp(HINTED, () => {
    const start = performance.now();
    for (let k = 0; k < HINTED; k++) {
      const i = picks[k];
      sink += set.groupOf(data.ats[i], data.ids[i], [data.groups[i]]) ?? 0;
    }
    return performance.now() - start;
  })}`,
);
const UNHINTED = 2_000;
console.log(
  `groupOf, no hints         ${perOp(UNHINTED, () => {
    const start = performance.now();
    for (let k = 0; k < UNHINTED; k++) {
      const i = picks[k];
      sink += set.groupOf(data.ats[i], data.ids[i]) ?? 0;
    }
    return performance.now() - start;
  })}`,
);
if (sink === 0) console.log('(sink)');
