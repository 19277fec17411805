// Receiving an imported file: its bytes are read as a stream, checked to be UTF-8, and stored in the
// database in chunks of text as they come (docs/import.md, "Where the file is kept"), so that no
// file is held in memory and a restarted process resumes the import from what is stored. The first
// record is the header: what each column fills is fixed then.
import { Errors } from '../../primitives/errors.ts';
import { CsvReader, UnterminatedQuote, type CsvRecord } from './csv.ts';

/** The largest file taken: a 50 MB export and room to spare. */
export const MAX_IMPORT_BYTES = 128 * 1024 * 1024;
/** Characters per stored chunk: a job reads one at a time. */
export const CHUNK_CHARS = 256 * 1024;

export interface Received {
  bytes: number;
  chunks: number;
  /** The header's fields, or null for a file with nothing in it. */
  header: string[] | null;
  /** The header's line: 1, unless comment lines come first. */
  headerLine: number;
}

/**
 * Reads `source` to its end, handing `store` each chunk of text in order, and answers what was
 * read. Throws 400 (malformedRequest) at the first byte that is not UTF-8, naming its line, and
 * 413 past MAX_IMPORT_BYTES.
 */
export async function receiveFile(source: AsyncIterable<Uint8Array>, store: (seq: number, text: string) => Promise<void>): Promise<Received> {
  const decoder = new TextDecoder('utf-8', { fatal: true }); // strips a leading byte-order mark
  const header = new CsvReader();
  let headerRecord: CsvRecord | null = null;
  let pending = '';
  let seq = 0;
  let bytes = 0;
  let lines = 1;
  let tail: Uint8Array = new Uint8Array(0); // the last bytes before this buffer: a character may start there
  const flush = async (all: boolean) => {
    while (pending.length >= CHUNK_CHARS || (all && pending.length > 0)) {
      // Never split a surrogate pair across two chunks.
      let cut = Math.min(pending.length, CHUNK_CHARS);
      if (cut < pending.length && isHighSurrogate(pending.charCodeAt(cut - 1))) cut--;
      const text = pending.slice(0, cut);
      pending = pending.slice(cut);
      if (headerRecord === null) headerRecord = header.push(text, seq)[0] ?? null;
      await store(seq++, text);
    }
  };
  for await (const buffer of source) {
    bytes += buffer.byteLength;
    if (bytes > MAX_IMPORT_BYTES) throw Errors.bodyTooLarge(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB: split it in parts and import each`);
    let text: string;
    try {
      text = decoder.decode(buffer, { stream: true });
    } catch {
      throw notUtf8(lines + newlinesBefore(tail, buffer));
    }
    // PostgreSQL's text cannot hold U+0000, and no CSV needs it.
    const nul = text.indexOf('\u0000');
    if (nul >= 0) throw Errors.malformedRequest(`The file has a NUL character on line ${lines + countNewlines(text.slice(0, nul))}: it is not a text file`);
    lines += countNewlines(text);
    tail = lastBytes(tail, buffer);
    pending += text;
    await flush(false);
  }
  try {
    pending += decoder.decode();
  } catch {
    throw notUtf8(lines);
  }
  await flush(true);
  if (headerRecord === null && seq > 0) headerRecord = headerAtEnd(header, seq - 1);
  return { bytes, chunks: seq, header: headerRecord?.fields ?? null, headerLine: headerRecord?.line ?? 1 };
}

/** The header of a file whose only record it is; one whose quote is never closed names no columns. */
function headerAtEnd(header: CsvReader, lastChunk: number): CsvRecord | null {
  try {
    return header.end(lastChunk, 0);
  } catch (error) {
    if (!(error instanceof UnterminatedQuote)) throw error;
    throw Errors.testersGeneral(`The header line opens a quoted field that is never closed (line ${error.line}): its columns cannot be read. Close the quote and import the file again`);
  }
}

function notUtf8(line: number) {
  return Errors.malformedRequest(
    `The file is not UTF-8 text: line ${line} has a byte that is not. Save it as "CSV UTF-8" (or convert it to UTF-8) and import it again`,
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(a.byteLength + b.byteLength);
  bytes.set(a);
  bytes.set(b, a.byteLength);
  return bytes;
}

/** The last three bytes read: a character the decoder holds back starts there at the earliest. */
function lastBytes(tail: Uint8Array, buffer: Uint8Array): Uint8Array {
  const bytes = buffer.byteLength >= 3 ? buffer : joined(tail, buffer);
  return bytes.slice(Math.max(0, bytes.byteLength - 3));
}

/**
 * Newlines in `buffer` before its first byte that is not UTF-8; `tail` holds the bytes read just
 * before it, where the bad sequence may have started (then none of `buffer`'s count).
 */
function newlinesBefore(tail: Uint8Array, buffer: Uint8Array): number {
  const bytes = joined(tail, buffer);
  const bad = firstInvalidByte(bytes);
  let count = 0;
  for (let i = tail.byteLength; i < bad; i++) if (bytes[i] === 10) count++;
  return count;
}

/** The index of the first byte of `bytes` that is not part of valid UTF-8. */
function firstInvalidByte(bytes: Uint8Array): number {
  // Start at a character boundary: skip the continuation bytes of a character begun before.
  let i = 0;
  while (i < 3 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i++;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return bytes.length; // cut short by the buffer's end: the next buffer tells
      if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    }
    i += length;
  }
  return bytes.length;
}
