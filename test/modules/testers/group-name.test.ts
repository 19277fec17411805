import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkedGroupName, GROUP_NAME_MAX_LENGTH, regrouped } from '../../../src/modules/testers/group-name.ts';

test('a group name is trimmed; empty, too long or holding a comma is refused with the reason', () => {
  assert.deepEqual(checkedGroupName('  vip '), { group: 'vip' });
  assert.deepEqual(checkedGroupName('x'.repeat(GROUP_NAME_MAX_LENGTH)), { group: 'x'.repeat(GROUP_NAME_MAX_LENGTH) });
  for (const [name, problem] of [
    [undefined, /required/],
    ['   ', /required/],
    ['x'.repeat(GROUP_NAME_MAX_LENGTH + 1), /201 characters long; at most 200/],
    ['a,b', /cannot hold a comma/],
  ] as const) {
    const checked = checkedGroupName(name);
    assert.ok('problem' in checked, String(name));
    assert.match(checked.problem, problem);
  }
});

test('regrouped adds or takes out one exact name, keeps the others in order, and says when nothing changes', () => {
  assert.equal(regrouped('', 'vip', true), 'vip');
  assert.equal(regrouped('beta', 'vip', true), 'beta,vip');
  assert.equal(regrouped('beta,vip', 'vip', true), null);
  assert.equal(regrouped('beta,vip,early', 'vip', false), 'beta,early');
  assert.equal(regrouped('beta,vipx', 'vip', false), null, 'a name is matched whole');
  assert.equal(regrouped('Vip', 'vip', true), 'Vip,vip', 'case counts, as the group filter has it');
  assert.equal(regrouped('vip', 'vip', false), '');
});
