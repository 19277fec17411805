// The export of a beta's testers, GET …/testers.csv and …/testers.ndjson: the list's filters and
// permission, the answer streamed as the testers are read (export.ts). A refusal (key, beta,
// filters) comes before the first byte as the usual JSON error; a failure after it aborts the
// download, which the client sees as a truncated transfer, never as a complete file.
import { Readable } from 'node:stream';
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { BetaParams } from '../../http/schemas.ts';
import { ExportFormats, type ExportFormat } from './export-format.ts';
import { ExportedTesterSchema, BetaExportQuery } from './testers.schemas.ts';
import type { TestersService } from './testers.service.ts';

const Answers: Record<ExportFormat, { operationId: string; mediaType: string; contentType: string; description: string; schema: object }> = {
  csv: {
    operationId: 'exportTestersCsv',
    mediaType: 'text/csv',
    contentType: 'text/csv; charset=utf-8',
    description:
      'A header record of field names (nested fields dotted: `profile.first_name`, `fraud.referral`; one `responses.<question id>` column per question), ' +
      "then one record per tester (RFC 4180, CRLF, UTF-8). Empty cell: null or no answer; `fraud.flags` holds the list's JSON. " +
      "A text cell starting with =, +, -, @, a tab or a carriage return is written with a leading ' so that no spreadsheet runs it as a formula.",
    schema: Type.String(),
  },
  ndjson: {
    operationId: 'exportTestersNdjson',
    mediaType: 'application/x-ndjson',
    contentType: 'application/x-ndjson',
    description: 'One tester per line, as "show tester" renders it, with `responses` and `points`.',
    schema: ExportedTesterSchema,
  },
};

export function testerExportRoutes(app: App, service: TestersService): void {
  for (const format of ExportFormats) {
    const answer = Answers[format];
    app.get(`/api/v2/betas/:beta_id/testers.${format}`, {
      config: { permission: 'testers:read', series: 'testers' },
      schema: {
        operationId: answer.operationId,
        tags: ['Testers'],
        'x-extension': true,
        summary: `Export testers as ${format === 'csv' ? 'CSV' : 'NDJSON'}`,
        description:
          'Every tester of the beta, or those matching the filters of list testers, in id order, with standing, referral counts, referrer, ' +
          'points and answers. Streamed: the download starts at once and holds any number of testers. An error after the first byte ' +
          'aborts the transfer (a truncated download), so a file received whole is complete.',
        params: BetaParams,
        querystring: BetaExportQuery,
        response: { 200: { description: answer.description, content: { [answer.mediaType]: { schema: answer.schema } } } },
      },
      handler: async (request, reply) => {
        const exported = await service.exportBeta(principalOf(request).companyId, request.params.beta_id, request.query, format);
        return reply
          .header('content-type', answer.contentType)
          .header('content-disposition', `attachment; filename="beta-${exported.betaId}-testers.${format}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(exported.chunks, { objectMode: false }));
      },
    });
  }
}
