import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Errors } from '../../../src/primitives/errors.ts';
import { checkLeaderboardName, LEADERBOARD_NAME_MAX_LENGTH } from '../../../src/modules/testers/leaderboard-name.ts';

const refusal = (text: string) => {
  const checked = checkLeaderboardName(text);
  assert.ok('error' in checked, JSON.stringify(text));
  assert.equal(checked.error.code, Errors.leaderboardNameInvalid.code);
  return checked.error.message;
};

test('a name is trimmed; null, empty or only spaces is none', () => {
  assert.deepEqual(checkLeaderboardName('  Ann Lee  '), { name: 'Ann Lee' });
  for (const none of [null, '', '   ']) assert.deepEqual(checkLeaderboardName(none), { name: null });
});

test('at most 40 characters, counted as people count them (code points), spaces around not counted', () => {
  assert.equal(LEADERBOARD_NAME_MAX_LENGTH, 40);
  assert.deepEqual(checkLeaderboardName(`  ${'é'.repeat(40)}  `), { name: 'é'.repeat(40) });
  assert.deepEqual(checkLeaderboardName('😀'.repeat(40)), { name: '😀'.repeat(40) });
  assert.equal(refusal('😀'.repeat(41)), 'Leaderboard name is invalid: it is 41 characters long; at most 40 are allowed');
});

test('control characters, line separators and bidirectional overrides are refused, named by code point', () => {
  for (const [text, point] of [
    ['a\tb', 'U+0009'],
    ['a\nb', 'U+000A'],
    ['a\u001bb', 'U+001B'],
    ['a\u007fb', 'U+007F'],
    ['a\u0085b', 'U+0085'],
    ['a\u2028b', 'U+2028'],
    ['a\u202eb', 'U+202E'],
    ['a\u2067b', 'U+2067'],
  ]) {
    assert.match(refusal(text), new RegExp(`control character \\(${point.replace('+', '\\+')}\\)`));
  }
  // Joiners and variation selectors are part of ordinary emoji and scripts: kept.
  assert.deepEqual(checkLeaderboardName('👩‍🚀 Zoë ❤️'), { name: '👩‍🚀 Zoë ❤️' });
});
