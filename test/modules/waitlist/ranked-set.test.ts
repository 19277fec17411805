// The waitlist's in-memory index (src/modules/waitlist/ranked-set.ts) against a naive model: a plain
// array kept sorted by the same order. Random operations over a small key space (duplicates,
// collisions, -0 and -Infinity) and a large one; small block sizes so that blocks split, merge and
// empty within a few hundred operations; checkInvariants() after every step.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RankedSet } from '../../../src/modules/waitlist/ranked-set.ts';

type Key = [group: number, at: number, id: number];

/** The waitlist order: higher group first, then earlier at, then lower id. */
function compare(a: Key, b: Key): number {
  if (a[0] !== b[0]) return a[0] > b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return a[2] - b[2];
}

/** -0 is the same key as 0 and comes back out as 0. */
const normal = (key: Key): Key => [key[0] + 0, key[1] + 0, key[2]];

class Model {
  keys: Key[] = [];

  /** Keys strictly before `key`. */
  rank(key: Key): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(this.keys[mid], key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  has(key: Key): boolean {
    const i = this.rank(key);
    return i < this.keys.length && compare(this.keys[i], key) === 0;
  }

  add(key: Key): boolean {
    if (this.has(key)) return false;
    this.keys.splice(this.rank(key), 0, normal(key));
    return true;
  }

  delete(key: Key): boolean {
    if (!this.has(key)) return false;
    this.keys.splice(this.rank(key), 1);
    return true;
  }

  /** The groups holding (at, id). */
  groupsOf(at: number, id: number): number[] {
    return this.keys.filter((key) => key[1] === at && key[2] === id).map((key) => key[0]);
  }
}

/** The set agrees with the model: invariants, size, entries, and the rank of every entry. */
function assertSame(set: RankedSet, model: Model): void {
  set.checkInvariants();
  assert.equal(set.size, model.keys.length);
  assert.deepEqual([...set.entries()], model.keys);
  for (const [index, key] of model.keys.entries()) assert.equal(set.rank(...key), index);
}

type Op =
  | { kind: 'add' | 'delete' | 'has' | 'rank'; key: Key; pick: number | null }
  | { kind: 'groupOf'; key: Key; pick: number | null; hints: number[] | null };

/** Runs `ops`, comparing each answer and (every `every` steps) the whole set with the model. */
function run(set: RankedSet, model: Model, ops: Op[], every = 1): void {
  ops.forEach((op, step) => {
    // Half of the operations aim at a present key, as a large key space would hardly hit one.
    const key = op.pick !== null && model.keys.length > 0 ? model.keys[op.pick % model.keys.length] : op.key;
    const where = `step ${step}: ${op.kind} ${key.join(', ')}`;
    switch (op.kind) {
      case 'add':
        assert.equal(set.add(...key), model.add(key), where);
        break;
      case 'delete':
        assert.equal(set.delete(...key), model.delete(key), where);
        break;
      case 'has':
        assert.equal(set.has(...key), model.has(key), where);
        break;
      case 'rank':
        assert.equal(set.rank(...key), model.rank(key), where);
        break;
      case 'groupOf': {
        const found = set.groupOf(key[1], key[2], op.hints ?? undefined);
        const holding = model.groupsOf(key[1], key[2]);
        const hinted = (op.hints ?? []).find((hint) => holding.includes(hint));
        if (holding.length === 0) assert.equal(found, undefined, where);
        else if (hinted !== undefined) assert.equal(found, hinted + 0, where);
        else assert.ok(found !== undefined && holding.includes(found), where);
        break;
      }
    }
    if (step % every === 0 || step === ops.length - 1) assertSame(set, model);
  });
}

const smallKey: fc.Arbitrary<Key> = fc.tuple(fc.constantFrom(-2, -1, -0, 0, 1, 2), fc.constantFrom(-Infinity, -1, -0, 0, 1.5, 2), fc.integer({ min: 1, max: 4 }));
const largeKey: fc.Arbitrary<Key> = fc.tuple(
  fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, -1e300, 1e300, 2 ** 60)),
  fc.oneof(fc.double({ noNaN: true }), fc.constant(-Infinity), fc.integer({ min: 1.7e12, max: 1.8e12 })),
  fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
);

/** Operations, mostly adds; with `deleting`, mostly deletes of present keys. */
function ops(key: fc.Arbitrary<Key>, maxLength: number, deleting = false): fc.Arbitrary<Op[]> {
  const pick = fc.option(fc.nat(), { nil: null, freq: 2 });
  const hints = fc.option(fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), key.map((k) => k[0])), { maxLength: 3 }), { nil: null });
  const op = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('add' as const), key, pick: fc.constant(null) }), weight: deleting ? 1 : 4 },
    { arbitrary: fc.record({ kind: fc.constant('delete' as const), key, pick: deleting ? fc.nat() : pick }), weight: deleting ? 6 : 2 },
    { arbitrary: fc.record({ kind: fc.constantFrom('has' as const, 'rank' as const), key, pick }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('groupOf' as const), key, pick, hints }), weight: 1 },
  );
  // size 'max': fast-check's default size would cap the arrays at ~10 operations.
  return fc.array(op, { maxLength, size: 'max' });
}

const blockSizes = fc.constantFrom(4, 5, 8, 16, 1024);

/** A failing run of hundreds of operations shrinks for minutes: stop at 30 s and report what it has. */
const withinTime = (numRuns: number) => ({ numRuns, plugins: [fc.interruptAfterTimeLimit(30_000, { failOnInterrupt: true })] });

describe('RankedSet', () => {
  test('random operations over a small key space match the model', () => {
    fc.assert(
      fc.property(blockSizes, ops(smallKey, 200), (blockSize, sequence) => {
        run(new RankedSet(blockSize), new Model(), sequence);
      }),
      withinTime(150),
    );
  });

  test('random operations over a large key space match the model', () => {
    fc.assert(
      fc.property(blockSizes, ops(largeKey, 400), (blockSize, sequence) => {
        run(new RankedSet(blockSize), new Model(), sequence, 5);
      }),
      withinTime(100),
    );
  });

  test('random operations on a few crowded groups (blocks split, merge and empty) match the model', () => {
    const crowdedKey: fc.Arbitrary<Key> = fc.tuple(
      fc.constantFrom(-1, 0, 1),
      fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(-Infinity)),
      fc.integer({ min: 1, max: 30 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(4, 5, 8, 16), ops(crowdedKey, 500), ops(crowdedKey, 500, true), (blockSize, growing, shrinking) => {
        const set = new RankedSet(blockSize);
        const model = new Model();
        run(set, model, growing, 7);
        run(set, model, shrinking, 7);
      }),
      withinTime(60),
    );
  });

  test('slice(from, count) is the ids of entries() from `from`, whole groups and blocks skipped', () => {
    const crowdedKey: fc.Arbitrary<Key> = fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 400 }));
    fc.assert(
      fc.property(fc.constantFrom(4, 5, 8), ops(crowdedKey, 300), fc.nat(320), fc.integer({ min: -2, max: 60 }), (blockSize, sequence, from, count) => {
        const set = new RankedSet(blockSize);
        run(set, new Model(), sequence, 50);
        const ids = Array.from(set.entries(), ([, , id]) => id);
        assert.deepEqual(set.slice(from, count), count <= 0 ? [] : ids.slice(from, from + count));
      }),
      withinTime(30),
    );
    assert.deepEqual(new RankedSet().slice(0, 10), []);
  });

  test('from on shuffled input equals adding one by one, and keeps working after', () => {
    fc.assert(
      fc.property(
        blockSizes,
        fc.array(fc.oneof(smallKey, largeKey), { maxLength: 300, size: 'max' }).chain((keys) => fc.tuple(fc.constant(keys), fc.shuffledSubarray(keys, { minLength: keys.length }))),
        ops(largeKey, 100),
        (blockSize, [keys, shuffled], after) => {
          const built = RankedSet.from(
            shuffled.map((key) => key[0]),
            shuffled.map((key) => key[1]),
            shuffled.map((key) => key[2]),
            blockSize,
          );
          const model = new Model();
          const added = new RankedSet(blockSize);
          for (const key of keys) {
            model.add(key);
            added.add(...key);
          }
          assertSame(built, model);
          assert.deepEqual([...built.entries()], [...added.entries()]);
          // A built set's blocks start full to the byte: the first changes regrow and split them.
          run(built, model, after, 10);
        },
      ),
      withinTime(100),
    );
  });

  test('from on a large shuffled input equals the sorted input', () => {
    const n = 30_000;
    const keys: Key[] = Array.from({ length: n }, (_, i) => [i % 7 === 0 ? 0 : (i * 7919) % 13, 1.7e12 + ((i * 104729) % 5000), i + 1]);
    keys.push([3, -Infinity, 1], [3, -Infinity, 1], [-5, 2, 2]); // a duplicate key counts once
    const shuffled = [...keys];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = (i * 48271) % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const set = RankedSet.from(
      shuffled.map((key) => key[0]),
      shuffled.map((key) => key[1]),
      shuffled.map((key) => key[2]),
    );
    const model = new Model();
    model.keys = [...new Map(keys.map((key) => [key.join(), key])).values()].sort(compare);
    assertSame(set, model);
  });

  test('-Infinity at sorts first in its group; -0 is 0', () => {
    const set = new RankedSet();
    set.add(1, 1000, 5);
    set.add(1, -Infinity, 9);
    set.add(1, -Infinity, 7);
    set.add(2, 5000, 1);
    set.add(0, -Infinity, 3);
    assert.deepEqual(
      [...set.entries()],
      [
        [2, 5000, 1],
        [1, -Infinity, 7],
        [1, -Infinity, 9],
        [1, 1000, 5],
        [0, -Infinity, 3],
      ],
    );
    assert.equal(set.rank(1, -Infinity, 7), 1);
    assert.equal(set.rank(1, -Infinity, 8), 2);
    assert.equal(set.rank(1, -Infinity, 1), 1);
    assert.equal(set.rank(0, -Infinity, 1), 4);
    assert.equal(set.add(-0, -0, 11), true);
    assert.equal(set.add(0, 0, 11), false);
    assert.equal(set.has(0, -0, 11), true);
    assert.deepEqual([...set.entries()].at(-1), [0, 0, 11]);
    assert.equal(Object.is([...set.entries()].at(-1)![0], 0), true);
    assert.equal(set.delete(-0, 0, 11), true);
    set.checkInvariants();
  });

  test('negative and large groups', () => {
    const groups = [-(2 ** 53), -1e300, -7, -1, 0, 3, 2 ** 53, 1e300, Number.MAX_SAFE_INTEGER];
    const set = new RankedSet(4);
    const model = new Model();
    for (const [i, group] of groups.entries()) {
      for (let id = 1; id <= 6; id++) {
        const key: Key = [group, 1.7e12 + ((id * 31 + i) % 5), id * 100 + i];
        assert.equal(set.add(...key), model.add(key));
      }
    }
    assertSame(set, model);
    assert.deepEqual(
      [...new Set([...set.entries()].map((entry) => entry[0]))],
      [...groups].sort((a, b) => b - a),
    );
    assert.equal(set.rank(1e301, 0, 1), 0); // above every group
    assert.equal(set.rank(-1e301, 0, 1), set.size); // below every group
    assert.equal(set.rank(-2, 0, 1), 6 * 6); // between groups: -1, 0, 3 and the three large ones
  });

  test('many distinct groups (6,000): ranks, then every group emptied', () => {
    const set = new RankedSet(8);
    const model = new Model();
    const keys: Key[] = [];
    for (let i = 0; i < 15_000; i++) keys.push([((i * 7919) % 6000) - 1000, 1.7e12 + (i % 97), i + 1]);
    for (const key of keys) {
      set.add(...key);
      model.add(key);
    }
    assert.equal(set.checkInvariants(), 6000);
    assertSame(set, model);
    for (let group = -1002; group < 5002; group += 1) assert.equal(set.rank(group, 0, 0), model.rank([group, 0, 0]));
    assertSame(RankedSet.from(keys.map((k) => k[0]), keys.map((k) => k[1]), keys.map((k) => k[2])), model);
    // Remove them group by group in a scattered order: blocks of the group order empty here and there.
    keys.sort((a, b) => ((a[0] * 2654435761) % 6007) - ((b[0] * 2654435761) % 6007) || a[2] - b[2]);
    for (const [i, key] of keys.entries()) {
      assert.equal(set.delete(...key), true);
      model.delete(key);
      if (i % 1500 === 0) {
        assertSame(set, model);
        assert.equal(set.rank(2500, 0, 0), model.rank([2500, 0, 0]));
      }
    }
    assert.equal(set.size, 0);
    assert.equal(set.checkInvariants(), 0);
    assert.deepEqual([...set.entries()], []);
    assert.equal(set.rank(0, 0, 1), 0);
  });

  test('one big group: blocks split on inserts, merge and empty on deletes', () => {
    for (const blockSize of [8, 16, 1024]) {
      const set = new RankedSet(blockSize);
      const model = new Model();
      const n = blockSize === 1024 ? 12_000 : 2_500;
      // Appends (new signups), then inserts all over (late imports, clock skew).
      const keys: Key[] = [];
      for (let i = 0; i < n; i++) keys.push([0, 1.7e12 + i * 1000, i + 1]);
      for (let i = 0; i < n; i++) keys.push([0, 1.7e12 + ((i * 7919) % n) * 1000 + 500, n + i + 1]);
      for (const [i, key] of keys.entries()) {
        set.add(...key);
        model.add(key);
        if (i % 997 === 0) set.checkInvariants();
      }
      assertSame(set, model);
      // Deletes: a run from the middle (emptied blocks), then every other one (merges), then the rest.
      const order = [...model.keys.slice(n / 2, n), ...model.keys.filter((_, i) => i % 2 === 0), ...model.keys];
      for (const [i, key] of order.entries()) {
        assert.equal(set.delete(...key), model.delete(key));
        if (i % 211 === 0) {
          set.checkInvariants();
          const probe = model.keys[(i * 31) % Math.max(1, model.keys.length)] ?? key;
          assert.equal(set.rank(...probe), model.rank(probe));
        }
      }
      assert.equal(set.size, 0);
      assert.equal(set.checkInvariants(), 0);
      assert.equal(set.has(...keys[0]), false);
      assert.equal(set.add(...keys[0]), true);
      assertSame(set, (() => { const m = new Model(); m.add(keys[0]); return m; })());
    }
  });

  test('groupOf: right hints, wrong hints, no hints', () => {
    const set = new RankedSet(4);
    for (let group = 0; group < 50; group++) {
      for (let id = 1; id <= 10; id++) set.add(group, 1.7e12 + id, group * 100 + id);
    }
    set.add(7, 1.7e12 + 1, 3101); // (at, id) held by two groups: the hint decides
    set.add(31, 1.7e12 + 1, 3101);
    assert.equal(set.groupOf(1.7e12 + 5, 1205, [12]), 12);
    assert.equal(set.groupOf(1.7e12 + 5, 1205, [3, 12, 4]), 12);
    assert.equal(set.groupOf(1.7e12 + 5, 1205, new Set([-4, 99, 13])), 12);
    assert.equal(set.groupOf(1.7e12 + 5, 1205, []), 12);
    assert.equal(set.groupOf(1.7e12 + 5, 1205), 12);
    assert.equal(set.groupOf(1.7e12 + 1, 3101, [31]), 31);
    assert.equal(set.groupOf(1.7e12 + 1, 3101, [7, 31]), 7);
    assert.ok([7, 31].includes(set.groupOf(1.7e12 + 1, 3101)!));
    assert.equal(set.groupOf(1.7e12 + 6, 1205, [12]), undefined); // right id, wrong at
    assert.equal(set.groupOf(1.7e12 + 5, 999_999), undefined);
    assert.equal(set.groupOf(1.7e12 + 1, 1, [-0]), 0);
    set.delete(12, 1.7e12 + 5, 1205);
    assert.equal(set.groupOf(1.7e12 + 5, 1205, [12]), undefined);
  });
});
