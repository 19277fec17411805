import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, Timestamp } from '../../http/schemas.ts';
import { PRESETS } from './mapping.ts';

export const ImportStatuses = ['queued', 'running', 'completed', 'failed'] as const;

const Problem = Type.Object({
  line: Type.Integer({ description: 'Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several)' }),
  message: Type.String(),
});

export const ImportSchema = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Enum(ImportStatuses),
    dry_run: Type.Boolean({ description: 'A dry run checks every line and stores nothing but this report' }),
    send_emails: Type.Boolean({ description: 'Whether each imported tester is sent the e-mail of their status' }),
    rows_total: Type.Integer({ description: 'Lines of testers read so far (the header not counted)' }),
    rows_accepted: Type.Integer({ description: 'Lines imported (or, in a dry run, that would be)' }),
    rows_rejected: Type.Integer({ description: 'Lines refused, each listed in errors (the first 100)' }),
    rows_duplicate: Type.Integer({ description: 'Lines skipped because their address is earlier in the file or in the beta already' }),
    referrals_linked: Type.Integer({ description: 'Testers given the referrer their line names (or, in a dry run, that would be)' }),
    errors: Type.Array(Problem, { description: 'The first 100 rejected lines and why; errors_count counts them all' }),
    errors_count: Type.Integer(),
    warnings: Type.Array(Problem, {
      description: 'The first 100 notes on lines imported or skipped: duplicates, referrers not found, columns not imported (line 1)',
    }),
    warnings_count: Type.Integer(),
    failure: Nullable(Type.String({ description: 'Why a failed import stopped' })),
    created_at: Timestamp,
    updated_at: Timestamp,
    finished_at: Nullable(Timestamp),
  },
  { $id: 'Import' },
);

export const ImportCreateQuery = Type.Object({
  dry_run: FormBoolean({ description: 'Check the file and report, storing no tester', default: false }),
  send_emails: FormBoolean({ description: 'Send each imported tester the e-mail of their status (none by default)', default: false }),
  mapping: Type.Optional(
    Type.String({
      maxLength: 20_000,
      description: 'JSON object: a column of the file → the tester field it fills (email, first_name, profile.city, responses.12, …), or null to ignore it',
    }),
  ),
  preset: Type.Optional(Type.String({ maxLength: 40, description: `The columns of another service's export: ${Object.keys(PRESETS).join(', ')}` })),
});

export const ImportCreateBody = {
  content: {
    'text/csv': { schema: { description: 'The CSV file: a header line naming the columns, then a line per tester; UTF-8' } },
    'multipart/form-data': {
      schema: Type.Object({ file: Type.Optional(Type.Unknown({ description: 'The CSV file' })) }, { description: 'The file in a field named file' }),
    },
  },
};

export const ImportListQuery = Type.Object({ ...PaginationQuery });

export const ImportParams = Type.Object({
  ...BetaParams.properties,
  import_id: Type.String({ maxLength: 40, description: 'Import id' }),
});
