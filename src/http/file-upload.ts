// A file sent to a route as it is (a text/csv body) or in a multipart/form-data field named `file`,
// handed to the service as a stream: neither is read into memory here. Registered only in the
// scope of the routes that take files.
import type { Hash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../errors.ts';

const FILE_TYPES = ['text/csv', 'application/csv', 'multipart/form-data'];

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

/** Leaves the bodies of FILE_TYPES unread for `uploadedFile`. */
export function acceptFileBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, new FileBody(payload)));
}

const wrongType = () => Errors.malformedRequest('Send the file as a text/csv body, or as a multipart/form-data field named file');

/** The file's bytes as they arrive. */
export async function uploadedFile(request: FastifyRequest): Promise<AsyncIterable<Uint8Array>> {
  if (!(request.body instanceof FileBody)) throw wrongType();
  const { stream } = request.body;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') return stream;
  return fileField(request, stream);
}

/** The stream of the multipart field `file`; other parts are read past. */
function fileField(request: FastifyRequest, stream: Readable): Promise<Readable> {
  return new Promise((resolve, reject) => {
    let form: BusboyInstance;
    try {
      form = new Busboy({ headers: request.headers as BusboyHeaders, limits: { files: 1 } });
    } catch (error) {
      reject(Errors.malformedRequest(`The multipart body cannot be read: ${(error as Error).message}`));
      return;
    }
    let found = false;
    form.on('file', (field, file) => {
      // A body that ends mid-part fails the part: destroyed with the error, the stream fails the
      // route's read even when the route starts reading after the error (the whole body had
      // arrived). The listener also keeps a part read past, which has no reader, from ending the
      // process with an unhandled error.
      file.on('error', (error: Error) => file.destroy(Errors.malformedRequest(`The multipart body cannot be read: ${error.message}`)));
      if (field === 'file' && !found) {
        found = true;
        resolve(file);
      } else file.resume();
    });
    form.on('error', (error: Error) => reject(Errors.malformedRequest(`The multipart body cannot be read: ${error.message}`)));
    form.on('finish', () => {
      if (!found) reject(Errors.malformedRequest('The multipart body has no file field named file'));
    });
    stream.pipe(form);
  });
}
