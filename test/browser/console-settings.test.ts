// A beta's settings pages in a real browser (headless Chromium) against a listening server: each
// page creates, edits and deletes through the management API with the stored rows checked; a
// refusal shows next to its field; a viewer gets no forms and the API refuses them; every page at
// 360 px and through axe; a form reached and sent with the keyboard alone.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { signedIn } from '../console/support.ts';
import { createTester } from '../modules/testers/support.ts';
import { SETTINGS_PAGES } from '../../src/console/pages.ts';
import { POINT_SETTINGS, SETTING_GROUPS, SETTING_TEXT } from '../../src/console/settings.pages.ts';
import { BetaSettingsSchema } from '../../src/modules/betas/beta-settings.ts';

const MY_PAGES = ['general', 'questions', 'rewards', 'points', 'codes', 'suppressions'] as const;

describe('console: a beta\'s settings in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let consoles: ConsoleBrowser;

  before(async () => ({ ctx, origin, console: consoles } = await startConsoleBrowser({ members: { 'owner@example.com': 'owner', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());

  /** A page of its own signed in as `email`; the pages' confirmations are accepted. */
  async function signInAs(email: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await consoles.newPage(viewport);
    page.on('dialog', (dialog) => dialog.accept());
    await consoles.signInAs(page, email);
    return page;
  }

  const url = (betaId: number, name: (typeof MY_PAGES)[number]) => `${origin}/console/betas/${betaId}/settings${SETTINGS_PAGES[name].path}`;

  /** Opens a settings page and waits until its script has loaded what it shows. */
  async function open(page: Page, betaId: number, name: (typeof MY_PAGES)[number]): Promise<void> {
    const response = await page.goto(url(betaId, name));
    assert.equal(response?.status(), 200, name);
    await page.locator('body[data-ready]').waitFor();
  }

  const stored = async (betaId: number) => ctx.database.db.selectFrom('betas').selectAll().where('id', '=', betaId).executeTakeFirst();

  /** Waits for the error next to a field and answers its text. */
  async function errorOf(page: Page, fieldId: string): Promise<string> {
    await page.locator(`#${fieldId}-error:not([hidden])`).waitFor();
    assert.equal(await page.getAttribute(`#${fieldId}`, 'aria-invalid'), 'true', fieldId);
    return (await page.textContent(`#${fieldId}-error`)) ?? '';
  }

  test('every setting of the schema is labelled and on exactly one page', () => {
    const placed = [...SETTING_GROUPS.flatMap(([, keys]) => keys), ...POINT_SETTINGS];
    assert.deepEqual([...placed].sort(), Object.keys(BetaSettingsSchema.properties).sort());
    assert.deepEqual(Object.keys(SETTING_TEXT).sort(), Object.keys(BetaSettingsSchema.properties).sort());
  });

  test('beta and form: the settings form stores what it shows; a refusal sits next to its field; delete needs the typed name', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'general');
    assert.equal(await page.textContent('h1'), 'Settings: Beta and form');
    assert.equal(await page.getAttribute('.subtabs a[aria-current=page]', 'href'), `/console/betas/${beta.id}/settings`);
    assert.equal(await page.inputValue('#beta-name'), 'Rocket');

    await page.getByLabel('Days without a checkin before an active tester is idle').fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    assert.match(await errorOf(page, 'beta-idle_days'), /idle_days must be >= 1/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'beta-idle_days');
    assert.equal(JSON.parse((await stored(beta.id))!.settings).idle_days, null, 'nothing stored');

    await page.getByLabel('Days without a checkin before an active tester is idle').fill('30');
    await page.getByLabel('Beta name').fill('Rocket Launch');
    await page.getByLabel('Signup page address').fill('Rocket-Launch');
    await page.getByLabel('Ask signups to confirm their e-mail address').check();
    await page.getByLabel('Accept new signups').uncheck();
    await page.getByLabel('Country').check();
    await page.getByLabel('Job title').check();
    await page.getByLabel('Order the waitlist by').selectOption('points');
    await page.getByLabel('Blocked e-mail domains').fill('Spam.example\n\n@junk.example\nspam.example');
    await page.getByLabel('Suspicious referrals (the same person or device)').selectOption('block');
    await page.getByLabel('Most signups from one IP address per day').fill('');
    await page.getByLabel('Most e-mails sent per minute').fill('120');
    await page.getByLabel('Pause sending past this share of bounces and complaints (%)').fill('2.5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('#beta-done:not([hidden])').waitFor();
    const row = (await stored(beta.id))!;
    const settings = JSON.parse(row.settings);
    assert.deepEqual([row.name, row.slug], ['Rocket Launch', 'rocket-launch']);
    assert.equal(settings.double_opt_in, true);
    assert.equal(settings.accepting_signups, false);
    assert.deepEqual(settings.required_fields, ['jobtitle', 'country']);
    assert.equal(settings.waitlist_order, 'points');
    assert.equal(settings.idle_days, 30);
    assert.deepEqual(settings.blocked_email_domains, ['spam.example', 'junk.example']);
    assert.equal(settings.fraud_mode, 'block');
    assert.equal(settings.max_signups_per_ip_per_day, null);
    assert.equal(settings.email_sends_per_minute, 120);
    assert.equal(settings.email_breaker_threshold_percent, 2.5, 'a fraction is kept');
    assert.equal(await page.inputValue('#beta-blocked_email_domains'), 'spam.example\njunk.example', 'the form shows what is stored');
    assert.equal(await page.inputValue('#beta-slug'), 'rocket-launch');
    assert.equal(await page.textContent('[data-beta-id]'), 'Rocket Launch');

    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.isChecked('#beta-double_opt_in'), true, 'the page shows the stored settings');
    assert.equal(await page.inputValue('#beta-waitlist_order'), 'points');

    await page.getByLabel('Type the beta’s name to confirm').fill('Rocket');
    await page.getByRole('button', { name: 'Delete beta' }).click();
    assert.match(await errorOf(page, 'delete-beta-confirm'), /exactly/);
    assert.ok(await stored(beta.id), 'not deleted');
    await page.getByLabel('Type the beta’s name to confirm').fill('Rocket Launch');
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Delete beta' }).click()]);
    assert.equal(await stored(beta.id), undefined);
    await page.context().close();
  });

  test('questions: add, a refusal next to its field, edit, delete', async () => {
    const beta = await ctx.createBeta({}, 'Questions');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'questions');
    assert.match((await page.textContent('#questions tbody')) ?? '', /No question yet/);

    await page.getByLabel('Kind').selectOption('multiple_choice');
    await page.getByLabel('Question', { exact: true }).fill('How did you hear of us?');
    await page.getByRole('button', { name: 'Add question' }).click();
    assert.match(await errorOf(page, 'question-choices'), /choices are required/);
    assert.equal((await ctx.database.db.selectFrom('questions').selectAll().where('beta_id', '=', beta.id).execute()).length, 0);

    await page.getByLabel('Options').fill('A friend\nSearch\n\nAn advert');
    await page.getByLabel('An answer is required').check();
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.locator('#question-done:not([hidden])').waitFor();
    await page.locator('#questions tbody tr td', { hasText: 'How did you hear of us?' }).waitFor();
    let rows = await ctx.database.db.selectFrom('questions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows.map((q) => [q.kind, q.prompt, JSON.parse(q.choices), Boolean(q.required)]), [
      ['multiple_choice', 'How did you hear of us?', ['A friend', 'Search', 'An advert'], true],
    ]);

    await page.getByRole('button', { name: 'Edit How did you hear of us?' }).click();
    assert.equal(await page.inputValue('#question-choices'), 'A friend\nSearch\nAn advert');
    assert.equal(await page.textContent('#question-heading'), 'Edit the question');
    await page.getByLabel('Question', { exact: true }).fill('Where did you hear of us?');
    await page.getByLabel('An answer is required').uncheck();
    await page.getByRole('button', { name: 'Save question' }).click();
    await page.locator('#questions tbody td', { hasText: 'Where did you hear of us?' }).waitFor();
    rows = await ctx.database.db.selectFrom('questions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows.map((q) => [q.prompt, Boolean(q.required)]), [['Where did you hear of us?', false]]);
    assert.equal(await page.textContent('#question button[type=submit]'), 'Add question', 'back to adding');

    await page.getByRole('button', { name: 'Delete Where did you hear of us?' }).click();
    await page.locator('#questions tbody td', { hasText: 'No question yet' }).waitFor();
    assert.equal((await ctx.database.db.selectFrom('questions').selectAll().where('beta_id', '=', beta.id).execute()).length, 0);
    await page.context().close();
  });

  test('rewards and rules: add, a refusal next to its field, edit, rule, delete', async () => {
    const beta = await ctx.createBeta({}, 'Rewards');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'rewards');

    await page.getByLabel('Name', { exact: true }).fill('Early access');
    await page.getByLabel('Descriptor').fill('early-access');
    await page.getByLabel('Type').selectOption('Milestone');
    await page.getByRole('button', { name: 'Add reward' }).click();
    assert.match(await errorOf(page, 'definition-referrals_required'), /referrals_required is required for a Milestone/);
    await page.getByLabel('Type').selectOption('SingleSided');
    await page.getByLabel('Points given with it').fill('10');
    await page.getByRole('button', { name: 'Add reward' }).click();
    await page.locator('#definitions tbody td', { hasText: 'Early access' }).waitFor();
    const definitions = () => ctx.database.db.selectFrom('reward_definitions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual((await definitions()).map((d) => [d.descriptor, d.name, d.type, d.points, d.max_quantity_per_user]), [['early-access', 'Early access', 'SingleSided', 10, 1]]);

    await page.getByRole('button', { name: 'Edit Early access' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Early access pass');
    await page.getByLabel('Most a tester can hold').fill('2');
    await page.getByRole('button', { name: 'Save reward' }).click();
    await page.locator('#definitions tbody td', { hasText: 'Early access pass' }).waitFor();
    assert.deepEqual((await definitions()).map((d) => [d.name, d.max_quantity_per_user]), [['Early access pass', 2]]);

    await page.locator('#rule-descriptor option[value=early-access]').waitFor({ state: 'attached' });
    await page.getByLabel('Event').fill('purchase');
    await page.getByLabel('Reward', { exact: true }).selectOption('early-access');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.locator('#rules tbody td', { hasText: 'purchase' }).waitFor();
    const rules = () => ctx.database.db.selectFrom('reward_rules').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual((await rules()).map((r) => r.event), ['purchase']);
    await page.getByRole('button', { name: 'Delete the rule purchase → early-access' }).click();
    await page.locator('#rules tbody td', { hasText: 'No rule yet' }).waitFor();
    assert.deepEqual(await rules(), []);

    await page.getByRole('button', { name: 'Delete Early access pass' }).click();
    await page.locator('#definitions tbody td', { hasText: 'No reward yet' }).waitFor();
    assert.deepEqual(await definitions(), []);
    await page.context().close();
  });

  test('points: the activities\' points, bonus points with a refusal next to its field, revoke', async () => {
    const beta = await ctx.createBeta({}, 'Points');
    const tester = await createTester(ctx, beta.id, { email: 'pat@example.com' });
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'points');
    await page.locator('#points tbody td', { hasText: 'Signup' }).waitFor();

    await page.getByLabel('Points for each friend referred').fill('8');
    await page.getByLabel('Points for sharing').fill('-1');
    await page.getByRole('button', { name: 'Save points' }).click();
    assert.match(await errorOf(page, 'activities-share_points'), /share_points must be >= 0/);
    await page.getByLabel('Points for sharing').fill('2');
    await page.getByRole('button', { name: 'Save points' }).click();
    await page.locator('#activities-done:not([hidden])').waitFor();
    const settings = JSON.parse((await stored(beta.id))!.settings);
    assert.deepEqual([settings.signup_points, settings.referral_points, settings.share_points], [1, 8, 2]);

    await page.getByLabel('Tester’s e-mail address').fill('nobody@example.com');
    await page.getByRole('spinbutton', { name: 'Points', exact: true }).fill('5');
    await page.getByRole('button', { name: 'Give points' }).click();
    assert.match(await errorOf(page, 'bonus-email'), /Email not found/);
    await page.getByLabel('Tester’s e-mail address').fill('pat@example.com');
    await page.getByLabel('Reason').fill('Great feedback');
    await page.getByRole('button', { name: 'Give points' }).click();
    await page.locator('#points tbody td', { hasText: 'Great feedback' }).waitFor();
    const points = () => ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', tester.id).orderBy('id').execute();
    const bonus = (await points()).find((p) => p.activity === 'bonus')!;
    assert.deepEqual([bonus.quantity, bonus.reason, bonus.revoked_at], [5, 'Great feedback', null]);
    const who = page.locator('#points tbody tr', { hasText: 'Great feedback' }).getByRole('link');
    assert.deepEqual([await who.textContent(), await who.getAttribute('href')], ['pat@example.com', `/console/betas/${beta.id}/testers/${tester.id}`], 'the log names the tester by address');

    await page.getByRole('button', { name: `Revoke point ${bonus.id}` }).click();
    await page.locator(`#points tbody tr:has(td:text("Great feedback")) td.row-actions:empty`).waitFor();
    assert.ok((await points()).find((p) => p.id === bonus.id)!.revoked_at);

    await page.getByLabel('Only the points of').fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Show points' }).click();
    await page.locator('#points tbody td', { hasText: 'No points given yet' }).waitFor();
    await page.context().close();
  });

  test('invitation codes: add, a refusal next to its field, edit the limits, delete', async () => {
    const beta = await ctx.createBeta({}, 'Codes');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'codes');
    await page.getByLabel('Code', { exact: true }).fill('EARLY-BIRD');
    await page.getByRole('button', { name: 'Add code' }).click();
    assert.match(await errorOf(page, 'code-max_uses'), /max_uses or expires_at is required/);
    await page.getByLabel('Most uses').fill('50');
    await page.getByRole('button', { name: 'Add code' }).click();
    await page.locator('#codes tbody td', { hasText: 'EARLY-BIRD' }).waitFor();
    const codes = () => ctx.database.db.selectFrom('invitation_codes').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual((await codes()).map((c) => [c.code, c.max_uses, c.expires_at]), [['EARLY-BIRD', 50, null]]);

    await page.getByRole('button', { name: 'Edit EARLY-BIRD' }).click();
    assert.equal(await page.isDisabled('#code-code'), true, 'the code itself stays');
    await page.getByLabel('Most uses').fill('');
    await page.getByLabel('Expires').fill('2027-01-31T18:00');
    await page.getByRole('button', { name: 'Save code' }).click();
    await page.locator('#code-done', { hasText: 'saved' }).waitFor();
    const [code] = await codes();
    assert.equal(code.max_uses, null);
    assert.match(code.expires_at ?? '', /^2027-01-31T/);

    await page.getByRole('button', { name: 'Delete EARLY-BIRD' }).click();
    await page.locator('#codes tbody td', { hasText: 'No custom code yet' }).waitFor();
    assert.deepEqual(await codes(), []);
    await page.context().close();
  });

  test('suppressions: suppress, a refusal next to its field, find, lift; an unsubscribe is lifted only through support', async () => {
    const beta = await ctx.createBeta({}, 'Suppressions');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'suppressions');
    await page.getByLabel('E-mail address').fill('gone@example.com');
    await page.getByRole('button', { name: 'Suppress', exact: true }).click();
    await page.locator('#suppressions tbody td', { hasText: 'gone@example.com' }).waitFor();
    await page.getByLabel('E-mail address').fill('gone@example.com');
    await page.getByRole('button', { name: 'Suppress', exact: true }).click();
    assert.match(await errorOf(page, 'suppression-email'), /Email already exists/);
    await page.getByLabel('E-mail address').fill('left@example.com');
    await page.getByLabel('Reason').selectOption('Unsubscribe');
    await page.getByRole('button', { name: 'Suppress', exact: true }).click();
    await page.locator('#suppressions tbody td', { hasText: 'left@example.com' }).waitFor();
    const rows = () => ctx.database.db.selectFrom('suppressions').select(['email', 'reason']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(await rows(), [{ email: 'gone@example.com', reason: 'Manual' }, { email: 'left@example.com', reason: 'Unsubscribe' }]);
    assert.match((await page.textContent('#suppressions tbody tr:has(td:text("left@example.com"))')) ?? '', /Through support/);
    // A tester's address links to their page, named by the address (never "Tester 12").
    const tester = await createTester(ctx, beta.id, { email: 'tester-suppressed@example.com' });
    await page.getByLabel('E-mail address').fill('tester-suppressed@example.com');
    await page.getByRole('button', { name: 'Suppress', exact: true }).click();
    const link = page.locator('#suppressions tbody a', { hasText: 'tester-suppressed@example.com' });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/console/betas/${beta.id}/testers/${tester.id}`);
    assert.doesNotMatch((await page.textContent('#suppressions tbody')) ?? '', /Tester \d/);

    await page.getByLabel('Find an address').fill('gone@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.locator('#suppressions tbody tr').filter({ hasText: 'left@example.com' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Lift the suppression of gone@example.com' }).click();
    await page.locator('#suppression-done', { hasText: 'receives e-mail again' }).waitFor();
    assert.deepEqual(await rows(), [
      { email: 'left@example.com', reason: 'Unsubscribe' },
      { email: 'tester-suppressed@example.com', reason: 'Manual' },
    ]);
    await page.context().close();
  });

  test('a viewer reads every settings page without a form to change it, and the API refuses their writes', async () => {
    const beta = await ctx.createBeta({}, 'Read only');
    await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', prompt: 'Why?' } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_codes`, { body: { code: 'SEEN', max_uses: 2 } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: 'quiet@example.com' } });
    const page = await signInAs('viewer@example.com');
    for (const name of MY_PAGES) {
      await open(page, beta.id, name);
      const writeForms = await page.locator('form:not([id$="-filter"])').count();
      assert.equal(writeForms, 0, `${name}: no form but a search`);
      assert.equal(await page.locator('td.row-actions, th:text("Actions")').count(), 0, `${name}: no actions`);
      await assertAccessible(page, `viewer ${name}`);
    }
    await open(page, beta.id, 'general');
    assert.match((await page.textContent('.settings-view')) ?? '', /Read only/);
    await open(page, beta.id, 'questions');
    assert.match((await page.textContent('#questions tbody')) ?? '', /Why\?/);

    const viewer = await signedIn(ctx, 'viewer-api@example.com', 'viewer');
    const before = await stored(beta.id);
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'Mine' }],
      ['DELETE', ''],
      ['POST', '/questions', { kind: 'text', prompt: 'Mine?' }],
      ['POST', '/reward_definitions', { descriptor: 'x', name: 'X', type: 'SingleSided' }],
      ['POST', '/invitation_codes', { code: 'MINE', max_uses: 1 }],
      ['POST', '/suppressions', { email: 'me@example.com' }],
    ] as const) {
      const response = await viewer.request(method, `/api/v2/betas/${beta.id}${path}`, body);
      assert.equal(response.status, 403, `${method} ${path}`);
    }
    assert.deepEqual(await stored(beta.id), before);
    await page.context().close();
  });

  test('keyboard only: Tab reaches the question form with a visible focus, Enter adds the question', async () => {
    const beta = await ctx.createBeta({}, 'Keys');
    const page = await signInAs('owner@example.com');
    await open(page, beta.id, 'questions');
    await page.focus('#question-kind');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { id: element.id, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    assert.deepEqual(focused, { id: 'question-prompt', outline: 'solid 3px' });
    await page.keyboard.type('Anything to add?');
    await page.keyboard.press('Enter');
    await page.locator('#questions tbody td', { hasText: 'Anything to add?' }).waitFor();
    const rows = await ctx.database.db.selectFrom('questions').select(['kind', 'prompt']).where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows, [{ kind: 'text', prompt: 'Anything to add?' }]);
    await page.context().close();
  });

  test('every settings page at 360 px scrolls only down, and passes axe with its tables filled', async () => {
    const beta = await ctx.createBeta({}, 'A beta with a rather long name that has to wrap on a phone');
    await createTester(ctx, beta.id, { email: 'phone@example.com' });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'multiple_choice', prompt: 'Which?', choices: ['One', 'Two'] } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor: 'mug', name: 'A mug', type: 'SingleSided' } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_rules`, { body: { event: 'signup', descriptor: 'mug' } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_codes`, { body: { code: 'PHONE', max_uses: 2 } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: 'quiet@example.com' } });
    for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 900 }]) {
      const page = await signInAs('owner@example.com', viewport);
      for (const name of MY_PAGES) {
        await open(page, beta.id, name);
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        assert.ok(scroll <= client, `${name} at ${viewport.width}: ${scroll} px wide in ${client}`);
        await assertAccessible(page, `${name} at ${viewport.width}`);
      }
      await page.context().close();
    }
  });
});
