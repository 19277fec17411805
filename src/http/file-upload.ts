// A file sent to a route as it is (a text/csv body, an image) or in a multipart/form-data field named
// `file`, handed to the service as a stream: neither is read into memory here. Registered only in
// the scope of the routes that take files, for the types those take.
import type { Hash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../primitives/errors.ts';

/** The bodies of a CSV import: what `acceptFileBodies` reads by default. */
const CSV_TYPES = ['text/csv', 'application/csv'];

/** The largest body compared byte for byte without being taken (an Idempotency-Key's retry). */
const MAX_COMPARED_BYTES = 256 * 1024 * 1024;

/**
 * The body of a file route: the request's stream, unread. Kept in a private field so that the hooks
 * that walk a parsed body's values (input-values.ts) find nothing to walk.
 */
export class FileBody {
  #stream: Readable;
  #readToEnd = false;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
  /** Whether the route read the body to its end (through `digestInto`'s tap). */
  get readToEnd(): boolean {
    return this.#readToEnd;
  }
  /** Feeds `hash` each byte of the body as the route reads it, memory staying constant. */
  digestInto(hash: Hash): void {
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
      flush: (done) => {
        this.#readToEnd = true;
        done();
      },
    });
    // pipeline, not pipe: a client that goes away mid-body fails the route's read instead of stalling it.
    this.#stream = pipeline(this.#stream, tap, () => {});
  }
  /** Reads the whole body into `hash` and takes nothing; false when it is larger than any body compared. */
  async drainInto(hash: Hash): Promise<boolean> {
    let bytes = 0;
    for await (const chunk of this.#stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_COMPARED_BYTES) {
        this.#stream.destroy();
        return false;
      }
      hash.update(chunk);
    }
    return true;
  }
}

/** The unread file body of a file route's request, or undefined for any other request. */
export const fileBodyOf = (request: FastifyRequest): FileBody | undefined => (request.body instanceof FileBody ? request.body : undefined);

/** Leaves bodies of `types` (and multipart ones) unread for `uploadedFile`. */
export function acceptFileBodies(scope: FastifyInstance, types: readonly string[] = CSV_TYPES): void {
  scope.addContentTypeParser([...types, 'multipart/form-data'], (_request, payload, done) => done(null, new FileBody(payload)));
}

/** A file as it arrives: its bytes, and the media type its sender declared (lower case, no parameters; '' for none). */
export interface UploadedFile {
  bytes: AsyncIterable<Uint8Array>;
  declaredType: string;
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** The file's bytes as they arrive. `expected` names the body the route takes, for the error when it gets another. */
export async function uploadedFile(request: FastifyRequest, expected = 'a text/csv body'): Promise<AsyncIterable<Uint8Array>> {
  return (await uploadedFileWithType(request, expected)).bytes;
}

/** `uploadedFile`, with the type the body (or the multipart part) declared. */
export async function uploadedFileWithType(request: FastifyRequest, expected: string): Promise<UploadedFile> {
  if (!(request.body instanceof FileBody)) {
    throw Errors.malformedRequest(`Send the file as ${expected}, or as a multipart/form-data field named file`);
  }
  const { stream } = request.body;
  const type = mediaType(request.headers['content-type']);
  if (type !== 'multipart/form-data') return { bytes: stream, declaredType: type };
  return fileField(request, stream);
}

/** The stream of the multipart field `file` and its declared type; other parts are read past. */
function fileField(request: FastifyRequest, stream: Readable): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    let form: BusboyInstance;
    try {
      form = new Busboy({ headers: request.headers as BusboyHeaders, limits: { files: 1 } });
    } catch (error) {
      reject(Errors.malformedRequest(`The multipart body cannot be read: ${(error as Error).message}`));
      return;
    }
    let found = false;
    form.on('file', (field, file, _name, _encoding, type) => {
      // A body that ends mid-part fails the part: destroyed with the error, the stream fails the
      // route's read even when the route starts reading after the error (the whole body had
      // arrived). The listener also keeps a part read past, which has no reader, from ending the
      // process with an unhandled error.
      file.on('error', (error: Error) => file.destroy(Errors.malformedRequest(`The multipart body cannot be read: ${error.message}`)));
      if (field === 'file' && !found) {
        found = true;
        resolve({ bytes: file, declaredType: mediaType(type) });
      } else file.resume();
    });
    form.on('error', (error: Error) => reject(Errors.malformedRequest(`The multipart body cannot be read: ${error.message}`)));
    form.on('finish', () => {
      if (!found) reject(Errors.malformedRequest('The multipart body has no file field named file'));
    });
    stream.pipe(form);
  });
}
