// First start on an empty database: a company named "Default" with one API key, shown once.
import type { Config } from './config.ts';
import type { Services } from './services.ts';

export async function bootstrapIfEmpty(services: Services, config: Config, print: (text: string) => void): Promise<void> {
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
