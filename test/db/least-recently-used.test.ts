// Bounded memory: the map behind the per-beta caches, and the memo behind the SQLite statement cache and the compiled statements' variants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LeastRecentlyUsed, leastRecentlyUsed } from '../../src/db/engine/least-recently-used.ts';

test('made once per key while it stays among the most recently used; the least recently used is forgotten first', () => {
  const made: string[] = [];
  const memo = leastRecentlyUsed(2, (key: string) => {
    made.push(key);
    return { key };
  });
  const a = memo('a');
  assert.equal(memo('a'), a, 'the same value again');
  memo('b');
  memo('a'); // a is now the most recently used: b goes first
  memo('c');
  assert.equal(memo('a'), a, 'a was kept');
  memo('b');
  assert.deepEqual(made, ['a', 'b', 'c', 'b'], 'b was made again after it was forgotten');
});

test('the map keeps at most its limit, forgetting the least recently read or written first', () => {
  const kept = new LeastRecentlyUsed<number, string>(2);
  kept.set(1, 'one');
  kept.set(2, 'two');
  assert.equal(kept.get(1), 'one'); // 1 is now the most recently used: 2 goes first
  kept.set(3, 'three');
  assert.equal(kept.size, 2);
  assert.deepEqual([kept.get(1), kept.get(2), kept.get(3)], ['one', undefined, 'three']);
  kept.set(1, 'uno'); // written again: the most recent, with its new value
  kept.set(4, 'four');
  assert.deepEqual([kept.get(1), kept.get(3), kept.get(4)], ['uno', undefined, 'four']);
  assert.equal(kept.delete(1), true);
  assert.equal(kept.delete(1), false);
  assert.equal(kept.size, 1);
});
