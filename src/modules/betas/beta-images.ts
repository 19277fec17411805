// The images of a beta's design (logo, hero) as an upload brings them: read up to their size limit,
// their type told by their bytes (image-check.ts), and named by their SHA-256, which their URL
// carries so that a new image is a new URL and every URL can be cached for good.
import { createHash } from 'node:crypto';
import { Errors } from '../../primitives/errors.ts';
import type { ImageKind, StoredImage } from './beta-page.ts';
import { ImageTypes, sniffImageType, svgProblem, typeName, type ImageType } from './image-check.ts';

/** The largest image of each kind, in bytes (docs/public-pages.md, "Page design"). */
export const IMAGE_LIMITS: Record<ImageKind, number> = { logo: 512 * 1024, hero: 2 * 1024 * 1024 };

/** An upload as the route hands it over: the bytes as they arrive, and the type the sender declared ('' for none). */
export interface ImageUpload {
  bytes: AsyncIterable<Uint8Array>;
  declaredType: string;
}

export interface CheckedImage {
  digest: string;
  type: ImageType;
  bytes: Uint8Array;
}

/** What a sender declares when it does not say which image it sends. */
const UNDECLARED = ['', 'application/octet-stream'];

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/** The image's path: its digest, and the extension of its type. */
export const imagePath = (image: StoredImage) => `/images/${image.digest}.${EXTENSIONS[image.content_type as ImageType] ?? 'img'}`;

/** The type an image path's extension names, for the route that serves it. */
export const typeOfExtension = (extension: string): ImageType | undefined => ImageTypes.find((type) => EXTENSIONS[type] === extension);

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);

async function readAtMost(kind: ImageKind, bytes: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const limit = IMAGE_LIMITS[kind];
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of bytes) {
    length += chunk.length;
    if (length > limit) throw Errors.bodyTooLarge(`The ${kind} is larger than ${sizeText(limit)}; make it smaller`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The upload read and checked: 413 past the kind's limit, 415 for a type not taken or not the one declared, 422 for an unsafe SVG. */
export async function readImage(kind: ImageKind, upload: ImageUpload): Promise<CheckedImage> {
  const bytes = await readAtMost(kind, upload.bytes);
  if (bytes.length === 0) throw Errors.betasGeneral(`The ${kind} is empty: send the image's bytes as the body`);
  const type = sniffImageType(bytes);
  if (!type) throw Errors.unsupportedMediaType(`The ${kind} is not a PNG, JPEG, WebP or SVG image`);
  // A part sent without a type of its own (or as plain bytes) is what its bytes are; any other declared type must match them.
  const declared = upload.declaredType;
  if (!UNDECLARED.includes(declared) && declared !== type) {
    throw Errors.unsupportedMediaType(`The ${kind} is declared ${declared} but its bytes are ${typeName(type)} image (${type})`);
  }
  if (type === 'image/svg+xml') {
    const problem = svgProblem(bytes);
    if (problem) throw Errors.betasGeneral(`The ${kind} SVG is refused: ${problem}. Remove scripts, event handlers and external references`);
  }
  return { digest: createHash('sha256').update(bytes).digest('hex'), type, bytes };
}
