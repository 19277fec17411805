// The designs' images (logo, hero) at the URL their digest names: /images/{sha256}.{extension}.
// Any page, ours or a site showing the embed, may load them; what a URL names never changes, so
// it is cached for a year. An SVG comes with a CSP that lets nothing in it run or load.
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { App } from '../http/app-type.ts';
import { typeOfExtension } from '../modules/betas/beta-images.ts';
import type { BetasService } from '../modules/betas/betas.service.ts';
import type { PageLimits } from './page-limits.ts';

/** For what a URL names by its content (an image by its digest, a theme by its colours): it never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const IMAGE_FILE = /^([0-9a-f]{64})\.([a-z]{3,4})$/;
/** What an SVG opened on its own may do: draw, with its own inline styles; no script, no request, no plug-in. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const FileParams = Type.Object({ file: Type.String({ maxLength: 80 }) });

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send('Not found');

export function imagesRoutes(app: App, betas: BetasService, limits: Pick<PageLimits, 'pages'>): void {
  app.get('/images/:file', {
    schema: { hide: true, params: FileParams },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const match = IMAGE_FILE.exec(request.params.file);
      const type = match && typeOfExtension(match[2]);
      if (!match || !type) return notFound(reply);
      const image = await betas.image(match[1]);
      if (!image || image.content_type !== type) return notFound(reply);
      if (type === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_POLICY);
      return reply
        .type(type)
        .header('Cache-Control', IMMUTABLE_CACHE)
        .header('ETag', `"${match[1]}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  });
}
