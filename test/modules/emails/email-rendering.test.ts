// Rendering's time limit is wall-clock time: a pause of the process while a message renders (here
// a getter that blocks, as a garbage collection or a busy machine would) must not fail the message
// for good, while a render that is slow every time still fails.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RENDER_LIMIT_MS, renderLiquid, TemplateError } from '../../../src/modules/emails/email-rendering.ts';

/** A tester whose address takes longer than the render limit to read, the first `pauses` times. */
function pausingTester(pauses: number): Record<string, unknown> {
  const tester: Record<string, unknown> = {};
  let reads = 0;
  Object.defineProperty(tester, 'email', {
    enumerable: true,
    get() {
      if (++reads <= pauses) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RENDER_LIMIT_MS + 50);
      return 'ada@example.com';
    },
  });
  return tester;
}

describe('e-mail rendering: the time limit', () => {
  test('a render paused past the limit once is rendered again', () => {
    assert.equal(renderLiquid('text', 'Hi {{ tester.email }},', { tester: pausingTester(1) }), 'Hi ada@example.com,');
  });

  test('a render past the limit twice fails with the limit as the reason', () => {
    assert.throws(() => renderLiquid('text', 'Hi {{ tester.email }},', { tester: pausingTester(2) }), (error) => error instanceof TemplateError && /template render limit exceeded/.test(error.message));
  });
});

describe('e-mail rendering: share links tagged with a channel', () => {
  const variables = { tester: { share_link: 'https://p.test/r/abc12' }, beta: { name: 'Rocket & Co' } };

  test('share_channel tags the link; an unknown channel counts as other; anything but a link passes through', () => {
    assert.equal(renderLiquid('text', '{{ tester.share_link | share_channel: "email" }}', variables), 'https://p.test/r/abc12?ch=email');
    assert.equal(renderLiquid('text', '{{ tester.share_link | share_channel: "Pigeon" }}', variables), 'https://p.test/r/abc12?ch=other');
    assert.equal(renderLiquid('text', '{{ "not a link" | share_channel: "x" }}', variables), 'not a link');
    // A beta's own referral_url already has ?r=: the channel goes beside it.
    assert.equal(renderLiquid('text', '{{ link | share_channel: "qr" }}', { link: 'https://rocket.example/join?r=abc12' }), 'https://rocket.example/join?r=abc12&ch=qr');
  });

  test('share_on is the network\'s share button for the tagged link, with the beta\'s default text or one given; escaped in HTML', () => {
    const tagged = encodeURIComponent('https://p.test/r/abc12?ch=x');
    assert.equal(renderLiquid('text', '{{ tester.share_link | share_on: "x" }}', variables), `https://x.com/intent/tweet?text=Join+me+on+the+Rocket+%26+Co+waitlist&url=${tagged}`);
    assert.equal(renderLiquid('html', '{{ tester.share_link | share_on: "x" }}', variables), `https://x.com/intent/tweet?text=Join+me+on+the+Rocket+%26+Co+waitlist&amp;url=${tagged}`);
    assert.equal(
      renderLiquid('text', '{{ tester.share_link | share_on: "whatsapp", "Come along" }}', variables),
      `https://wa.me/?text=Come+along%3A+${encodeURIComponent('https://p.test/r/abc12?ch=whatsapp')}`,
    );
    assert.equal(renderLiquid('text', '{{ tester.share_link | share_on: "copy" }}', variables), 'https://p.test/r/abc12?ch=copy', 'no network: the tagged link');
  });
});
