// The console's testers in a real browser: the table (search, filters, sort, pages, the address
// keeping them), a tester's page with its sections, each action with the stored state checked,
// a viewer's read-only page, another company's tester, a referral's share channel, 360 px, the
// keyboard and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { createTester, storedTester } from '../modules/testers/support.ts';
import { testerByEmail, visit } from '../public/support.ts';
import { RESEND_INTERVAL_SECONDS } from '../../src/modules/emails/emails.service.ts';

describe('console testers in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let betaId: number;
  let ann: any;
  let bob: any;
  let others: any[];
  let pages: ConsoleBrowser;

  before(async () => {
    ({ ctx, origin, console: pages } = await startConsoleBrowser());
    betaId = (await ctx.createBeta({}, 'Rocket')).id;
    const base = `/api/v2/betas/${betaId}`;
    await ctx.request('POST', `${base}/reward_definitions`, { body: { reward_definition: { descriptor: 'tshirt', name: 'A T-shirt', type: 'SingleSided' } } });
    await ctx.request('POST', `${base}/reward_rules`, { body: { reward_rule: { event: 'purchase', descriptor: 'tshirt' } } });
    ann = await createTester(ctx, betaId, { email: 'ann@example.com', profile: { first_name: 'Ann', last_name: 'Lee' }, groups: 'vip', leaderboard_name: 'Annie <3' });
    bob = await createTester(ctx, betaId, { email: 'bob@example.com', referrer_id: ann.referral_code, profile: { first_name: 'Bob' } });
    await createTester(ctx, betaId, { email: 'bob-friend@example.com', referrer_id: bob.referral_code });
    others = [];
    for (let i = 0; i < 27; i++) others.push(await createTester(ctx, betaId, { email: `filler-${String(i).padStart(2, '0')}@example.org` }));
    await createTester(ctx, betaId, { email: 'ivy@example.com', status: 'invited' });
    await addMember(ctx, 'owner@example.com', 'owner');
    await addMember(ctx, 'viewer@example.com', 'viewer');
  });
  after(() => ctx?.close());

  const newPage = (viewport?: { width: number; height: number }) => pages.newPage(viewport ?? { width: 1280, height: 900 });
  const signInAs = (page: Page, email: string) => pages.signInAs(page, email);

  /** Loads `path` and waits for its script to have filled it. */
  async function open(page: Page, path: string) {
    const response = await page.goto(`${origin}${path}`);
    await page.locator('body[data-ready]').waitFor();
    return response;
  }

  const emails = (page: Page) => page.locator('#testers tr td.email').allTextContents();
  const settled = (page: Page) => page.waitForFunction(() => document.getElementById('testers-status')?.textContent !== 'Loading…');

  test('the table: search, filter, sort and page, the address keeping each', async () => {
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers`);
    await assertAccessible(page, 'testers table');
    assert.equal(await page.textContent('#testers-status'), 'Testers 1–25 of 31');
    assert.equal((await emails(page))[0], 'ann@example.com');
    assert.equal(await page.isDisabled('#previous-page'), true);

    await page.click('#next-page');
    await page.waitForURL(`${origin}/console/betas/${betaId}/testers?page=2`);
    await settled(page);
    assert.equal(await page.textContent('#testers-status'), 'Testers 26–31 of 31');
    assert.equal((await emails(page)).at(-1), 'ivy@example.com');
    await page.goBack();
    await page.waitForURL(`${origin}/console/betas/${betaId}/testers`);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–25 of 31');

    await page.getByLabel('E-mail contains').fill('bob');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/email_contains=bob/);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–2 of 2');
    assert.deepEqual(await emails(page), ['bob@example.com', 'bob-friend@example.com']);

    // Filters and sort from the address alone (a reload shows the same).
    await open(page, `/console/betas/${betaId}/testers?referred=true&sort=referrals`);
    assert.equal(await page.inputValue('#field-referred'), 'true');
    assert.equal(await page.inputValue('#field-sort'), 'referrals');
    assert.deepEqual(await emails(page), ['bob@example.com', 'bob-friend@example.com']);
    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.deepEqual(await emails(page), ['bob@example.com', 'bob-friend@example.com']);

    await page.selectOption('#field-referred', '');
    await page.selectOption('#field-status', 'invited');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/status=invited/);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–1 of 1');
    assert.deepEqual(await emails(page), ['ivy@example.com']);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.fill('#field-group', 'vip');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–1 of 1');
    assert.deepEqual(await emails(page), ['ann@example.com']);

    // A value the API refuses is shown next to its field.
    await open(page, `/console/betas/${betaId}/testers?sort=height`);
    await page.locator('#sort-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#sort-error')) ?? '', /sort/);
    await page.context().close();
  });

  test("a tester's page: profile, standing, referrals one level at a time, points, rewards, e-mails", async () => {
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers`);
    await page.getByRole('link', { name: 'ann@example.com' }).click();
    await page.waitForURL(`${origin}/console/betas/${betaId}/testers/${ann.id}`);
    await page.locator('body[data-ready]').waitFor();
    await assertAccessible(page, 'tester page');
    assert.equal(await page.textContent('h1'), 'ann@example.com');
    assert.match((await page.textContent('#tester-profile')) ?? '', /Ann Lee/);
    assert.match((await page.textContent('#tester-profile')) ?? '', /Public nameAnnie <3/, 'the name she shows on the leaderboard, as text');
    assert.match((await page.textContent('#referrals-status')) ?? '', /^1 direct referral/);
    assert.deepEqual(await page.locator('#tester-referrals tr td:first-child').allTextContents(), ['bob@example.com']);
    await page.getByRole('button', { name: 'Show their referrals (bob@example.com)' }).click();
    await page.locator('#tester-referrals tr.nested').first().waitFor();
    assert.deepEqual(await page.locator('#tester-referrals tr td:first-child').allTextContents(), ['bob@example.com', '↳ bob-friend@example.com']);
    assert.equal(await page.textContent('#emails-status'), 'No e-mail sent.');
    await page.context().close();
  });

  test("each action changes what is stored and refreshes the page", async () => {
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    const target = others[0];
    await open(page, `/console/betas/${betaId}/testers/${target.id}`);

    await page.getByLabel('Quantity (negative removes)').fill('7');
    await page.getByLabel('Reason').fill('Great feedback');
    await page.getByRole('button', { name: 'Record points' }).click();
    await page.locator('#tester-points tr', { hasText: 'Great feedback' }).waitFor();
    const bonus = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', target.id).where('activity', '=', 'bonus').executeTakeFirstOrThrow();
    assert.deepEqual([bonus.quantity, bonus.reason, bonus.revoked_at], [7, 'Great feedback', null]);

    await page.getByRole('button', { name: /^Revoke 7 points/ }).click();
    await page.locator('#tester-points tr', { hasText: 'Revoked' }).waitFor();
    assert.ok((await ctx.database.db.selectFrom('points').select('revoked_at').where('id', '=', bonus.id).executeTakeFirstOrThrow()).revoked_at);

    // A quantity the API refuses shows next to the field and records nothing.
    await page.getByLabel('Quantity (negative removes)').fill('1.5');
    await page.getByRole('button', { name: 'Record points' }).click();
    await page.locator('#add-points [aria-invalid=true], #add-points-error:not([hidden])').first().waitFor();
    assert.equal((await ctx.database.db.selectFrom('points').select('id').where('tester_id', '=', target.id).where('activity', '=', 'bonus').execute()).length, 1);

    await page.getByLabel('Event name').fill('purchase');
    await page.getByRole('button', { name: 'Trigger' }).click();
    await page.locator('#tester-rewards tr', { hasText: 'A T-shirt' }).waitFor();
    const reward = await ctx.database.db.selectFrom('rewards').selectAll().where('tester_id', '=', target.id).executeTakeFirstOrThrow();
    assert.equal(reward.status, 'earned');
    await page.getByRole('button', { name: 'Revoke the reward A T-shirt' }).click();
    await page.locator('#tester-rewards tr', { hasText: 'revoked' }).waitFor();
    assert.equal((await ctx.database.db.selectFrom('rewards').select('status').where('id', '=', reward.id).executeTakeFirstOrThrow()).status, 'revoked');

    // Placed by hand, by the keyboard: to the front (#4 to #1), then back; each button hands the focus to the other.
    assert.equal(await page.isHidden('#earned-place'), true, 'at the earned place already');
    await page.locator('#move-to-front').focus();
    await page.keyboard.press('Enter');
    await page.locator('#tester-done', { hasText: 'at the front' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'earned-place');
    assert.equal((await storedTester(ctx, target.id))?.priority, 1);
    assert.match((await page.textContent('#tester-standing')) ?? '', /Position1 of/);
    await assertAccessible(page, 'tester page placed by hand');
    await page.keyboard.press('Enter');
    await page.locator('#tester-done', { hasText: 'earned place' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'move-to-front');
    assert.equal((await storedTester(ctx, target.id))?.priority, 0);
    assert.equal(await page.isHidden('#earned-place'), true);
    await open(page, `/console/betas/${betaId}/testers/${target.id}`);
    const history = await page.locator('#tester-moves li').allTextContents();
    assert.match(history[0], /Moved by hand: #1 to #4 \(by owner@example\.com\)$/);
    assert.match(history[1], /Moved by hand: #4 to #1 \(by owner@example\.com\)$/);

    await page.getByRole('button', { name: 'Invite' }).click();
    await page.locator('#tester-done', { hasText: 'invited' }).waitFor();
    assert.equal((await storedTester(ctx, target.id))?.status, 'invited');
    // The invitation the move sent is in the e-mails section, as the log has it.
    await page.locator('#tester-emails tr').first().waitFor();
    const sent = await ctx.database.db.selectFrom('email_messages').select(['occasion', 'subject']).where('tester_id', '=', target.id).execute();
    assert.deepEqual(await page.locator('#tester-emails tr td:nth-child(3)').allTextContents(), sent.map((m) => m.subject));

    await page.getByLabel('New status').selectOption('rejected');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('#tester-done', { hasText: 'rejected' }).waitFor();
    assert.equal((await storedTester(ctx, target.id))?.status, 'rejected');
    assert.match((await page.textContent('#tester-profile')) ?? '', /rejected/);

    // A move the rules refuse: the page says why, the status stays.
    await page.getByLabel('New status').selectOption('applied');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('#change-status-error:not([hidden]), #status-error:not([hidden])').first().waitFor();
    assert.equal((await storedTester(ctx, target.id))?.status, 'rejected');

    await page.getByRole('button', { name: 'Delete tester' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.ok(await storedTester(ctx, target.id), 'cancel deletes nothing');
    await page.getByRole('button', { name: 'Delete tester' }).click();
    await Promise.all([page.waitForURL(`${origin}/console/betas/${betaId}/testers`), page.getByRole('button', { name: 'Yes, delete' }).click()]);
    assert.equal(await storedTester(ctx, target.id), undefined);
    assert.equal(await page.textContent('#testers-done'), `${target.email} is deleted.`);
    await page.context().close();
  });

  test('resend confirmation: shown for an unconfirmed tester only; a new link is recorded', async () => {
    const optIn = await ctx.createBeta({ double_opt_in: true }, 'Opt-in');
    const waiting = await createTester(ctx, optIn.id, { email: 'waiting@example.com', status: 'unconfirmed' });
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers/${bob.id}`);
    assert.equal(await page.isHidden('#resend-confirmation'), true);
    await open(page, `/console/betas/${optIn.id}/testers/${waiting.id}`);
    // Too soon after the signup's link: the page says so and nothing is sent.
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await page.locator('#tester-error', { hasText: 'try again later' }).waitFor();
    const links = async () => (await ctx.database.db.selectFrom('email_confirmations').select('id').where('tester_id', '=', waiting.id).execute()).length;
    assert.equal(await links(), 1);
    ctx.clock.advance(RESEND_INTERVAL_SECONDS * 1000);
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await page.locator('#tester-done', { hasText: 'confirmation link' }).waitFor();
    assert.equal(await links(), 2);
    await page.context().close();
  });

  test('a viewer reads a tester and sees no action; the API refuses a viewer\'s write', async () => {
    const page = await newPage();
    await signInAs(page, 'viewer@example.com');
    await open(page, `/console/betas/${betaId}/testers/${bob.id}`);
    await assertAccessible(page, 'tester page (viewer)');
    assert.equal(await page.textContent('h1'), 'bob@example.com');
    for (const id of ['#add-points', '#trigger-reward', '#change-status', '#invite-tester', '#move-to-front', '#earned-place', '#resend-confirmation', '#delete-tester']) assert.equal(await page.locator(id).count(), 0, id);
    assert.equal(await page.getByRole('button', { name: /^Revoke/ }).count(), 0);
    const refused = await page.evaluate(async ([beta, tester]) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name=csrf-token]')!.content;
      const response = await fetch(`/api/v2/betas/${beta}/testers/${tester}`, { method: 'DELETE', headers: { 'x-csrf-token': csrf } });
      return response.status;
    }, [betaId, bob.id]);
    assert.equal(refused, 403);
    assert.ok(await storedTester(ctx, bob.id));
    await page.context().close();
  });

  test("another beta's or company's tester is the 404 page", async () => {
    const other = await ctx.createBeta({}, 'Other beta');
    const stranger = await createTester(ctx, other.id, { email: 'stranger@example.com' });
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    const response = await page.goto(`${origin}/console/betas/${betaId}/testers/${stranger.id}`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.textContent('h1'), 'Not found');
    assert.doesNotMatch(await page.content(), /stranger@example\.com/);
    assert.equal((await page.goto(`${origin}/console/betas/${betaId}/testers/nope`))?.status(), 404);
    await page.context().close();
  });

  test('360 px: the pages scroll only down, the tables sideways in their region; the keyboard reaches the table', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signInAs(page, 'owner@example.com');
    const widthOf = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    for (const path of [`/console/betas/${betaId}/testers`, `/console/betas/${betaId}/testers/${ann.id}`]) {
      await open(page, path);
      const { scroll, client } = await widthOf();
      assert.ok(scroll <= client, `${path}: ${scroll} px wide in ${client}`);
      await assertAccessible(page, `${path} at 360 px`);
    }
    await open(page, `/console/betas/${betaId}/testers`);
    const region = await page.evaluate(() => {
      const wrapper = document.querySelector('.table-scroll') as HTMLElement;
      return { scroll: wrapper.scrollWidth, client: wrapper.clientWidth };
    });
    assert.ok(region.scroll > region.client, 'the table scrolls inside its region');

    // Keyboard: the search box searches as it is typed; "More filters" unfolds the others, and Tab
    // walks them to Apply; Enter there applies them.
    await page.focus('#field-email_contains');
    await page.keyboard.type('ann');
    await page.waitForURL(/email_contains=ann/);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–1 of 1');
    assert.equal(await page.isVisible('#field-status'), false, 'the other filters are folded away');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return `${element.id || element.textContent} ${getComputedStyle(element).outlineStyle}`;
      });
      order.push(focused);
    }
    assert.deepEqual(order, [
      'field-name solid', 'field-status solid', 'field-group solid', 'field-fraud solid', 'field-referred solid',
      'field-sort solid', 'field-direction solid', 'Apply solid', 'clear-filters solid',
    ]);
    await page.selectOption('#field-status', 'invited');
    await page.focus('#field-direction');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/status=invited/);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'No tester on this page (0 in all).');
    await page.context().close();
  });

  test('search as you type: a word typed makes one request, once the typing pauses; back skips the keystrokes', async () => {
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    // The page's clock moves only when the test moves it: a slow machine's pause between two
    // keystrokes cannot pass for the end of the typing. An installed clock still flows until paused.
    await page.clock.install();
    await open(page, `/console/betas/${betaId}/testers`);
    await open(page, `/console/betas/${betaId}/testers?page=2`);
    await page.clock.pauseAt(Date.now() + 1_000);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v2/betas/${betaId}/testers`) asked.push(url.searchParams.get('email_contains') ?? '');
    });
    const search = page.getByLabel('E-mail contains');
    await search.pressSequentially('filler');
    await page.clock.runFor(250);
    assert.deepEqual(asked, [], 'nothing asked while the typing has not paused');
    await page.clock.runFor(100);
    await page.waitForURL(`${origin}/console/betas/${betaId}/testers?email_contains=filler`);
    await page.waitForFunction(() => /^Testers 1–25 of \d+$/.test(document.getElementById('testers-status')?.textContent ?? ''));
    await page.clock.runFor(1_000);
    assert.deepEqual(asked, ['filler'], 'one request for the word, none per key');
    // A second word: one more request.
    await search.fill('');
    await search.pressSequentially('ivy');
    await page.clock.runFor(350);
    await page.waitForFunction(() => document.getElementById('testers-status')?.textContent === 'Testers 1–1 of 1');
    await page.clock.runFor(1_000);
    assert.deepEqual(asked, ['filler', 'ivy']);
    await page.goBack();
    await page.waitForURL(`${origin}/console/betas/${betaId}/testers`);
    await page.context().close();
  });

  test('columns: chosen by the owner, shown in their order, remembered for the beta across reloads', async () => {
    await ctx.database.db.updateTable('testers').set({ country: 'Germany', utm_source: 'newsletter' }).where('id', '=', ann.id).execute();
    const page = await newPage();
    await signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers`);
    const headers = () => page.locator('#testers-head th').allTextContents();
    assert.deepEqual(await headers(), ['', 'E-mail', 'Name', 'Status', 'Position', 'Referrals', 'Signup date', 'Groups', 'Fraud flags']);
    await page.getByText('Columns', { exact: true }).click();
    // The chooser's boxes are named as the columns are (the filters' Status and Fraud flags too: by id here).
    await page.check('#column-country');
    await page.check('#column-source');
    await page.uncheck('#column-fraud');
    await page.uncheck('#column-groups');
    await ctx.database.db.updateTable('testers').set({ points: 1234 }).where('id', '=', ann.id).execute();
    await page.check('#column-points');
    const chosen = ['', 'E-mail', 'Name', 'Status', 'Position', 'Points', 'Referrals', 'Source', 'Country', 'Signup date'];
    assert.deepEqual(await headers(), chosen);
    const annRow = page.locator('#testers tr', { has: page.getByRole('link', { name: 'ann@example.com', exact: true }) });
    await annRow.locator('td[data-column=points]').waitFor();
    const stored = await ctx.database.db.selectFrom('testers').select(['status', 'share_signups_count']).where('id', '=', ann.id).executeTakeFirstOrThrow();
    const position = (await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${ann.id}`)).body.waitlist_position;
    // The signup date as every console page shows a moment: the browser's locale and time zone.
    const signedUp = await page.evaluate((at) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), ann.created_at);
    assert.deepEqual(await annRow.locator('td[data-column]').allTextContents(), [
      stored.status, position === null ? '—' : String(position), '1,234', String(stored.share_signups_count), 'newsletter', 'Germany', signedUp,
    ]);
    await assertAccessible(page, 'testers, columns chosen');
    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.deepEqual(await headers(), chosen, 'remembered');
    assert.equal(await page.isChecked('#column-country'), true);
    const other = await ctx.createBeta({}, 'Columns elsewhere');
    await open(page, `/console/betas/${other.id}/testers`);
    assert.deepEqual(await headers(), ['', 'E-mail', 'Name', 'Status', 'Position', 'Referrals', 'Signup date', 'Groups', 'Fraud flags'], "another beta's table keeps its own");
    await page.context().close();
  });

  test("a tester's page says through which share channel the referral came", async () => {
    const launch = (await ctx.createBeta({}, 'Channels')).id;
    const sharer = await createTester(ctx, launch, { email: 'sharer@example.com' });
    const signup = await visit(ctx, 'POST', `/public/betas/${launch}/signups`, { json: { email: 'friend@example.com', r: sharer.referral_code, ch: 'whatsapp' } });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const friend = (await testerByEmail(ctx, launch, 'friend@example.com'))!;
    const page = await newPage();
    await signInAs(page, 'viewer@example.com');
    await open(page, `/console/betas/${launch}/testers/${friend.id}`);
    assert.equal(await page.textContent('#tester-referrer'), 'Referred by sharer@example.com through WhatsApp (referral credited).');
    await open(page, `/console/betas/${launch}/testers/${sharer.id}`);
    assert.equal(await page.textContent('#tester-referrer'), 'Not referred by anyone.');
    await page.context().close();
  });
});
