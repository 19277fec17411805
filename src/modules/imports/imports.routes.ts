import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { acceptFileBodies, uploadedFile } from '../../http/file-upload.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { presentImport } from './imports.presenter.ts';
import { ImportCreateBody, ImportCreateQuery, ImportListQuery, ImportParams, ImportSchema } from './imports.schemas.ts';
import type { ImportsService } from './imports.service.ts';

export async function importsRoutes(app: App, imports: ImportsService): Promise<void> {
  const series = 'testers' as const;

  // A scope of its own: only this route reads CSV and multipart bodies, as streams.
  await app.register(async (plain) => {
    acceptFileBodies(plain);
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.post('/api/v2/betas/:beta_id/imports', {
      config: { permission: 'testers:write', series },
      schema: {
        operationId: 'createImport',
        tags: ['Imports'],
        summary: 'Import testers from a CSV file',
        description:
          'Receives a CSV file (a text/csv body, or a multipart/form-data field named file) and queues its import, or with ' +
          '`dry_run` a check of every line that stores no tester. Answers 202 with the import, to follow at its own URL. ' +
          'A file that is not UTF-8, is empty, or whose columns cannot be mapped is refused and nothing is kept.',
        'x-extension': true,
        params: BetaParams,
        querystring: ImportCreateQuery,
        body: ImportCreateBody,
        response: { 202: ImportSchema },
      },
      handler: async (request, reply) => {
        const { dry_run, send_emails, mapping, preset } = request.query;
        const created = await imports.create(principalOf(request).companyId, request.params.beta_id, () => uploadedFile(request), {
          dryRun: dry_run === true,
          sendEmails: send_emails === true,
          mapping,
          preset,
        });
        return reply.status(202).send(presentImport(created));
      },
    });
  });

  app.get('/api/v2/betas/:beta_id/imports', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listImports',
      tags: ['Imports'],
      summary: 'List imports',
      description: "The beta's imports and dry runs, newest first, with their reports.",
      'x-extension': true,
      params: BetaParams,
      querystring: ImportListQuery,
      response: { 200: Type.Array(ImportSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await imports.list(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentImport) });
    },
  });

  app.get('/api/v2/betas/:beta_id/imports/:import_id', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'showImport',
      tags: ['Imports'],
      summary: 'Show import',
      description: 'The import with its progress and report: counts, the first rejected lines and warnings.',
      'x-extension': true,
      params: ImportParams,
      response: { 200: ImportSchema },
    },
    handler: async (request) =>
      presentImport(await imports.show(principalOf(request).companyId, request.params.beta_id, request.params.import_id)),
  });
}
