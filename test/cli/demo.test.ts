// `npm run demo` on a fresh database: the campaign it seeds is in the first company, and the
// console it prints can be signed in to with the setup link it prints.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createTestDatabase, startTestContext, type TestContext } from '../support/context.ts';
import { sessionOf } from '../console/support.ts';

describe('npm run demo', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: TestContext;
  let printed: string;
  let status: number | null;

  before(async () => {
    database = await createTestDatabase();
    const run = spawnSync('npm', ['run', '-s', 'demo', '--', '--scale', '0.05'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: database.url, PUBLIC_URL: 'https://demo.prelaunch.test', LOG_LEVEL: 'silent' },
      timeout: 300_000,
    });
    printed = run.stdout + run.stderr;
    status = run.status;
    ctx = await startTestContext({ databaseUrl: database.url });
  });
  after(async () => {
    await ctx?.close();
    await database?.drop();
  });

  test('seeds "Nimbus" in the first company, with referrals, rewards, flagged testers and e-mails', async () => {
    assert.equal(status, 0, printed);
    const [first] = await ctx.services.accounts.listCompanies();
    const beta = await ctx.database.db.selectFrom('betas').selectAll().where('slug', '=', 'nimbus').executeTakeFirstOrThrow();
    assert.equal(beta.company_id, first!.id);
    const testers = await ctx.database.db.selectFrom('testers').select(['referrer_id', 'fraud_flags']).where('beta_id', '=', beta.id).execute();
    assert.match(printed, new RegExp(`"Nimbus" is ready: ${testers.length} testers, beta ${beta.id}\\.`));
    assert.ok(testers.length > 100, `${testers.length} testers`);
    assert.ok(testers.filter((t) => t.referrer_id !== null).length > 10, 'referred testers');
    assert.ok(testers.filter((t) => t.fraud_flags !== null).length >= 3, 'a flagged cluster');
    const rewards = await ctx.database.db.selectFrom('rewards').select('id').where('beta_id', '=', beta.id).execute();
    assert.ok(rewards.length >= 1, 'milestone rewards earned');
    const emails = await ctx.database.db.selectFrom('email_messages').select('id').where('beta_id', '=', beta.id).execute();
    assert.ok(emails.length >= 1, 'e-mails captured');
    const endpoints = await ctx.database.db.selectFrom('webhook_endpoints').select('enabled').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(endpoints.map((e) => Boolean(e.enabled)), [false, false], 'the seed receiver is gone: its endpoints are off');
    assert.equal((await ctx.services.accounts.listApiKeys(first!.id)).filter((key) => !key.revoked_at).length, 1, 'only the printed key is live');
  });

  test('the printed setup link creates the first owner, who sees the campaign in the console', async () => {
    const link = /https:\/\/demo\.prelaunch\.test\/console\/setup\?token=([A-Za-z0-9_-]{43})/.exec(printed);
    assert.ok(link, printed);
    const consoleUrl = /the console: +(\S+)/.exec(printed)?.[1];
    assert.match(String(consoleUrl), /^https:\/\/demo\.prelaunch\.test\/console\/betas\/\d+$/);
    const headers = { origin: ctx.config.publicUrl };
    const created = await ctx.request('POST', '/console/setup', { key: null, body: { token: link[1], email: 'me@example.com', password: 'my own demo password' }, headers });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const owner = sessionOf(ctx, { ...created, status: 200 });
    const page = await owner.request('GET', new URL(consoleUrl!).pathname);
    assert.equal(page.status, 200);
    assert.match(page.raw.body, /Nimbus/);
    const betas = await owner.request('GET', '/api/v2/betas');
    assert.deepEqual(betas.body.map((beta: { name: string }) => beta.name), ['Nimbus']);
  });

  test('a second run refuses to seed the campaign twice, and says where it is', () => {
    const again = spawnSync('npm', ['run', '-s', 'demo', '--', '--scale', '0.05'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /The demo campaign is here already: beta \d+ \("Nimbus"\)/);
  });
});
