import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, Errors } from '../../../src/primitives/errors.ts';
import { MAX_SELECTED_IDS, SELECTED_IDS_MAX_LENGTH, selectedIds } from '../../../src/modules/testers/selected-ids.ts';

const refusal = (text: string) => {
  try {
    selectedIds(text);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.errors[0].code, Errors.testersGeneral.code);
    return error.errors[0].message;
  }
  assert.fail(`${JSON.stringify(text.slice(0, 40))} was accepted`);
};

test('ids are comma-separated, spaces around them allowed, each taken once in the order given', () => {
  assert.deepEqual(selectedIds('3,1, 2 ,3,1'), [3, 1, 2]);
  assert.deepEqual(selectedIds('9007199254740991'), [9007199254740991]);
});

test('an id that is not one is refused, named', () => {
  assert.match(refusal('1,two,3'), /"two" is not one/);
  assert.match(refusal('1,0'), /"0" is not one/);
  assert.match(refusal('1,-2'), /"-2" is not one/);
  assert.match(refusal('1.5'), /"1\.5" is not one/);
  assert.match(refusal('1,,2'), /one of them is empty/);
  assert.match(refusal('1,'), /one of them is empty/);
});

test(`at most ${MAX_SELECTED_IDS} ids, counted once each; the schema's length bound lets that many long ids through`, () => {
  const bound = Array.from({ length: MAX_SELECTED_IDS }, (_, i) => i + 1);
  assert.deepEqual(selectedIds(bound.join(',')), bound);
  assert.deepEqual(selectedIds([...bound, 1, 2].join(',')), bound, 'repeats are not counted');
  assert.match(refusal([...bound, MAX_SELECTED_IDS + 1].join(',')), /ids names 1,001 testers; at most 1,000 may be named/);
  const longest = Array.from({ length: MAX_SELECTED_IDS }, (_, i) => String(1_000_000_000_000_000 + i)).join(',');
  assert.ok(longest.length <= SELECTED_IDS_MAX_LENGTH, `${longest.length} characters`);
});
