// prelaunch key create|list|revoke. The secret is printed once, by create; nothing else shows it
// (and nothing at all shows its hash).
import type { Command } from 'commander';
import { presentCreatedKey, presentKeyInfo } from '../../modules/accounts/accounts.presenter.ts';
import { Permissions } from '../../modules/accounts/permissions.ts';
import { requireCompany, type CliContext } from '../context.ts';
import { parseExpiryArgument, parseIdArgument, parseListArgument } from '../options.ts';

export function registerKeyCommands(program: Command, context: CliContext): void {
  const key = program.command('key').description('manage API keys');

  key
    .command('create')
    .description('create an API key; the key is shown only in this output')
    .requiredOption('--company <id>', 'company id', parseIdArgument)
    .option('--name <name>', 'a label for the key', 'API key')
    .option('--expires-at <iso>', 'expiry, ISO 8601 (e.g. 2027-01-31 or 2027-01-31T12:00:00Z)', parseExpiryArgument)
    .option('--permissions <list>', `comma-separated, all by default: ${Permissions.join(',')}`, parseListArgument)
    .action(async (options: { company: number; name: string; expiresAt?: Date; permissions?: string[] }) => {
      const { services } = await context.open();
      await requireCompany(services, options.company);
      const created = await services.accounts.createApiKey({
        companyId: options.company,
        name: options.name,
        expiresAt: options.expiresAt ?? null,
        permissions: options.permissions,
      });
      context.print(presentCreatedKey(created));
    });

  key
    .command('list')
    .description("list a company's API keys (never the keys themselves)")
    .requiredOption('--company <id>', 'company id', parseIdArgument)
    .action(async (options: { company: number }) => {
      const { services } = await context.open();
      await requireCompany(services, options.company);
      context.print((await services.accounts.listApiKeys(options.company)).map(presentKeyInfo));
    });

  key
    .command('revoke')
    .description('revoke an API key at once (revoking it again keeps the first time)')
    .argument('<id>', 'API key id', parseIdArgument)
    .action(async (id: number) => {
      const { services } = await context.open();
      context.print(presentKeyInfo(await services.accounts.revokeApiKey(id)));
    });
}
