// npm run bench:outbox -- [--database-url URL] [--messages 1000000]
// The console's outbox at scale: a beta of its own is given `--messages` logged e-mails (written
// here in one statement, unless it has them already: captured mostly, 2 % sent, 1 in 10,000 failed;
// a third confirmations, a tenth `applied`), then each page the outbox asks for is read through the
// service its route calls: the newest, a page far down by cursor, and each filter, a common and a
// rare one among them. Each figure is the median of five reads, in milliseconds.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../src/process/config.ts';
import { createServices } from '../src/services.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';

const USAGE = 'usage: npm run bench:outbox -- [--database-url sqlite:PATH|postgres://…] [--messages 1000000]';
const BETA_NAME = 'Outbox bench';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...BENCH_DATABASE_OPTIONS, messages: { type: 'string', default: '1000000' } } });
  if (values.help) return console.log(USAGE);
  const count = positiveInteger(values.messages, 'messages', USAGE);
  const database = await openBenchDatabase(values['database-url']);
  const services = await createServices(database, loadConfig({ DATABASE_URL: values['database-url'], LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' }));
  const { db } = database;
  try {
    let beta = await db.selectFrom('betas').select(['id', 'company_id']).where('name', '=', BETA_NAME).executeTakeFirst();
    if (!beta) {
      const company = await services.accounts.createCompany({ name: BETA_NAME });
      const created = await services.betas.create(company.id, { name: BETA_NAME, homepage_url: 'https://example.com' });
      beta = { id: created.id, company_id: company.id };
    }
    const stored = Number((await db.selectFrom('email_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).executeTakeFirstOrThrow()).n);
    if (stored < count) {
      const started = performance.now();
      const numbers = database.dialect === 'sqlite'
        ? sql`with recursive n(i) as (select ${stored + 1} union all select i + 1 from n where i < ${count}) select i from n`
        : sql`select i from generate_series(${stored + 1}::int, ${count}::int) as i`;
      await sql`insert into email_messages (beta_id, tester_id, to_address, email_normalized, occasion, subject, text_body, html_body, status, error, unsubscribe_token, created_at, sent_at, test)
        select ${beta.id}, null, 'tester' || i || '@example.com', 'tester' || i || '@example.com',
          case when i % 10 = 0 then 'applied' when i % 3 = 0 then 'confirmation' else 'invitation' end,
          'Subject', 'Body', '<p>Body</p>',
          case when i % 10000 = 0 then 'failed' when i % 50 = 0 then 'sent' else 'captured' end,
          null, 'outbox-bench-' || ${beta.id} || '-' || i, '2026-01-01T00:00:00.000Z', null, 0
        from (${numbers}) as numbers`.execute(db);
      if (database.dialect === 'sqlite') await sql`analyze`.execute(db);
      else await sql`analyze email_messages`.execute(db);
      console.log(`wrote ${(count - stored).toLocaleString('en')} messages in ${Math.round(performance.now() - started)} ms`);
    }
    const oldest = await db.selectFrom('email_messages').select('id').where('beta_id', '=', beta.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const browse = (filters: object, before?: number) =>
      services.emailLog.browseMessages(beta.company_id, String(beta.id), filters, { before, limit: 50 });
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['newest 50', () => browse({})],
      ['50 from the oldest by cursor', () => browse({}, oldest.id + 50)],
      ['status=captured (98 %)', () => browse({ status: 'captured' })],
      ['occasion=applied (10 %)', () => browse({ occasion: 'applied' })],
      ['status=sent (2 %)', () => browse({ status: 'sent' })],
      ['status=failed (1 in 10,000)', () => browse({ status: 'failed' })],
      ['status=queued (none)', () => browse({ status: 'queued' })],
      ['email=tester777@example.com', () => browse({ email: 'tester777@example.com' })],
    ];
    console.log(`${database.dialect}, ${count.toLocaleString('en')} messages in the beta`);
    for (const [name, read] of cases) {
      const ms: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        await read();
        ms.push(performance.now() - started);
      }
      console.log(`${name.padEnd(32)} ${Math.round(median(ms))} ms`);
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
