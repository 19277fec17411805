// prelaunch export: a beta's testers (all, or those the list filters match) as CSV or NDJSON, to
// stdout or a file, written as they are read (the testers module's export, as the API's
// …/testers.csv and …/testers.ndjson give it). A file is written beside its name and renamed into
// place once complete, so an export that fails leaves no partial file under the name asked for.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { ExportFormats, type ExportFormat } from '../../modules/testers/export-format.ts';
import type { TesterFilters } from '../../modules/testers/tester-filters.ts';
import type { CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

interface ExportOptions {
  beta: number;
  format: ExportFormat;
  output?: string;
  emailIs?: string;
  emailContains?: string;
  name?: string;
  referralCode?: string;
  customVars?: string;
}

function parseFormat(text: string): ExportFormat {
  if (!(ExportFormats as readonly string[]).includes(text)) throw new InvalidArgumentError(`It must be one of ${ExportFormats.join(', ')}.`);
  return text as ExportFormat;
}

/** The chunks into `file`, through a neighbour that is renamed into place once all are written (private: it holds personal data). */
async function writeFile(file: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export function registerExportCommand(program: Command, context: CliContext): void {
  program
    .command('export')
    .description("write a beta's testers (all, or those the filters match) as CSV or NDJSON, as the API's testers.csv and testers.ndjson do")
    .requiredOption('--beta <id>', 'beta id', parseIdArgument)
    .option('--format <format>', `${ExportFormats.join(' or ')}`, parseFormat, 'csv')
    .option('--output <file>', 'write to this file (created readable by its owner only) instead of stdout')
    .option('--email-is <address>', 'only the tester with this e-mail address')
    .option('--email-contains <text>', 'only testers whose e-mail address contains this')
    .option('--name <text>', 'only testers whose name contains this')
    .option('--referral-code <code>', 'only the tester with this referral code')
    .option('--custom-vars <value>', 'only testers with this value in custom_var1, 2 or 3')
    .action(async (options: ExportOptions) => {
      const { services } = await context.open();
      const filters: TesterFilters = {
        email_is: options.emailIs,
        email_contains: options.emailContains,
        name: options.name,
        referral_code: options.referralCode,
        custom_vars: options.customVars,
      };
      const { chunks } = await services.testers.exportAnyBeta(options.beta, filters, options.format);
      await (options.output ? writeFile(options.output, chunks) : context.stream(chunks));
    });
}
