import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { Errors } from '../../primitives/errors.ts';
import { principalOf } from '../../http/auth.ts';
import { acceptFileBodies, uploadedFileWithType } from '../../http/file-upload.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { ImageKinds } from './beta-page.ts';
import { ImageTypes } from './image-check.ts';
import { BetaCreateBody, BetaSchema, BetaUpdateBody, PAGE_IMAGE_LIMITS_TEXT, PageImageBody } from './betas.schemas.ts';
import { presentBeta } from './betas.presenter.ts';
import type { BetaInput, BetasService } from './betas.service.ts';
import type { SandboxesService } from './sandboxes.service.ts';

/** `beta` bodies are accepted wrapped or unwrapped; `id` is read by create alone. */
function betaInput(body: { beta?: BetaInput } & BetaInput | undefined, creating = false): BetaInput {
  const source = body?.beta ?? body ?? {};
  const fields = { name: source.name, homepage_url: source.homepage_url, slug: source.slug, settings: source.settings, page: source.page };
  return creating ? { id: source.id, ...fields } : fields;
}

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export async function betasRoutes(app: App, betas: BetasService, sandboxes: SandboxesService, publicUrl: string): Promise<void> {
  const present = (beta: Parameters<typeof presentBeta>[0]) => presentBeta(beta, publicUrl);

  app.get('/api/v2/betas', {
    config: { permission: 'betas:read', series: 'betas', rateLimit: 'listBetas' },
    schema: {
      operationId: 'listBetas',
      tags: ['Betas'],
      summary: 'List betas',
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(BetaSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await betas.list(principalOf(request).companyId, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(present) });
    },
  });

  app.get('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:read', series: 'betas', rateLimit: 'showBeta' },
    schema: {
      operationId: 'showBeta',
      tags: ['Betas'],
      summary: 'Show beta',
      params: BetaParams,
      response: { 200: BetaSchema },
    },
    handler: async (request) => present(await betas.show(principalOf(request).companyId, request.params.beta_id)),
  });

  app.delete('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:delete', series: 'betas' },
    schema: {
      operationId: 'deleteBeta',
      tags: ['Betas'],
      summary: 'Delete beta',
      description: 'Deletes the beta and everything in it. Answers with the beta as it was.',
      params: BetaParams,
      response: { 200: BetaSchema },
    },
    handler: async (request) => present(await betas.delete(principalOf(request).companyId, request.params.beta_id)),
  });

  app.post('/api/v2/betas', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'createBeta',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Create beta',
      description: 'With `id`, the beta keeps the id it had in the service you move from, when no beta has it.',
      body: BetaCreateBody,
      response: { 201: BetaSchema },
    },
    handler: async (request, reply) => {
      const beta = await betas.create(principalOf(request).companyId, betaInput(request.body, true));
      return reply.status(201).send(present(beta));
    },
  });

  app.patch('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'updateBeta',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Update beta',
      description: 'Changes name, homepage_url and settings; only the settings keys sent change.',
      params: BetaParams,
      body: BetaUpdateBody,
      response: { 200: BetaSchema },
    },
    handler: async (request) =>
      present(await betas.update(principalOf(request).companyId, request.params.beta_id, betaInput(request.body))),
  });

  app.post('/api/v2/betas/:beta_id/sandbox', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'openSandbox',
      tags: ['Betas'],
      'x-extension': true,
      summary: "Create or show the beta's sandbox",
      description:
        'A twin of the beta to rehearse in: created (201) with copies of its settings, design, questions, reward definitions and rules, e-mail templates ' +
        'and webhook endpoints (each with a new secret), or answered as it is (200) when the beta has one. Its e-mails are stored and never sent, its ' +
        'webhook deliveries carry `Prelaunch-Test: true` and `"test": true`, its testers do not count against the plan. Deleting the beta deletes it. ' +
        `A sandbox has no sandbox (${Errors.sandboxOfSandbox.code}).`,
      params: BetaParams,
      response: { 200: BetaSchema, 201: BetaSchema },
    },
    handler: async (request, reply) => {
      const { sandbox, created } = await sandboxes.open(principalOf(request).companyId, request.params.beta_id);
      return reply.status(created ? 201 : 200).send(present(sandbox));
    },
  });

  // The design's images: a scope of its own reads image bodies, unread, as streams.
  await app.register(async (plain) => {
    acceptFileBodies(plain, [...ImageTypes, 'application/octet-stream']);
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    for (const kind of ImageKinds) {
      scope.put(`/api/v2/betas/:beta_id/page/${kind}`, {
        config: { permission: 'betas:write', series: 'betas' },
        schema: {
          operationId: `upload${capitalized(kind)}`,
          tags: ['Betas'],
          'x-extension': true,
          summary: `Upload the page's ${kind}`,
          description:
            `Sets the ${kind} of the beta's public pages: a PNG, JPEG, WebP or SVG image (${PAGE_IMAGE_LIMITS_TEXT}) as the body, or in a ` +
            'multipart/form-data field named file. The type is read from the bytes: another type than the one declared is refused (415), ' +
            'as is an SVG with scripts, event handlers or external references (422). Answers with the beta, whose page gives the new URL.',
          params: BetaParams,
          body: PageImageBody,
          response: {
            200: BetaSchema,
            415: Type.Ref('ErrorBody', { description: `The bytes are not a PNG, JPEG, WebP or SVG image, or not the type declared (${Errors.unsupportedMediaType.code})` }),
          },
        },
        handler: async (request) => {
          const upload = () => uploadedFileWithType(request, `the image as the body (${ImageTypes.join(', ')})`);
          return present(await betas.putImage(principalOf(request).companyId, request.params.beta_id, kind, upload));
        },
      });
    }
  });

  for (const kind of ImageKinds) {
    app.delete(`/api/v2/betas/:beta_id/page/${kind}`, {
      config: { permission: 'betas:write', series: 'betas' },
      schema: {
        operationId: `delete${capitalized(kind)}`,
        tags: ['Betas'],
        'x-extension': true,
        summary: `Remove the page's ${kind}`,
        description: `The pages show no ${kind} any more. Answers with the beta; removing a ${kind} there is not changes nothing.`,
        params: BetaParams,
        response: { 200: BetaSchema },
      },
      handler: async (request) => present(await betas.deleteImage(principalOf(request).companyId, request.params.beta_id, kind)),
    });
  }
}
