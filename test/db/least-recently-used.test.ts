// The bounded memo behind the SQLite statement cache and the compiled statements' variants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leastRecentlyUsed } from '../../src/db/least-recently-used.ts';

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
