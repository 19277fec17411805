// The in-memory order-statistics index of a beta's waitlist: keys (group, at, id), higher group
// first, then earlier at, then lower id. A tester's position is rank() + 1.
//
// Entries are partitioned by group. A group's (at, id) pairs live in sorted blocks, as in Python's
// sortedcontainers SortedList: each block is one Float64Array of interleaved at/id (16 bytes an
// entry plus a little room, no JS object per entry), and a Fenwick tree over the block lengths
// counts the entries before a block in O(log blocks). The distinct groups are kept the same way:
// small sorted blocks of groups, with a Fenwick tree over the blocks' entry counts. Both trees are
// rebuilt lazily after a block splits, merges or goes away, so a run of changes pays once.

/** Entries in a full block: an insert shifts at most this many, a search does ~log2 of it. */
const DEFAULT_BLOCK_SIZE = 1024;
/** Distinct groups in a full block of the group order (few groups; a short linear sum is fine). */
const GROUP_BLOCK_SIZE = 64;
/** Room a new or regrown block starts with, in entries, before it grows again. */
const MIN_ROOM = 4;

/** (at1, id1) before (at2, id2) within a group. */
function before(at1: number, id1: number, at2: number, id2: number): boolean {
  return at1 < at2 || (at1 === at2 && id1 < id2);
}

/** Room to leave after `n` entries when a block is (re)allocated: 1/8, so memory stays near 16 B an entry. */
function room(n: number): number {
  return Math.max(MIN_ROOM, n >> 3);
}

/** The first entry of `block` (length `len`) that is not before (at, id). */
function lowerBound(block: Float64Array, len: number, at: number, id: number): number {
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(block[2 * mid], block[2 * mid + 1], at, id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A copy of `pairs` (interleaved) with room for `capacity` entries. */
function blockOf(pairs: Float64Array, capacity: number): Float64Array {
  const block = new Float64Array(2 * capacity);
  block.set(pairs);
  return block;
}

// Fenwick trees, 1-based: tree[i] sums the `i & -i` values ending at value i - 1.
function fenwick(values: ArrayLike<number>): Float64Array {
  const tree = new Float64Array(values.length + 1);
  for (let i = 1; i < tree.length; i++) {
    tree[i] += values[i - 1];
    const up = i + (i & -i);
    if (up < tree.length) tree[up] += tree[i];
  }
  return tree;
}

function fenwickAdd(tree: Float64Array, index: number, delta: number): void {
  for (let i = index + 1; i < tree.length; i += i & -i) tree[i] += delta;
}

/** The sum of the first `count` values. */
function fenwickSum(tree: Float64Array, count: number): number {
  let sum = 0;
  for (let i = count; i > 0; i -= i & -i) sum += tree[i];
  return sum;
}

/** One group's entries: sorted blocks of (at, id). Never empty while the set holds it. */
class Group {
  /** Interleaved at/id; a block's capacity (length / 2) may exceed its entry count. */
  blocks: Float64Array[] = [];
  lens: number[] = [];
  size = 0;
  /** Over lens; null when stale. */
  private tree: Float64Array | null = null;

  constructor(
    readonly value: number,
    private readonly max: number,
  ) {}

  /** A group holding the sorted, distinct pairs [from, to) of `pairs`, cut into half-full blocks. */
  static fromSorted(value: number, max: number, pairs: Float64Array, from: number, to: number): Group {
    const group = new Group(value, max);
    const fill = Math.max(1, max >> 1);
    for (let start = from; start < to; start += fill) {
      const end = Math.min(to, start + fill);
      // Exact capacity: the first insert into a block regrows it; a start-up build stays at 16 B.
      group.blocks.push(pairs.slice(2 * start, 2 * end));
      group.lens.push(end - start);
    }
    group.size = to - from;
    return group;
  }

  /** The last block whose first entry is not after (at, id); 0 when there is none. */
  private find(at: number, id: number): number {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const first = blocks[mid];
      if (before(at, id, first[0], first[1])) hi = mid - 1;
      else lo = mid;
    }
    return lo;
  }

  /** Entries in the blocks before block `k`. */
  private ahead(k: number): number {
    if (k === 0) return 0;
    if (k === 1) return this.lens[0];
    this.tree ??= fenwick(this.lens);
    return fenwickSum(this.tree, k);
  }

  has(at: number, id: number): boolean {
    const k = this.find(at, id);
    const block = this.blocks[k];
    const j = lowerBound(block, this.lens[k], at, id);
    return j < this.lens[k] && block[2 * j] === at && block[2 * j + 1] === id;
  }

  rank(at: number, id: number): number {
    const k = this.find(at, id);
    return this.ahead(k) + lowerBound(this.blocks[k], this.lens[k], at, id);
  }

  add(at: number, id: number): boolean {
    const last = this.blocks.length - 1;
    if (last < 0) {
      this.blocks.push(new Float64Array(2 * MIN_ROOM));
      this.lens.push(0);
      this.insert(0, 0, at, id);
      return true;
    }
    // A new signup lands after everyone of its group: no search.
    const tail = this.blocks[last];
    const tailLen = this.lens[last];
    if (before(tail[2 * tailLen - 2], tail[2 * tailLen - 1], at, id)) {
      this.insert(last, tailLen, at, id);
      return true;
    }
    const k = this.find(at, id);
    const block = this.blocks[k];
    const j = lowerBound(block, this.lens[k], at, id);
    if (j < this.lens[k] && block[2 * j] === at && block[2 * j + 1] === id) return false;
    this.insert(k, j, at, id);
    return true;
  }

  private insert(k: number, j: number, at: number, id: number): void {
    let len = this.lens[k];
    const appending = j === len && k === this.blocks.length - 1;
    if (len >= this.max) {
      if (appending) {
        // Past a full last block: a new block, so appends leave full blocks behind, not halves.
        this.blocks.push(new Float64Array(2 * MIN_ROOM));
        this.lens.push(0);
        this.tree = null;
        k++;
        j = 0;
      } else {
        this.split(k);
        if (j > this.lens[k]) j -= this.lens[k++];
      }
      len = this.lens[k];
    }
    let block = this.blocks[k];
    if (2 * len === block.length) {
      // Appends double (the tail block fills fast); inserts elsewhere keep the room small.
      const capacity = Math.min(this.max, len + (appending ? Math.max(len, MIN_ROOM) : room(len)));
      block = this.blocks[k] = blockOf(block.subarray(0, 2 * len), capacity);
    }
    if (j < len) block.copyWithin(2 * j + 2, 2 * j, 2 * len);
    block[2 * j] = at;
    block[2 * j + 1] = id;
    this.lens[k] = len + 1;
    this.size++;
    if (this.tree !== null) fenwickAdd(this.tree, k, 1);
  }

  /** Block `k` into two halves, each with a little room. */
  private split(k: number): void {
    const block = this.blocks[k];
    const len = this.lens[k];
    const half = len >> 1;
    const left = blockOf(block.subarray(0, 2 * half), half + room(half));
    const right = blockOf(block.subarray(2 * half, 2 * len), len - half + room(len - half));
    this.blocks.splice(k, 1, left, right);
    this.lens.splice(k, 1, half, len - half);
    this.tree = null;
  }

  delete(at: number, id: number): boolean {
    const k = this.find(at, id);
    const block = this.blocks[k];
    let len = this.lens[k];
    const j = lowerBound(block, len, at, id);
    if (j >= len || block[2 * j] !== at || block[2 * j + 1] !== id) return false;
    block.copyWithin(2 * j, 2 * j + 2, 2 * len);
    this.lens[k] = --len;
    this.size--;
    if (len === 0) {
      this.blocks.splice(k, 1);
      this.lens.splice(k, 1);
      this.tree = null;
    } else if (len < this.max >> 3 && this.blocks.length > 1) {
      this.merge(k === this.blocks.length - 1 ? k - 1 : k);
    } else {
      // Deletions must not leave big empty arrays behind (memory per entry).
      if (block.length > 3 * len + 4 * MIN_ROOM) this.blocks[k] = blockOf(block.subarray(0, 2 * len), len + room(len));
      if (this.tree !== null) fenwickAdd(this.tree, k, -1);
    }
    return true;
  }

  /** Blocks `k` and `k + 1` into one, or into two even halves when one would be too full. */
  private merge(k: number): void {
    const a = this.lens[k];
    const b = this.lens[k + 1];
    const total = a + b;
    const both = new Float64Array(2 * (total + room(total)));
    both.set(this.blocks[k].subarray(0, 2 * a));
    both.set(this.blocks[k + 1].subarray(0, 2 * b), 2 * a);
    this.blocks.splice(k, 2, both);
    this.lens.splice(k, 2, total);
    this.tree = null;
    // Over 3/4 full it would split again soon: halves now.
    if (total > (3 * this.max) >> 2) this.split(k);
  }

  /** Throws when a block is empty, too full, out of order or miscounted. */
  check(): void {
    const fail = (what: string) => {
      throw new Error(`RankedSet group ${this.value}: ${what}`);
    };
    if (this.blocks.length === 0 || this.blocks.length !== this.lens.length) fail('no blocks, or lens out of step');
    let total = 0;
    let lastAt = -Infinity;
    let lastId = 0;
    for (let k = 0; k < this.blocks.length; k++) {
      const block = this.blocks[k];
      const len = this.lens[k];
      if (!(len >= 1 && len <= this.max && 2 * len <= block.length)) fail(`block ${k} holds ${len} of ${block.length / 2}`);
      for (let j = 0; j < len; j++) {
        if ((k > 0 || j > 0) && !before(lastAt, lastId, block[2 * j], block[2 * j + 1])) fail(`block ${k} entry ${j} out of order`);
        lastAt = block[2 * j];
        lastId = block[2 * j + 1];
      }
      if (this.tree !== null && fenwickSum(this.tree, k + 1) !== total + len) fail(`tree miscounts block ${k}`);
      total += len;
    }
    if (total !== this.size) fail(`size ${this.size}, blocks hold ${total}`);
  }

  /** The ids of entries [from, from + count) of this group, in order, appended to `into`; whole blocks before `from` are skipped. */
  idsFrom(from: number, count: number, into: number[]): void {
    let k = 0;
    while (k < this.blocks.length && from >= this.lens[k]) from -= this.lens[k++];
    for (; k < this.blocks.length && count > 0; k++, from = 0) {
      const block = this.blocks[k];
      for (let j = from; j < this.lens[k] && count > 0; j++, count--) into.push(block[2 * j + 1]);
    }
  }

  *pairs(): Generator<[at: number, id: number]> {
    for (let k = 0; k < this.blocks.length; k++) {
      const block = this.blocks[k];
      for (let j = 0; j < this.lens[k]; j++) yield [block[2 * j], block[2 * j + 1]];
    }
  }
}

/** The distinct groups, highest first, in small blocks, with their entry counts. */
class GroupOrder {
  // Parallel per block: the group values, their entry counts (a rank sums them without touching
  // the Group objects, scattered in memory), and the groups themselves (for iteration).
  private values: number[][] = [];
  private counts: number[][] = [];
  private members: Group[][] = [];
  /** Each block's first value, for the search. */
  private firsts: number[] = [];
  /** Entries per block; a Fenwick tree over them (null when stale). */
  private sums: number[] = [];
  private tree: Float64Array | null = null;

  /** `groups` highest first, none empty. */
  static fromSorted(groups: Group[]): GroupOrder {
    const order = new GroupOrder();
    const fill = GROUP_BLOCK_SIZE >> 1;
    for (let start = 0; start < groups.length; start += fill) {
      const members = groups.slice(start, start + fill);
      order.members.push(members);
      order.values.push(members.map((group) => group.value));
      order.counts.push(members.map((group) => group.size));
      order.firsts.push(members[0].value);
      order.sums.push(members.reduce((sum, group) => sum + group.size, 0));
    }
    return order;
  }

  /** The last block whose first group is not below `value`; 0 when there is none. */
  private find(value: number): number {
    const firsts = this.firsts;
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firsts[mid] >= value) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Groups of block `k` above `value`: where `value` is or would be. */
  private above(k: number, value: number): number {
    const values = this.values[k];
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid] > value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Entries in groups above `value`. */
  countAbove(value: number): number {
    if (this.firsts.length === 0) return 0;
    const k = this.find(value);
    let sum = 0;
    if (k > 0) {
      this.tree ??= fenwick(this.sums);
      sum = fenwickSum(this.tree, k);
    }
    const values = this.values[k];
    const counts = this.counts[k];
    for (let j = 0; j < values.length && values[j] > value; j++) sum += counts[j];
    return sum;
  }

  /** The group of `value` (present) changed size by `delta`. */
  resized(value: number, delta: number): void {
    const k = this.find(value);
    this.counts[k][this.above(k, value)] += delta;
    this.sums[k] += delta;
    if (this.tree !== null) fenwickAdd(this.tree, k, delta);
  }

  insert(group: Group): void {
    if (this.firsts.length === 0) {
      this.values.push([group.value]);
      this.counts.push([group.size]);
      this.members.push([group]);
      this.firsts.push(group.value);
      this.sums.push(group.size);
      this.tree = null;
      return;
    }
    const k = this.find(group.value);
    const j = this.above(k, group.value);
    const values = this.values[k];
    values.splice(j, 0, group.value);
    this.counts[k].splice(j, 0, group.size);
    this.members[k].splice(j, 0, group);
    if (j === 0) this.firsts[k] = group.value;
    this.sums[k] += group.size;
    if (values.length > GROUP_BLOCK_SIZE) {
      const half = values.length >> 1;
      const counts = this.counts[k].splice(half);
      const sum = counts.reduce((total, count) => total + count, 0);
      this.values.splice(k + 1, 0, values.splice(half));
      this.counts.splice(k + 1, 0, counts);
      this.members.splice(k + 1, 0, this.members[k].splice(half));
      this.firsts.splice(k + 1, 0, this.values[k + 1][0]);
      this.sums.splice(k, 1, this.sums[k] - sum, sum);
      this.tree = null;
    } else if (this.tree !== null) {
      fenwickAdd(this.tree, k, group.size);
    }
  }

  remove(group: Group): void {
    const k = this.find(group.value);
    const j = this.above(k, group.value);
    const values = this.values[k];
    values.splice(j, 1);
    this.counts[k].splice(j, 1);
    this.members[k].splice(j, 1);
    this.sums[k] -= group.size;
    if (values.length === 0) {
      this.values.splice(k, 1);
      this.counts.splice(k, 1);
      this.members.splice(k, 1);
      this.firsts.splice(k, 1);
      this.sums.splice(k, 1);
      this.tree = null;
    } else {
      this.firsts[k] = values[0];
      if (this.tree !== null) fenwickAdd(this.tree, k, -group.size);
    }
  }

  /** Throws when the groups are out of order, empty or miscounted; returns how many there are. */
  check(): number {
    const fail = (what: string) => {
      throw new Error(`RankedSet group order: ${what}`);
    };
    const blocks = this.values.length;
    if (this.counts.length !== blocks || this.members.length !== blocks || this.firsts.length !== blocks || this.sums.length !== blocks) fail('blocks out of step');
    let count = 0;
    let sum = 0;
    let last = Infinity;
    for (let k = 0; k < blocks; k++) {
      const values = this.values[k];
      const members = this.members[k];
      if (values.length === 0 || values.length > GROUP_BLOCK_SIZE || values.length !== members.length || values.length !== this.counts[k].length) fail(`block ${k} holds ${values.length}`);
      if (this.firsts[k] !== values[0]) fail(`block ${k} starts at ${values[0]}, not ${this.firsts[k]}`);
      let blockSum = 0;
      for (let j = 0; j < values.length; j++) {
        if (!(values[j] < last) || members[j].value !== values[j]) fail(`group ${values[j]} misplaced`);
        if (members[j].size === 0 || this.counts[k][j] !== members[j].size) fail(`group ${values[j]} empty or miscounted`);
        last = values[j];
        blockSum += members[j].size;
      }
      if (blockSum !== this.sums[k]) fail(`block ${k} sums ${this.sums[k]}, holds ${blockSum}`);
      sum += blockSum;
      if (this.tree !== null && fenwickSum(this.tree, k + 1) !== sum) fail(`tree miscounts block ${k}`);
      count += values.length;
    }
    return count;
  }

  *groups(): Generator<Group> {
    for (const members of this.members) yield* members;
  }
}

function checkKey(group: number, at: number, id: number): void {
  if (!Number.isInteger(group)) throw new RangeError(`RankedSet: group must be an integer, not ${group}`);
  if (Number.isNaN(at)) throw new RangeError('RankedSet: at must be a number, not NaN');
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`RankedSet: id must be a positive integer below 2^53, not ${id}`);
}

/** Pairs sorted by insertion before the merging starts. */
const RUN = 32;

/**
 * Sorts the pairs [from, to) of `pairs` (interleaved at, id) by (at, id): a bottom-up merge sort
 * (no recursion, n log n at worst) through `spare`, which is as long as `pairs`.
 */
function sortPairs(pairs: Float64Array, from: number, to: number, spare: Float64Array): void {
  for (let lo = from; lo < to; lo += RUN) insertionSort(pairs, lo, Math.min(to, lo + RUN));
  let source = pairs;
  let target = spare;
  for (let width = RUN; width < to - from; width *= 2) {
    for (let lo = from; lo < to; lo += 2 * width) merge(source, target, lo, Math.min(to, lo + width), Math.min(to, lo + 2 * width));
    [source, target] = [target, source];
  }
  if (source !== pairs) pairs.set(source.subarray(2 * from, 2 * to), 2 * from);
}

function insertionSort(pairs: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const at = pairs[2 * i];
    const id = pairs[2 * i + 1];
    let j = i - 1;
    for (; j >= lo && before(at, id, pairs[2 * j], pairs[2 * j + 1]); j--) {
      pairs[2 * j + 2] = pairs[2 * j];
      pairs[2 * j + 3] = pairs[2 * j + 1];
    }
    pairs[2 * j + 2] = at;
    pairs[2 * j + 3] = id;
  }
}

/** The sorted runs [lo, mid) and [mid, hi) of `source` into [lo, hi) of `target`. */
function merge(source: Float64Array, target: Float64Array, lo: number, mid: number, hi: number): void {
  // Runs already in order (input that is mostly sorted): one copy.
  if (mid === hi || !before(source[2 * mid], source[2 * mid + 1], source[2 * mid - 2], source[2 * mid - 1])) {
    target.set(source.subarray(2 * lo, 2 * hi), 2 * lo);
    return;
  }
  let i = lo;
  let j = mid;
  let k = lo;
  for (; i < mid && j < hi; k++) {
    if (before(source[2 * j], source[2 * j + 1], source[2 * i], source[2 * i + 1])) {
      target[2 * k] = source[2 * j];
      target[2 * k + 1] = source[2 * j + 1];
      j++;
    } else {
      target[2 * k] = source[2 * i];
      target[2 * k + 1] = source[2 * i + 1];
      i++;
    }
  }
  if (i < mid) target.set(source.subarray(2 * i, 2 * mid), 2 * k);
  else target.set(source.subarray(2 * j, 2 * hi), 2 * k);
}

/**
 * The waitlist order over keys (group, at, id): higher group first, then earlier `at` (epoch ms;
 * -Infinity sorts first), then lower id. rank() counts the keys ahead of one, present or not.
 */
export class RankedSet {
  #groups = new Map<number, Group>();
  #order = new GroupOrder();
  #size = 0;
  readonly #blockSize: number;

  /** `blockSize` (entries per full block) is for tests, which need splits and merges on small sets. */
  constructor(blockSize = DEFAULT_BLOCK_SIZE) {
    if (!Number.isInteger(blockSize) || blockSize < 4) throw new RangeError(`RankedSet: blockSize must be an integer ≥ 4, not ${blockSize}`);
    this.#blockSize = blockSize;
  }

  get size(): number {
    return this.#size;
  }

  /** Adds the key; false (and no change) when that exact key is already present. */
  add(group: number, at: number, id: number): boolean {
    checkKey(group, at, id);
    // -0 would be the same key as 0 but come back out of entries() as -0.
    group += 0;
    at += 0;
    let entries = this.#groups.get(group);
    if (entries === undefined) {
      entries = new Group(group, this.#blockSize);
      entries.add(at, id);
      this.#groups.set(group, entries);
      this.#order.insert(entries);
    } else {
      if (!entries.add(at, id)) return false;
      this.#order.resized(group, 1);
    }
    this.#size++;
    return true;
  }

  /** Removes the key; false when absent. */
  delete(group: number, at: number, id: number): boolean {
    const entries = this.#groups.get(group);
    if (entries === undefined || !entries.delete(at, id)) return false;
    this.#size--;
    this.#order.resized(entries.value, -1);
    if (entries.size === 0) {
      this.#groups.delete(group);
      this.#order.remove(entries);
    }
    return true;
  }

  has(group: number, at: number, id: number): boolean {
    return this.#groups.get(group)?.has(at, id) ?? false;
  }

  /** How many entries come strictly before the key in set order; the key itself need not be present. */
  rank(group: number, at: number, id: number): number {
    const entries = this.#groups.get(group);
    return this.#order.countAbove(group) + (entries === undefined ? 0 : entries.rank(at, id));
  }

  /**
   * The group of the entry with this (at, id), or undefined when there is none: tries the `hints`
   * groups first (cheap: one lookup each), then every group the set holds.
   */
  groupOf(at: number, id: number, hints?: Iterable<number>): number | undefined {
    if (hints !== undefined) {
      for (const hint of hints) {
        if (this.#groups.get(hint)?.has(at, id)) return hint + 0;
      }
    }
    for (const entries of this.#groups.values()) {
      if (entries.has(at, id)) return entries.value;
    }
    return undefined;
  }

  /**
   * For tests: throws when an internal invariant is broken (order, counts, the Fenwick trees, an
   * empty group or block kept); returns the number of distinct groups held. O(n).
   */
  checkInvariants(): number {
    const groups = this.#order.check();
    if (groups !== this.#groups.size) throw new Error(`RankedSet: ${this.#groups.size} groups mapped, ${groups} ordered`);
    let size = 0;
    for (const entries of this.#order.groups()) {
      if (this.#groups.get(entries.value) !== entries) throw new Error(`RankedSet: group ${entries.value} not mapped`);
      entries.check();
      size += entries.size;
    }
    if (size !== this.#size) throw new Error(`RankedSet: size ${this.#size}, groups hold ${size}`);
    return groups;
  }

  /**
   * The ids of the entries ranked [from, from + count) in set order: whole groups and blocks before
   * `from` are skipped by their sizes, so a page deep in a long set costs about what the first does.
   */
  slice(from: number, count: number): number[] {
    const ids: number[] = [];
    if (from < 0 || count <= 0) return ids;
    for (const entries of this.#order.groups()) {
      if (ids.length >= count) break;
      if (from >= entries.size) {
        from -= entries.size;
        continue;
      }
      entries.idsFrom(from, count - ids.length, ids);
      from = 0;
    }
    return ids;
  }

  /** Each group's value and how many entries it holds, in set order (most first). Do not change the set while iterating. */
  *groupSizes(): IterableIterator<[group: number, size: number]> {
    for (const entries of this.#order.groups()) yield [entries.value, entries.size];
  }

  /** All entries in set order (for tests and rebuild checks). Do not change the set while iterating. */
  *entries(): IterableIterator<[group: number, at: number, id: number]> {
    for (const entries of this.#order.groups()) {
      for (const [at, id] of entries.pairs()) yield [entries.value, at, id];
    }
  }

  /** Builds a set from parallel arrays in ANY order (sorts them); faster than adding one by one. Duplicate keys count once. */
  static from(groups: ArrayLike<number>, ats: ArrayLike<number>, ids: ArrayLike<number>, blockSize = DEFAULT_BLOCK_SIZE): RankedSet {
    const n = groups.length;
    if (ats.length !== n || ids.length !== n) throw new RangeError('RankedSet.from: groups, ats and ids must have the same length');
    const set = new RankedSet(blockSize);
    if (n === 0) return set;

    // Bucket the entries by group (a counting sort): slots in order of first appearance.
    const slotOf = new Map<number, number>();
    const values: number[] = [];
    const counts: number[] = [];
    const slots = new Int32Array(n);
    let lastValue = NaN;
    let lastSlot = -1;
    for (let i = 0; i < n; i++) {
      const group = groups[i];
      checkKey(group, ats[i], ids[i]);
      // Input often comes in runs of one group: skip the map then.
      if (group !== lastValue) {
        let slot = slotOf.get(group);
        if (slot === undefined) {
          slot = values.length;
          slotOf.set(group, slot);
          values.push(group + 0);
          counts.push(0);
        }
        lastValue = group;
        lastSlot = slot;
      }
      slots[i] = lastSlot;
      counts[lastSlot]++;
    }
    const order = values.map((_, slot) => slot).sort((a, b) => (values[a] > values[b] ? -1 : 1));
    const starts = new Float64Array(values.length);
    let offset = 0;
    for (const slot of order) {
      starts[slot] = offset;
      offset += counts[slot];
    }
    const pairs = new Float64Array(2 * n);
    const next = starts.slice();
    for (let i = 0; i < n; i++) {
      const p = next[slots[i]]++;
      pairs[2 * p] = ats[i] + 0;
      pairs[2 * p + 1] = ids[i];
    }

    const built: Group[] = [];
    let spare: Float64Array | undefined;
    for (const slot of order) {
      const from = starts[slot];
      let to = from + counts[slot];
      let ascending = true;
      for (let i = from + 1; i < to && ascending; i++) {
        ascending = before(pairs[2 * i - 2], pairs[2 * i - 1], pairs[2 * i], pairs[2 * i + 1]);
      }
      if (!ascending) {
        spare ??= new Float64Array(pairs.length);
        sortPairs(pairs, from, to, spare);
        // Drop duplicate keys.
        let kept = from + 1;
        for (let i = from + 1; i < to; i++) {
          if (pairs[2 * i] === pairs[2 * kept - 2] && pairs[2 * i + 1] === pairs[2 * kept - 1]) continue;
          pairs[2 * kept] = pairs[2 * i];
          pairs[2 * kept + 1] = pairs[2 * i + 1];
          kept++;
        }
        to = kept;
      }
      const group = Group.fromSorted(values[slot], blockSize, pairs, from, to);
      set.#groups.set(group.value, group);
      set.#size += group.size;
      built.push(group);
    }
    set.#order = GroupOrder.fromSorted(built);
    return set;
  }
}
