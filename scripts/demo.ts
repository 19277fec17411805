// `npm run demo [-- --scale 1]`: fills the first company of the database `npm start` uses
// (DATABASE_URL, by default ./data/prelaunch.sqlite) with "Nimbus", the realistic campaign of
// scripts/launch-seed.ts (about 2,300 testers at scale 1, over the last six weeks, with referrals,
// milestone rewards, a flagged cluster, webhooks and captured e-mails), then prints how to sign in
// to the console. Everything goes through the API, so the figures are what the service recorded.
import { parseArgs } from 'node:util';
import { bootstrapIfEmpty } from '../src/process/bootstrap.ts';
import { loadConfig } from '../src/process/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';
import { openGeoLocator } from '../src/modules/testers/geoip.ts';
import { TestClock } from '../test/support/clock.ts';
import { startTestContext } from '../test/support/context.ts';
import { seedLaunch } from './launch-seed.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) {
  console.error('usage: npm run demo [-- --scale N]   (N from 0.01 to 10; 1 is about 2,300 testers)');
  process.exit(2);
}

const config = loadConfig(process.env);
const print = (text: string) => console.log(text);

// The first company, made as the first `npm start` makes it when the database is new.
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database);
const services = await createServices(database, config, { geo: await openGeoLocator('off') });
await bootstrapIfEmpty(services, config, print);
const [company] = await services.accounts.listCompanies();
const taken = await database.db.selectFrom('betas').select('id').where('company_id', '=', company!.id).where('slug', '=', 'nimbus').executeTakeFirst();
await services.close();
await database.close();
if (taken) {
  console.error(`The demo campaign is here already: beta ${taken.id} ("Nimbus") of company ${company!.id}. Sign in at ${config.publicUrl}/console to see it.`);
  process.exit(1);
}

// The campaign's six weeks are replayed on a clock that ends now. The webhook receiver it starts
// is on this machine, hence private targets for the seed's own requests.
console.log(`Seeding "Nimbus" in company ${company!.id} ("${company!.name}") of ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')} …`);
const ctx = await startTestContext({
  databaseUrl: config.databaseUrl,
  companyId: company!.id,
  clock: new TestClock(new Date()),
  env: { PUBLIC_URL: config.publicUrl, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
});
const campaign = await seedLaunch(ctx, { scale });
// The receiver goes with this command: the endpoints are switched off so the server does not
// retry deliveries to it. Their logs stay.
const webhooks = await ctx.request('GET', `/api/v2/betas/${campaign.beta.id}/webhooks`);
for (const endpoint of webhooks.body as Array<{ id: number }>) {
  await ctx.request('PATCH', `/api/v2/betas/${campaign.beta.id}/webhooks/${endpoint.id}`, { body: { enabled: false } });
}
await campaign.close();
await ctx.close();

console.log(
  [
    '',
    `"Nimbus" is ready: ${campaign.testers.toLocaleString('en')} testers, beta ${campaign.beta.id}.`,
    '',
    'Start the service with `npm start`, then:',
    `  the console:          ${config.publicUrl}/console/betas/${campaign.beta.id}`,
    `  the signup page:      ${config.publicUrl}/b/nimbus`,
    `  the API reference:    ${config.publicUrl}/docs`,
    '',
    'Sign in with your console account. With no member yet, open the setup link printed above (or the',
    'one `npm start` prints) to create the first owner; it works once, for 24 hours.',
    '',
  ].join('\n'),
);
