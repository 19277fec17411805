// prelaunch company create|list
import type { Command } from 'commander';
import { presentCompany } from '../../modules/accounts/accounts.presenter.ts';
import type { CliContext } from '../context.ts';
import { parseCountArgument } from '../options.ts';

export function registerCompanyCommands(program: Command, context: CliContext): void {
  const company = program.command('company').description('manage companies (tenants)');

  company
    .command('create')
    .description('create a company')
    .requiredOption('--name <name>', 'company name')
    .option('--max-testers <n>', 'plan limit: testers beyond it are created hidden', parseCountArgument)
    .action(async (options: { name: string; maxTesters?: number }) => {
      const { services } = await context.open();
      const created = await services.accounts.createCompany({ name: options.name, maxTesters: options.maxTesters ?? null });
      context.print(presentCompany(created));
    });

  company
    .command('list')
    .description('list every company')
    .action(async () => {
      const { services } = await context.open();
      context.print((await services.accounts.listCompanies()).map(presentCompany));
    });
}
