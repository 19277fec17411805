// The share channels' rules, without a database: which tag is which channel, how a link is tagged,
// and every share button's URL for a link and a message.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { channelLink, SHARE_CHANNELS, SHARE_TARGETS, shareButtons, shareChannelOf } from '../../../src/modules/referrals/share-channels.ts';

describe('share channels', () => {
  test('a known tag is its channel (any case, spaces trimmed); any other is other; none is none', () => {
    for (const channel of SHARE_CHANNELS) assert.equal(shareChannelOf(channel), channel);
    assert.equal(shareChannelOf(' WhatsApp '), 'whatsapp');
    for (const tag of ['', 'myspace', 'x ', 'x-y', '<script>', 'q'.repeat(255)]) assert.equal(shareChannelOf(tag), tag === 'x ' ? 'x' : 'other', tag);
    assert.equal(shareChannelOf(undefined), null);
    assert.equal(shareChannelOf(null), null);
    assert.deepEqual(SHARE_CHANNELS, ['x', 'facebook', 'linkedin', 'whatsapp', 'telegram', 'reddit', 'email', 'sms', 'copy', 'qr', 'other']);
  });

  test('a link is tagged with ?ch=, beside a beta\'s own ?r=, replacing an earlier tag', () => {
    assert.equal(channelLink('https://p.test/r/abc12', 'x'), 'https://p.test/r/abc12?ch=x');
    assert.equal(channelLink('https://rocket.example/join?r=abc12', 'qr'), 'https://rocket.example/join?r=abc12&ch=qr');
    assert.equal(channelLink('https://p.test/r/abc12?ch=x', 'copy'), 'https://p.test/r/abc12?ch=copy');
  });

  test('each button sends its network the link tagged with its own channel and the message', () => {
    const buttons = shareButtons('https://p.test/r/abc12', 'Join me & co');
    assert.deepEqual(buttons.map((b) => b.channel), ['email', 'sms', 'x', 'linkedin', 'facebook', 'whatsapp', 'telegram', 'reddit']);
    const link = (channel: string) => encodeURIComponent(`https://p.test/r/abc12?ch=${channel}`);
    assert.deepEqual(Object.fromEntries(buttons.map((b) => [b.channel, b.url])), {
      email: `mailto:?subject=Join%20me%20%26%20co&body=Join%20me%20%26%20co%3A%20${link('email')}`,
      sms: `sms:?&body=Join%20me%20%26%20co%3A%20${link('sms')}`,
      x: `https://x.com/intent/tweet?text=Join+me+%26+co&url=${link('x')}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${link('linkedin')}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${link('facebook')}`,
      whatsapp: `https://wa.me/?text=Join+me+%26+co%3A+${link('whatsapp')}`,
      telegram: `https://t.me/share/url?url=${link('telegram')}&text=Join+me+%26+co`,
      reddit: `https://www.reddit.com/submit?url=${link('reddit')}&title=Join+me+%26+co`,
    });
  });

  test('the buttons tag a link with a query, a fragment or a tag of its own as channelLink does', () => {
    const links = ['https://rocket.example/join?r=abc12', 'https://rocket.example/join?r=a+b%20c&utm_source=x', 'https://p.test/r/abc12?ch=x&r=1', 'https://rocket.example/#join?r=abc12', 'https://rocket.example/join?r=abc12#top'];
    for (const shareLink of links) {
      const expected = SHARE_TARGETS.map(({ channel, url }) => url(channelLink(shareLink, channel), 'Join'));
      assert.deepEqual(shareButtons(shareLink, 'Join').map((button) => button.url), expected, shareLink);
    }
  });
});
