// First start on an empty database: a company named "Default" with one API key, shown once. And
// while no member exists, a one-time link (a day long) to create the console's first owner.
import type { Config } from './config.ts';
import type { Services } from '../services.ts';

export async function bootstrapIfEmpty(services: Services, config: Config, print: (text: string) => void): Promise<void> {
  await createCompanyIfNone(services, config, print);
  const setup = await services.memberLinks.setupLink();
  if (setup) print(['', 'No one can sign in to the console yet. Create its first owner (the link works once, for 24 hours):', '', `  ${setup}`, ''].join('\n'));
}

async function createCompanyIfNone(services: Services, config: Config, print: (text: string) => void): Promise<void> {
  if ((await services.accounts.listCompanies()).length > 0) return;
  const company = await services.accounts.createCompany({ name: 'Default' });
  const key = await services.accounts.createApiKey({ companyId: company.id, name: 'Default key' });
  print(
    [
      '',
      'Prelaunch created the company "Default" and this API key. It is shown only now; keep it safe:',
      '',
      `  ${key.key}`,
      '',
      'Try it:',
      `  curl -u ${key.key}: ${config.publicUrl}/api/v2/betas.json`,
      '',
    ].join('\n'),
  );
}
