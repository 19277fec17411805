import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskedEmail } from '../../../src/modules/testers/masked-email.ts';

test('an address keeps at most the first character of its local part and domain, and its top-level label', () => {
  assert.equal(maskedEmail('ann.lee@example.com'), 'a***@e***.com');
  assert.equal(maskedEmail('bo@mail.example.co.uk'), 'b***@m***.uk');
  assert.equal(maskedEmail('x@y.io'), 'x***@y***.io');
});

test('the stars never tell how long the hidden parts are', () => {
  assert.equal(maskedEmail('a@example.com'), maskedEmail('abcdefghijklmnop@example.com'));
  assert.equal(maskedEmail('a@e.com'), maskedEmail('a@exampleexampleexample.com'));
});

test('a character outside the Basic Multilingual Plane is kept whole, never cut in half', () => {
  assert.equal(maskedEmail('😀smile@ñandú.example'), '😀***@ñ***.example');
});

test('an address without an @ or a dot in its domain still shows nothing whole', () => {
  assert.equal(maskedEmail('localonly'), 'l***@***');
  assert.equal(maskedEmail('root@localhost'), 'r***@l***');
});
