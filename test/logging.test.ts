// Where log lines go: JSON lines off a terminal, readable lines for a person at one, and never a
// stack either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { createLogger, logDestination } from '../src/process/logging.ts';

/** A stand-in for standard output that keeps what is written, a terminal or not. */
function terminal(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  stream.isTTY = isTTY;
  return { stream, text: () => text };
}

test('off a terminal, auto and json leave pino its JSON lines', async () => {
  assert.equal(await logDestination('auto', terminal(false).stream), undefined);
  assert.equal(await logDestination('json', terminal(true).stream), undefined);
});

test('on a terminal, auto writes readable lines with the level, the message and the fields, and no stack', async () => {
  const out = terminal(true);
  const destination = await logDestination('auto', out.stream);
  assert.ok(destination);
  const log = createLogger('info', destination);
  log.info({ testers: 1200 }, 'standings: indexed');
  log.error({ err: new Error('the database went away') }, 'a job failed');
  log.debug('below the level');
  const text = stripVTControlCharacters(out.text());
  assert.match(text, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: standings: indexed\n {4}testers: 1200\n/m);
  assert.match(text, /ERROR: a job failed\n {4}err: \{\n {6}"type": "Error",\n {6}"message": "the database went away"\n {4}\}/);
  assert.doesNotMatch(text, /^\s*\{"level"/m, 'no JSON line');
  assert.doesNotMatch(text, /at .*logging\.test\.ts/, 'no stack');
  assert.doesNotMatch(text, /below the level/);
});

test('pretty is readable off a terminal too, without colours', async () => {
  const out = terminal(false);
  const log = createLogger('info', await logDestination('pretty', out.stream));
  log.warn('slow');
  assert.match(out.text(), /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: slow\n$/);
});
