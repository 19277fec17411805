// The mailbox key of an address: folded only for providers known to ignore dots or +tags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aliasProviderOf, emailAliasKey } from '../../../src/modules/fraud/email-alias.ts';
import { disposableDomainOf } from '../../../src/modules/fraud/fraud-signals.ts';

test('Gmail ignores dots and +tags, and googlemail.com is gmail.com', () => {
  for (const alias of ['john.doe@gmail.com', 'johndoe+beta@gmail.com', 'j.o.h.n.d.o.e+a+b@googlemail.com', 'johndoe@gmail.com']) {
    assert.equal(emailAliasKey(alias), 'johndoe@gmail.com', alias);
  }
  assert.equal(aliasProviderOf('john.doe@gmail.com')?.name, 'Gmail');
});

test('Proton ignores dots, hyphens, underscores and +tags across its domains', () => {
  for (const alias of ['ann.lee@proton.me', 'ann_lee@protonmail.com', 'ann-lee+x@pm.me', 'annlee@protonmail.ch']) {
    assert.equal(emailAliasKey(alias), 'annlee@proton.me', alias);
  }
});

test('iCloud, Outlook.com and Fastmail ignore +tags only; Outlook.com domains stay apart', () => {
  assert.equal(emailAliasKey('kim.park+shop@me.com'), 'kim.park@icloud.com');
  assert.equal(emailAliasKey('kim.park@mac.com'), 'kim.park@icloud.com');
  assert.equal(emailAliasKey('bob.smith+x@outlook.com'), 'bob.smith@outlook.com');
  assert.equal(emailAliasKey('bob.smith@hotmail.com'), 'bob.smith@hotmail.com');
  assert.notEqual(emailAliasKey('bobsmith@outlook.com'), emailAliasKey('bob.smith@outlook.com'), 'dots count at Outlook.com');
  assert.equal(emailAliasKey('lee+news@fastmail.com'), 'lee@fastmail.com');
});

test('other providers are not folded: a dot or a + may be another person there', () => {
  for (const address of ['dan.k+x@yahoo.com', 'carol.jones+beta@example.com', 'first.last@gmail.com.evil.example', 'x@sub.gmail.com']) {
    assert.equal(emailAliasKey(address), address);
    assert.equal(aliasProviderOf(address), undefined);
  }
});

test('a tag-only or dots-only local part keeps what it has', () => {
  assert.equal(emailAliasKey('+tag@gmail.com'), '+tag@gmail.com');
  assert.equal(emailAliasKey('...@gmail.com'), '...@gmail.com');
});

test('disposable domains: listed ones and their subdomains, not ordinary providers', () => {
  assert.equal(disposableDomainOf('x@mailinator.com'), 'mailinator.com');
  assert.equal(disposableDomainOf('x@team.mailinator.com'), 'mailinator.com');
  assert.equal(disposableDomainOf('x@guerrillamail.com'), 'guerrillamail.com');
  for (const address of ['x@gmail.com', 'x@example.com', 'x@com']) assert.equal(disposableDomainOf(address), undefined, address);
});
