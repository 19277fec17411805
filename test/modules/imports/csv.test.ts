// The CSV reader, the column mapping and the receiving of a file: pure, no database.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CsvReader, UnterminatedQuote, type CsvRecord } from '../../../src/modules/imports/csv.ts';
import { mapColumns, PRESETS } from '../../../src/modules/imports/mapping.ts';
import { CHUNK_CHARS, receiveFile } from '../../../src/modules/imports/receive.ts';
import { parseTime } from '../../../src/modules/imports/rows.ts';
import { ApiError, Errors } from '../../../src/primitives/errors.ts';
import type { QuestionRow } from '../../../src/db/tables/betas.ts';

/** Reads `chunks` as consecutive chunks of one input. */
function read(chunks: string[], start: { line: number; afterCr?: boolean } = { line: 1 }, from = 0): CsvRecord[] {
  const reader = new CsvReader(start);
  const records = chunks.flatMap((chunk, i) => reader.push(chunk, i, i === 0 ? from : 0));
  const last = reader.end(chunks.length - 1, chunks.at(-1)!.length);
  return last ? [...records, last] : records;
}

const shape = (records: CsvRecord[]) => records.map((r) => ({ line: r.line, fields: r.fields }));

describe('CsvReader', () => {
  test('CRLF, LF and CR line ends, quoted commas, quotes and newlines: each record with the line it starts on', () => {
    const text = 'email,note\r\na@x.io,"one, two"\r\nb@x.io,"say ""hi"""\n"c@x.io","line\r\nbreak\nand more"\rd@x.io,last';
    assert.deepEqual(shape(read([text])), [
      { line: 1, fields: ['email', 'note'] },
      { line: 2, fields: ['a@x.io', 'one, two'] },
      { line: 3, fields: ['b@x.io', 'say "hi"'] },
      { line: 4, fields: ['c@x.io', 'line\r\nbreak\nand more'] },
      { line: 7, fields: ['d@x.io', 'last'] },
    ]);
  });

  test('# lines before the header are comments, counted as lines, in any chunking; after it a # is data', () => {
    const text = '# Source: https://example.com/docs\r\n\n# second, "quoted\r\nemail,#tag\n#x@y.io,#1\n';
    const expected = [
      { line: 4, fields: ['email', '#tag'] },
      { line: 5, fields: ['#x@y.io', '#1'] },
    ];
    assert.deepEqual(shape(read([text])), expected);
    for (let cut = 1; cut < text.length; cut++) assert.deepEqual(shape(read([text.slice(0, cut), text.slice(cut)])), expected, `cut at ${cut}`);
    // A reader resumed after the header (line > 1) reads a # line as data.
    assert.deepEqual(shape(read(['#a@b.io,1\n'], { line: 3 })), [{ line: 3, fields: ['#a@b.io', '1'] }]);
    // A file of comments only has no header.
    assert.deepEqual(shape(read(['# nothing else\n'])), []);
  });

  test('blank lines are skipped but counted; a trailing newline makes no record', () => {
    assert.deepEqual(shape(read(['a,b\n\n\r\nc,d\n'])), [
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['c', 'd'] },
    ]);
  });

  test('a quote left open is reported with the line it opened on', () => {
    const reader = new CsvReader();
    reader.push('email\na@x.io,"never\nclosed', 0);
    assert.throws(() => reader.end(0, 26), (error: unknown) => error instanceof UnterminatedQuote && error.line === 2);
  });

  test('any split into chunks reads the same records, and reading resumes at any record end', () => {
    const text = 'email,note\r\na@x.io,"x\r\ny"\r\n\r\nb@x.io,"q""z"\rc@x.io,\n"d@x.io","e,f"\r\n';
    const whole = read([text]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), text.length];
        const chunks = points.slice(1).map((end, i) => text.slice(points[i], end));
        const records = read(chunks);
        assert.deepEqual(shape(records), shape(whole));
        // Resuming after each record, from where it says it ended, reads the rest.
        for (const [index, record] of records.entries()) {
          const { chunk, offset, line } = record.end;
          const rest = read(chunks.slice(chunk), { line, afterCr: chunks[chunk]!.charCodeAt(offset - 1) === 13 }, offset);
          assert.deepEqual(shape(rest), shape(whole.slice(index + 1)));
        }
      }),
    );
  });
});

describe('mapColumns', () => {
  const question = { id: 7, prompt: 'How did you hear about us?' } as QuestionRow;

  test('field names, dotted profile names, responses by id or by text; computed export columns ignored silently', () => {
    const header = ['Email', 'profile.first_name', 'last_name', 'responses.7', 'status', 'referred_by', 'id', 'waitlist_position', 'referral_channel', 'Notes'];
    const result = mapColumns(header, {}, [question]);
    assert.deepEqual(result.columns.map((c) => [c.index, c.target]), [[0, 'email'], [1, 'first_name'], [2, 'last_name'], [3, 'responses.7'], [4, 'status'], [5, 'referrer_id']]);
    assert.deepEqual(result.ignored, ['column "Notes" is not imported: it names no field of a tester (give a mapping to import it)']);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(mapColumns(['email', 'how did you hear about us?'], {}, [question]).columns[1]!.target, 'responses.7');
  });

  test('a mapping renames and ignores; a preset names another service\'s columns', () => {
    const mapped = mapColumns(['E-mail address', 'Given', 'email'], { mapping: { 'E-mail address': 'email', Given: 'profile.first_name', email: null } }, []);
    assert.deepEqual(mapped.columns.map((c) => c.target), ['email', 'first_name']);
    assert.deepEqual([mapped.ignored, mapped.problems], [[], []]);
    for (const [preset, columns] of Object.entries(PRESETS)) {
      const header = Object.keys(columns);
      const result = mapColumns(header, { preset }, []);
      assert.deepEqual(result.problems.filter((p) => !p.includes('both fill')), [], preset);
      assert.ok(result.columns.some((c) => c.target === 'email'), preset);
    }
  });

  test('what makes a file impossible to import is a problem, each said', () => {
    assert.deepEqual(mapColumns(['name'], {}, []).problems, ['the file has no e-mail column: name one "email", or map a column to email']);
    assert.deepEqual(mapColumns(['email', 'responses.99'], {}, [question]).problems, ['column "responses.99" names no question of this beta']);
    assert.deepEqual(mapColumns(['email', 'Email'], {}, []).problems, ['columns "email" and "Email" both fill email']);
    assert.deepEqual(mapColumns(['email'], { preset: 'nope' }, []).problems[0], 'preset must be one of prefinery, growsurf, viralloops, kickofflabs, waitlister, getwaitlist; got "nope"');
    assert.deepEqual(mapColumns(['email'], { mapping: { x: 'email', email: 'shoe_size' } }, []).problems, [
      'mapping names the column "x", which the file\'s header does not have',
      'mapping sends the column "email" to "shoe_size", which is not a field of a tester',
      'the file has no e-mail column: name one "email", or map a column to email',
    ]);
  });
});

describe('parseTime', () => {
  test('the dates exports write, in UTC; anything else is none', () => {
    assert.equal(parseTime('2024-05-01T09:30:00Z'), '2024-05-01T09:30:00.000Z');
    assert.equal(parseTime('2024-05-01 09:30:00 UTC'), '2024-05-01T09:30:00.000Z');
    assert.equal(parseTime('2024-05-01T11:30:00+02:00'), '2024-05-01T09:30:00.000Z');
    assert.equal(parseTime('2024-05-01'), '2024-05-01T00:00:00.000Z');
    assert.equal(parseTime('1682345678901'), '2023-04-24T14:14:38.901Z'); // Unix milliseconds (Waitlister's API)
    for (const bad of ['yesterday', '05/01/2024', '2024-13-01', '', '1682345678', '20240501', '16823456789012']) assert.equal(parseTime(bad), undefined, bad);
  });
});

describe('receiveFile', () => {
  async function* bytes(...parts: (string | number[])[]) {
    for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part);
  }
  const receive = async (source: AsyncIterable<Uint8Array>) => {
    const chunks: string[] = [];
    const received = await receiveFile(source, async (seq, text) => void (chunks[seq] = text));
    return { ...received, text: chunks.join('') };
  };

  test('a byte-order mark is dropped; characters split between buffers are whole; the header is read', async () => {
    const euro = [...new TextEncoder().encode('€')];
    const received = await receive(bytes([0xef, 0xbb, 0xbf], 'email,note\r\na@x.io,', euro.slice(0, 1), euro.slice(1), '\r\n'));
    assert.deepEqual(received, { bytes: 27, chunks: 1, header: ['email', 'note'], headerLine: 1, text: 'email,note\r\na@x.io,€\r\n' });
    const commented = await receive(bytes('# Source: a page\n# and more\nemail\na@x.io\n'));
    assert.deepEqual([commented.header, commented.headerLine], [['email'], 3]);
  });

  test('text longer than a chunk is stored in several, never splitting a surrogate pair', async () => {
    const line = `a@x.io,${'😀'.repeat(1000)}\n`;
    const received = await receive(bytes(`email,note\n${line.repeat(Math.ceil((CHUNK_CHARS * 2.5) / line.length))}`));
    assert.equal(received.chunks, 3);
    assert.ok(received.text.startsWith('email,note\n') && !received.text.includes('\uFFFD'));
  });

  test('a byte that is not UTF-8 is refused with its line; Latin-1 and UTF-16 files are', async () => {
    const refusal = (line: number) => (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.errors.map((e) => [e.code, e.message]), [[Errors.malformedRequest.code,
        `The file is not UTF-8 text: line ${line} has a byte that is not. Save it as "CSV UTF-8" (or convert it to UTF-8) and import it again`]]);
      return true;
    };
    await assert.rejects(receive(bytes('email,name\na@x.io,Ann\nb@x.io,Ren', [0xe9], '\n')), refusal(3));
    await assert.rejects(receive(bytes('email,name\n', 'a@x.io,Ann\n', [0x62, 0x0a, 0x63, 0xe9, 0x0a])), refusal(4));
    await assert.rejects(receive(bytes([0xff, 0xfe, 0x65, 0x00])), refusal(1));
  });

  test('a NUL character is refused with its line: no database keeps it in text', async () => {
    await assert.rejects(receive(bytes('email\na@x.io\nb@x.io\u0000\n')), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.errors.map((e) => e.message), ['The file has a NUL character on line 3: it is not a text file']);
      return true;
    });
  });

  test('an empty file has no header', async () => {
    assert.deepEqual(await receive(bytes()), { bytes: 0, chunks: 0, header: null, headerLine: 1, text: '' });
    assert.deepEqual((await receive(bytes('\r\n\n'))).header, null);
  });
});
