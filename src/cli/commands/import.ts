// prelaunch import: a CSV file of testers imported into a beta by this process (docs/import.md).
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Command } from 'commander';
import { readBeta } from '../../modules/betas/betas.service.ts';
import { presentImport } from '../../modules/imports/imports.presenter.ts';
import type { CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

interface ImportCommandOptions {
  beta?: number;
  dryRun?: boolean;
  mapping?: string;
  preset?: string;
  sendEmails?: boolean;
  resume?: number;
}

export function registerImportCommand(program: Command, context: CliContext): void {
  program
    .command('import')
    .description(
      'import a CSV file of testers into a beta (or check it, with --dry-run), in this process; prints the import and its report. ' +
        'An import interrupted (the process stopped) is continued with --resume ID',
    )
    .argument('[file]', 'the CSV file (UTF-8, a header line naming the columns)')
    .option('--beta <id>', 'the beta to import into', parseIdArgument)
    .option('--dry-run', 'check every line and report; store no tester')
    .option('--mapping <json>', 'JSON object: a column of the file → the tester field it fills, or null to ignore it')
    .option('--preset <name>', "another service's export columns: prefinery, growsurf, viralloops")
    .option('--send-emails', 'send each imported tester the e-mail of their status (none by default)')
    .option('--resume <id>', 'continue the import with this id where it stopped', parseIdArgument)
    .action(async (file: string | undefined, options: ImportCommandOptions) => {
      const { services, database } = await context.open();
      let importId = options.resume;
      if (importId === undefined) {
        if (options.beta === undefined || file === undefined) throw new Error('give --beta ID and a FILE (or --resume ID)');
        const beta = await readBeta(database.db, options.beta);
        if (!beta) throw new Error(`no beta with id ${options.beta}`);
        await access(file).catch(() => {
          throw new Error(`cannot read ${file}`);
        });
        const created = await services.imports.create(beta.company_id, String(beta.id), async () => createReadStream(file), {
          dryRun: options.dryRun,
          sendEmails: options.sendEmails,
          mapping: options.mapping,
          preset: options.preset,
          queue: false,
        });
        importId = created.id;
      }
      const done = await services.imports.runNow(importId);
      if (!done) throw new Error(`no import with id ${importId}`);
      context.print(presentImport(done));
    });
}
