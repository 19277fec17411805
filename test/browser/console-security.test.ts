// The console's defences as a browser meets them: failed sign-ins limited per address (the form says
// for how long, and the right password is refused too while limited), and a write sent from a
// signed-in page without the session's CSRF token, or with another, refused with nothing changed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../src/primitives/errors.ts';
import type { TestContext } from '../support/context.ts';
import { addMember, PASSWORD } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester } from '../modules/testers/support.ts';

describe('console defences in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ env: { RATE_LIMIT_SIGN_IN_ADDRESS: '3/15m', RATE_LIMIT_SIGN_IN_NETWORK: '50/15m' } })));
  after(() => ctx?.close());

  const sessions = async () => (await ctx.database.db.selectFrom('member_sessions').select('id').execute()).length;

  test('after three wrong passwords from one network the form says the address is limited, and the right password is refused there too', async () => {
    await addMember(ctx, 'limited@example.com', 'admin');
    const page = await console.newPage();
    await page.goto(`${origin}/console`);
    await page.getByLabel('Email').fill('limited@example.com');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByLabel('Password').fill(`wrong password ${attempt}`);
      const [answer] = await Promise.all([page.waitForResponse('**/console/session'), page.getByRole('button', { name: 'Sign in' }).click()]);
      assert.equal(answer.status(), 401, `attempt ${attempt}`);
    }
    await page.getByLabel('Password').fill(PASSWORD);
    const [limited] = await Promise.all([page.waitForResponse('**/console/session'), page.getByRole('button', { name: 'Sign in' }).click()]);
    assert.equal(limited.status(), 429);
    assert.equal((await limited.json()).errors[0].code, Errors.rateLimited.code);
    await page.locator('#sign-in-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#sign-in-error')) ?? '', /for this e-mail address/);
    assert.equal(page.url(), `${origin}/console`, 'still on the sign-in page');
    assert.equal(await sessions(), 0);
    await page.context().close();
  });

  test('a write from a signed-in page without the CSRF token, or with another, is refused and changes nothing', async () => {
    await addMember(ctx, 'careful@example.com', 'admin');
    const beta = await ctx.createBeta({}, 'Guarded');
    const tester = await createTester(ctx, beta.id);
    const page = await console.newPage();
    await console.signInAs(page, 'careful@example.com');
    const attempt = (token: string | null) =>
      page.evaluate(
        async ([url, token]) => {
          const headers: Record<string, string> = token === null ? {} : { 'x-csrf-token': token };
          const response = await fetch(url, { method: 'DELETE', headers, credentials: 'same-origin' });
          return { status: response.status, body: await response.json() };
        },
        [`/api/v2/betas/${beta.id}/testers/${tester.id}`, token] as const,
      );
    for (const token of [null, 'not-the-token']) {
      const refused = await attempt(token);
      assert.equal(refused.status, 403, `token ${token}`);
      assert.equal(refused.body.errors[0].code, 3003);
    }
    const stored = await ctx.database.db.selectFrom('testers').select('id').where('id', '=', tester.id).execute();
    assert.equal(stored.length, 1, 'the tester is still there');
    // The page's own token is what the console sends: the same write then goes through.
    const token = await page.getAttribute('meta[name=csrf-token]', 'content');
    assert.equal((await attempt(token)).status, 200);
    assert.deepEqual(await ctx.database.db.selectFrom('testers').select('id').where('id', '=', tester.id).execute(), []);
    await page.context().close();
  });
});
