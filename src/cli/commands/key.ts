// prelaunch key create|list|revoke. The secret is printed once, by create; nothing else shows it
// (and nothing at all shows its hash).
import type { Command } from 'commander';
import type { ApiKeyInfo, CreatedApiKey } from '../../modules/accounts/accounts.service.ts';
import { Permissions } from '../../modules/accounts/permissions.ts';
import { apiTime } from '../../time.ts';
import { requireCompany, type CliContext } from '../context.ts';
import { parseExpiryArgument, parseIdArgument, parseListArgument } from '../options.ts';

export function presentKeyInfo(key: ApiKeyInfo) {
  return {
    id: key.id,
    company_id: key.company_id,
    name: key.name,
    key_prefix: key.key_prefix,
    permissions: key.permissions,
    created_at: apiTime(key.created_at),
    expires_at: apiTime(key.expires_at),
    revoked_at: apiTime(key.revoked_at),
    last_used_at: apiTime(key.last_used_at),
  };
}

export function presentCreatedKey(key: CreatedApiKey) {
  return {
    id: key.id,
    company_id: key.company_id,
    name: key.name,
    key: key.key,
    permissions: key.permissions,
    created_at: apiTime(key.created_at),
    expires_at: apiTime(key.expires_at),
  };
}

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
