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
