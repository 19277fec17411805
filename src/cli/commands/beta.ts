// prelaunch beta create
import type { Command } from 'commander';
import { presentBeta } from '../../modules/betas/betas.presenter.ts';
import { requireCompany, type CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

export function registerBetaCommands(program: Command, context: CliContext): void {
  const beta = program.command('beta').description('manage betas (campaigns)');

  beta
    .command('create')
    .description('create a beta with the default settings; prints it as the API shows it')
    .requiredOption('--company <id>', 'company id', parseIdArgument)
    .requiredOption('--name <name>', 'beta name')
    .requiredOption('--homepage-url <url>', 'where share links lead, an absolute http(s) URL')
    .option('--id <id>', 'keep this id (the beta\'s id in the service you move from); refused when taken', parseIdArgument)
    .action(async (options: { company: number; name: string; homepageUrl: string; id?: number }) => {
      const { services, config } = await context.open();
      await requireCompany(services, options.company);
      const created = await services.betas.create(options.company, { id: options.id, name: options.name, homepage_url: options.homepageUrl });
      context.print(presentBeta(created, config.publicUrl));
    });
}
