// The owner console in a real browser (headless Chromium) against a listening server: the first
// owner's setup link, sign-in and sign-out, errors next to their field, the forgotten password
// through the captured e-mail, the sign-in link of an address under attack, a write the member's role no longer allows, keyboard-only sign-in,
// every page at 360 px, another company's beta, and axe on every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember, linkMailedTo, PASSWORD } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester } from '../modules/testers/support.ts';

describe('owner console in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let newPage: ConsoleBrowser['newPage'];
  let signInAs: ConsoleBrowser['signInAs'];

  before(async () => ({ ctx, origin, console: { newPage, signInAs } } = await startConsoleBrowser()));
  after(() => ctx?.close());

  const sessionsOf = async (email: string) =>
    (await ctx.database.db.selectFrom('member_sessions').innerJoin('members', 'members.id', 'member_sessions.member_id').select('member_sessions.id').where('members.email', '=', email).execute()).length;

  // First: the setup link exists only while the installation has no member.
  test('the setup link creates the first owner, signed in at once', async () => {
    const link = await ctx.services.memberLinks.setupLink();
    assert.ok(link);
    const page = await newPage();
    await page.goto(link);
    assert.equal(await page.textContent('h1'), 'Set up Prelaunch');
    await assertAccessible(page, 'setup');
    await page.getByLabel('Email').fill('founder@example.com');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create owner' }).click();
    await page.locator('#password-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#password-error')) ?? '', /12/);
    assert.equal(await page.getAttribute('#field-password', 'aria-invalid'), 'true');
    assert.deepEqual(await ctx.services.members.list(ctx.companyId), [], 'nothing created');

    await page.getByLabel('Password').fill('the founder is here');
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Create owner' }).click()]);
    assert.equal(await page.textContent('.who'), 'founder@example.com · owner');
    const members = await ctx.services.members.list(ctx.companyId);
    assert.deepEqual(members.map((m) => [m.email, m.role]), [['founder@example.com', 'owner']]);
    assert.equal(await ctx.services.memberLinks.setupLink(), null);
    await page.context().close();
  });

  test('sign-in: a wrong password is shown next to the field; the right one opens the betas; sign-out ends the session', async () => {
    await addMember(ctx, 'ada@example.com', 'admin');
    const rocket = await ctx.createBeta({}, 'Rocket');
    await createTester(ctx, rocket.id);
    const page = await newPage();
    const response = await page.goto(`${origin}/console`);
    assert.equal(response?.status(), 200);
    await assertAccessible(page, 'sign-in');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#password-error:not([hidden])').waitFor();
    assert.equal(await page.textContent('#password-error'), 'Email or password is wrong');
    assert.equal(await page.getAttribute('#field-password', 'aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-password', 'focus moves to the field to correct');
    assert.equal(page.url(), `${origin}/console`);
    assert.equal(await sessionsOf('ada@example.com'), 0);

    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.locator('#betas li').first().waitFor();
    assert.equal(await page.textContent('#betas-status'), '1 beta');
    assert.match((await page.textContent('#betas li')) ?? '', new RegExp(`^Rocket · (/b/${rocket.slug}|#${rocket.id}) · 1 tester$`));
    assert.equal(await sessionsOf('ada@example.com'), 1);
    const cookies = await page.context().cookies(origin);
    assert.deepEqual(cookies.map((c) => [c.name, c.httpOnly, c.sameSite]), [['prelaunch_session', true, 'Lax']]);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${origin}/console/account`);
    await Promise.all([page.waitForURL(`${origin}/console`), page.getByRole('button', { name: 'Sign out' }).click()]);
    assert.equal(await page.textContent('h1'), 'Sign in');
    assert.equal(await sessionsOf('ada@example.com'), 0);
    await page.goto(`${origin}/console/betas`);
    assert.equal(page.url(), `${origin}/console`, 'signed out: the pages send to the sign-in page');
    await page.context().close();
  });

  test('a new beta from the betas page: a wrong address is shown next to its field, then the beta is made and opened', async () => {
    await addMember(ctx, 'maker@example.com', 'admin');
    const page = await newPage();
    await signInAs(page, 'maker@example.com');
    await page.getByLabel('Name').fill('Second launch');
    await page.getByLabel('Homepage (where the signup form lives)').fill('ftp://nope');
    await page.getByRole('button', { name: 'Create beta' }).click();
    await page.locator('#homepage_url-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#homepage_url-error')) ?? '', /homepage_url/);
    const named = () => ctx.database.db.selectFrom('betas').select(['id', 'slug', 'homepage_url']).where('name', '=', 'Second launch').execute();
    assert.deepEqual(await named(), []);

    await page.getByLabel('Homepage (where the signup form lives)').fill('https://second.example.com/');
    await page.getByLabel('Address of its hosted page (optional)').fill('second-launch');
    await Promise.all([page.waitForURL(/\/console\/betas\/\d+(\?.*)?$/), page.getByRole('button', { name: 'Create beta' }).click()]);
    const [made] = await named();
    assert.deepEqual({ ...made, id: undefined }, { id: undefined, slug: 'second-launch', homepage_url: 'https://second.example.com/' });
    assert.equal(new URL(page.url()).pathname, `/console/betas/${made!.id}`, 'the dashboard of the new beta');
    assert.equal(await page.textContent('h1'), 'Second launch');
    await page.context().close();
  });

  test('a forgotten password: the link in the captured e-mail sets a new one, which then signs in', async () => {
    await addMember(ctx, 'grace@example.com', 'viewer');
    const page = await newPage();
    await page.goto(`${origin}/console`);
    await Promise.all([page.waitForURL(`${origin}/console/forgot`), page.getByRole('link', { name: 'Forgot your password?' }).click()]);
    await assertAccessible(page, 'forgot');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.locator('#forgot-sent:not([hidden])').waitFor();
    assert.match((await page.textContent('#forgot-sent')) ?? '', /link to choose a new password is on its way/);
    await ctx.runJobs();
    const link = await linkMailedTo(ctx, 'grace@example.com');

    await page.goto(link);
    assert.equal(await page.textContent('h1'), 'Choose a new password');
    await assertAccessible(page, 'reset');
    await page.getByLabel('New password').fill('grace remembered it');
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Set password' }).click()]);
    assert.equal(await page.textContent('.who'), 'grace@example.com · viewer');

    const other = await newPage();
    await other.goto(`${origin}/console`);
    await other.getByLabel('Email').fill('grace@example.com');
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.locator('#password-error:not([hidden])').waitFor();
    await signInAs(other, 'grace@example.com', 'grace remembered it');
    await page.context().close();
    await other.context().close();
  });

  test('a sign-in link e-mailed while the address is under attack signs in with one press, by keyboard too, and only once', async () => {
    await addMember(ctx, 'besieged@example.com', 'viewer');
    await ctx.services.memberLinks.sendSignInLink('besieged@example.com');
    await ctx.runJobs();
    const link = await linkMailedTo(ctx, 'besieged@example.com');
    const page = await newPage();
    await page.goto(link);
    assert.equal(await page.textContent('h1'), 'Sign in with a link');
    await assertAccessible(page, 'sign-in link');
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.keyboard.press('Enter')]);
    assert.equal(await page.textContent('.who'), 'besieged@example.com · viewer');
    assert.equal(await sessionsOf('besieged@example.com'), 1);

    const again = await newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.locator('#sign-in-link-error:not([hidden])').waitFor();
    assert.match((await again.textContent('#sign-in-link-error')) ?? '', /not valid any more/);
    assert.equal(await sessionsOf('besieged@example.com'), 1);
    await page.context().close();
    await again.context().close();
  });

  test('a member made a viewer while the page is open is refused the write: the page says so and nothing changes', async () => {
    const demoted = await addMember(ctx, 'was-owner@example.com', 'owner');
    const page = await newPage();
    await signInAs(page, 'was-owner@example.com');
    await page.goto(`${origin}/console/members`);
    await page.locator('#members tr').first().waitFor();
    await ctx.services.members.changeRole(ctx.companyId, demoted.id, 'viewer');
    const before = await ctx.services.members.list(ctx.companyId);

    await page.getByLabel('Email').fill('newcomer@example.com');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.locator('#add-member-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#add-member-error')) ?? '', /permission|role|owner/i);
    assert.equal(await page.isHidden('#add-member-done'), true);
    assert.deepEqual(await ctx.services.members.list(ctx.companyId), before);
    await page.context().close();
  });

  test('keyboard only: Tab reaches each field with a visible focus ring, Enter signs in', async () => {
    await addMember(ctx, 'keys@example.com', 'viewer');
    const page = await newPage();
    await page.goto(`${origin}/console`);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { id: element.id, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    await page.keyboard.press('Tab');
    assert.deepEqual(await focused(), { id: 'field-email', outline: 'solid 3px' });
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    assert.deepEqual(await focused(), { id: 'field-password', outline: 'solid 3px' });
    await page.keyboard.type(PASSWORD);
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.keyboard.press('Enter')]);
    assert.equal(await page.textContent('.who'), 'keys@example.com · viewer');
    await page.context().close();
  });

  test('another company\'s beta is not found, and its name shows nowhere', async () => {
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const theirs = await ctx.services.betas.create(other.id, { name: 'Their Secret', homepage_url: 'https://other.example', settings: {} });
    await addMember(ctx, 'nosy@example.com', 'owner');
    const page = await newPage();
    await signInAs(page, 'nosy@example.com');
    const response = await page.goto(`${origin}/console/betas/${theirs.id}`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.textContent('h1'), 'Not found');
    assert.doesNotMatch(await page.content(), /Their Secret/);
    await page.context().close();
  });

  test('every page at 360 px wide scrolls only down, and has no serious or critical axe violation', async () => {
    const beta = await ctx.createBeta({}, 'A beta with a rather long name that has to wrap on a phone');
    await addMember(ctx, 'a.member.with.a.long.address@subdomain.example.com', 'owner');
    const page = await newPage({ width: 360, height: 740 });
    const widthOf = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    const signedOut = ['/console', '/console/forgot', '/console/reset?token=x', '/console/setup?token=x', '/console/sign-in-link?token=x'];
    for (const path of signedOut) {
      await page.goto(`${origin}${path}`);
      const { scroll, client } = await widthOf();
      assert.ok(scroll <= client, `${path}: ${scroll} px wide in ${client}`);
    }
    await signInAs(page, 'a.member.with.a.long.address@subdomain.example.com');
    for (const [path, ready] of [
      ['/console/betas', '#betas li'],
      [`/console/betas/${beta.id}`, '#tile-total .value:not(:empty)'],
      ['/console/members', '#members tr'],
      ['/console/account', '#sign-out'],
    ] as const) {
      await page.goto(`${origin}${path}`);
      await page.locator(ready).first().waitFor();
      const { scroll, client } = await widthOf();
      assert.ok(scroll <= client, `${path}: ${scroll} px wide in ${client}`);
      await assertAccessible(page, path);
    }
    await page.context().close();
  });
});
