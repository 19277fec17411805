// npm run bench:bulk -- --beta ID [--database-url URL]
// Bulk actions and fraud review on a seeded beta (npm run bench:seed), in process through the
// services the routes call: the preview of "invite the top N" and of a filter over every tester,
// the creation of a top-N action (its selection fixed in one statement) and of a filter's (counted),
// one batch of the job, and the pages the console reads (actions, fraud queue, decisions). Each
// figure is the median of three rounds, in milliseconds. Writes to the bench database: use a copy.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/process/config.ts';
import { createServices } from '../src/services.ts';
import type { Principal } from '../src/modules/accounts/accounts.service.ts';
import { Permissions } from '../src/modules/accounts/permissions.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:bulk -- --beta ID [--database-url sqlite:PATH|postgres://…]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' } } });
  if (values.help) return console.log(USAGE);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  const database = await openBenchDatabase(values['database-url']);
  const services = await createServices(database, loadConfig({ DATABASE_URL: values['database-url'], LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' }));
  const beta = await database.db.selectFrom('betas').select('company_id').where('id', '=', betaId).executeTakeFirstOrThrow();
  const principal: Principal = { companyId: beta.company_id, keyId: null, session: null, permissions: new Set(Permissions) };
  const id = String(betaId);
  const page = { page: 1, perPage: 25, offset: 0 };
  const figures: Record<string, number> = {};
  // As a server does at start: the waitlists' order-statistics index, which every tester view (an e-mail's, an event's) reads.
  await services.standings.warm();
  const time = async (name: string, work: () => Promise<unknown>, rounds = 3) => {
    const ms: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await work();
      ms.push(performance.now() - started);
    }
    figures[name] = Math.round(median(ms));
    console.log(`${name.padEnd(44)} ${figures[name]} ms`);
  };
  try {
    await time('preview: invite the top 1,000', () => services.bulkActions.preview(principal.companyId, id, { action: 'invite', top: 1000 }));
    await time('preview: invite the top 100,000', () => services.bulkActions.preview(principal.companyId, id, { action: 'invite', top: 100_000 }));
    await time('preview: reject every tester (filter {})', () => services.bulkActions.preview(principal.companyId, id, { action: 'set_status', status: 'rejected', filters: {} }));
    await time('preview: invite email_contains=example', () => services.bulkActions.preview(principal.companyId, id, { action: 'invite', filters: { email_contains: 'example' } }));
    let created = 0;
    await time('create: invite the top 1,000', async () => {
      created = (await services.bulkActions.create(principal, id, { action: 'invite', top: 1000 })).id;
    });
    await time('create: invite the top 100,000', () => services.bulkActions.create(principal, id, { action: 'invite', top: 100_000 }), 1);
    await time('create: reject every tester (filter {})', () => services.bulkActions.create(principal, id, { action: 'set_status', status: 'rejected', filters: {} }), 1);
    // One batch of the first action: stopped after it.
    const stop = new AbortController();
    const moves = services.testers.moveStatuses;
    services.testers.moveStatuses = async (...args) => {
      const outcome = await moves.apply(services.testers, args);
      stop.abort();
      return outcome;
    };
    await time('job: one batch of 200 invitations', () => services.bulkActions.run(created, stop.signal), 1);
    services.testers.moveStatuses = moves;
    await time('page: list bulk actions', () => services.bulkActions.list(principal.companyId, id, page));
    await time('page: fraud queue', () => services.fraudReview.queue(principal.companyId, id, page));
    await time('page: fraud decisions', () => services.fraudReview.log(principal.companyId, id, page));
    // Leave the bench beta as it was: the actions created here are cancelled.
    for (const action of (await services.bulkActions.list(principal.companyId, id, { page: 1, perPage: 100, offset: 0 })).items) {
      if (action.state === 'queued' || action.state === 'running') await services.bulkActions.cancel(principal.companyId, id, String(action.id));
      await services.bulkActions.run(action.id);
    }
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
