// The console's e-mail templates, webhooks and API keys pages in a real browser (headless
// Chromium) against a listening server: the live preview following the typing, a template saved
// and a test sent (captured), an endpoint added with its secret shown once, a test event delivered
// and its payload read, a redelivery, a new secret; a key created (shown once), listed by its prefix
// and revoked; roles; keyboard only; 360 px; axe on every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { startReceiver, type Receiver } from '../modules/webhooks/support.ts';

describe('console: e-mail templates, webhooks and API keys', () => {
  let ctx: TestContext;
  let origin: string;
  let consolePages: ConsoleBrowser;
  let receiver: Receiver;
  let betaId: number;

  before(async () => {
    ({ ctx, origin, console: consolePages } = await startConsoleBrowser({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } }));
    receiver = await startReceiver();
    betaId = (await ctx.createBeta({}, 'Rocket')).id;
    await addMember(ctx, 'owner@example.com', 'owner');
    await addMember(ctx, 'admin@example.com', 'admin');
    await addMember(ctx, 'viewer@example.com', 'viewer');
  });
  after(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  /** A page of its own, signed in as `email`; confirmations are accepted. */
  async function signedInPage(email: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await consolePages.newPage(viewport ?? { width: 1280, height: 900 });
    page.on('dialog', (dialog) => dialog.accept());
    await consolePages.signInAs(page, email);
    return page;
  }

  async function open(page: Page, path: string): Promise<void> {
    const response = await page.goto(`${origin}${path}`);
    assert.equal(response?.status(), 200, path);
    await page.locator('body[data-ready]').waitFor();
  }

  const storedTemplate = (occasion: string) =>
    ctx.database.db.selectFrom('email_templates').selectAll().where('beta_id', '=', betaId).where('occasion', '=', occasion).executeTakeFirst();

  test('e-mail templates: the preview follows the typing, a problem shows under its field, save, test send, reset', async () => {
    const page = await signedInPage('owner@example.com');
    await open(page, `/console/betas/${betaId}/settings/emails`);
    assert.equal(await page.textContent('h1'), 'E-mail templates');
    const frame = page.frameLocator('#preview-html');
    await frame.getByText('Hi Jane').first().waitFor();
    // The frame is sandboxed (no scripts) and renders the message's own inline styles.
    assert.equal(await page.getAttribute('#preview-html', 'sandbox'), '');
    const styled = await frame.locator('[style*="font-family"]').first().evaluate((cell) => getComputedStyle(cell).fontFamily);
    assert.match(styled, /Segoe UI|Roboto|Helvetica|Arial/);
    await assertAccessible(page, 'e-mail templates');

    await page.getByLabel('Subject').fill('Welcome aboard, {{ tester.profile.first_name }}');
    await page.locator('#preview-subject', { hasText: 'Welcome aboard, Jane' }).waitFor();
    await page.getByLabel('HTML', { exact: true }).fill('<p>You are number {{ tester.waitlist_position }} at {{ beta.name }}</p>');
    await frame.getByText('You are number 42 at Rocket').waitFor();
    await page.getByLabel('Plain text', { exact: true }).fill('{% if %}');
    await page.locator('#body-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#body-error')) ?? '', /^body is not a valid Liquid template/);
    assert.equal(await page.getAttribute('#field-body', 'aria-invalid'), 'true');
    assert.equal(await storedTemplate('invitation'), undefined, 'typing stores nothing');
    await page.getByLabel('Plain text', { exact: true }).fill('Hi {{ tester.email }}');
    await page.locator('#body-error[hidden]').waitFor({ state: 'attached' });
    await page.locator('#preview-text', { hasText: 'Hi jane.doe@example.com' }).waitFor();

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.locator('#template-done:not([hidden])').waitFor();
    const saved = await storedTemplate('invitation');
    assert.equal(saved?.subject, 'Welcome aboard, {{ tester.profile.first_name }}');
    assert.equal(saved?.body, 'Hi {{ tester.email }}');

    assert.equal(await page.inputValue('#field-to'), 'owner@example.com');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.locator('#test-send-done:not([hidden])').waitFor();
    await ctx.runJobs();
    const [message] = await ctx.database.db.selectFrom('email_messages').selectAll().where('beta_id', '=', betaId).where('test', '=', 1).execute();
    assert.deepEqual([message.to_address, message.status, message.subject, message.text_body], ['owner@example.com', 'captured', 'Welcome aboard, Jane', 'Hi jane.doe@example.com']);

    // Another message; then back to the default.
    await page.selectOption('#occasion', 'applied');
    await page.locator('#preview-subject', { hasText: 'Rocket' }).waitFor();
    await page.selectOption('#occasion', 'invitation');
    await page.locator('#preview-subject', { hasText: 'Welcome aboard, Jane' }).waitFor();
    await page.getByRole('button', { name: 'Back to the default' }).click();
    await page.locator('#template-done', { hasText: 'Back to the built-in template.' }).waitFor();
    assert.equal(await storedTemplate('invitation'), undefined);
    await page.context().close();
  });

  test('webhooks: add an endpoint (secret once), send a test event, read its payload, redeliver, rotate the secret, delete', async () => {
    ctx.clock.set(new Date()); // standardwebhooks compares the signature's time with the real time
    const page = await signedInPage('admin@example.com');
    await open(page, `/console/betas/${betaId}/settings/webhooks`);
    await page.getByText('No endpoint yet.').waitFor();
    await assertAccessible(page, 'webhooks');
    // Without a URL and with no event chosen: each problem under its field, nothing stored.
    await page.getByLabel('All events, also types added later').uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('#url-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#url-error')) ?? '', /url is required/);
    assert.match((await page.textContent('#events-error')) ?? '', /events must name at least one event type/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-url');
    assert.deepEqual(await ctx.database.db.selectFrom('webhook_endpoints').select('id').where('beta_id', '=', betaId).execute(), []);
    await page.getByLabel('URL').fill(`${receiver.url}/hook`);
    await page.getByLabel('All events, also types added later').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('#secret:not([hidden])').waitFor();
    const secret = (await page.textContent('#secret-value')) ?? '';
    const [endpoint] = await ctx.database.db.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', betaId).execute();
    assert.equal(endpoint.secret, secret);
    assert.equal(endpoint.url, `${receiver.url}/hook`);
    assert.equal(endpoint.events, null);
    const link = page.getByRole('link', { name: `${receiver.url}/hook`, exact: true });
    await link.waitFor();

    await Promise.all([page.waitForURL(`${origin}/console/betas/${betaId}/settings/webhooks/${endpoint.id}`), link.click()]);
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.inputValue('#field-url'), `${receiver.url}/hook`);
    assert.equal(await page.textContent('#secret-value'), '', 'the secret is not shown again');
    await assertAccessible(page, 'webhook endpoint');

    // Only the events chosen: tester_created.
    await page.getByLabel('All events, also types added later').uncheck();
    await page.getByLabel('tester_created').check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.locator('#edit-webhook-done:not([hidden])').waitFor();
    assert.equal((await ctx.database.db.selectFrom('webhook_endpoints').select('events').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).events, '["tester_created"]');

    receiver.received.length = 0;
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.locator('#actions-done', { hasText: 'Test event' }).waitFor();
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 1);
    const verified = new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers as Record<string, string>) as { type: string };
    assert.equal(verified.type, 'webhook_test');
    await page.locator('#deliveries tr', { hasText: 'webhook_test' }).waitFor();
    assert.match((await page.textContent('#deliveries tr')) ?? '', /Succeeded/);

    await page.getByRole('button', { name: 'Payload' }).click();
    await page.locator('#payload:not([hidden])').waitFor();
    assert.match((await page.textContent('#payload-text')) ?? '', /"type": "webhook_test"/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'payload-text');

    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.locator('#actions-done', { hasText: 'queued again' }).waitFor();
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 2);
    assert.equal(receiver.received[1].headers['webhook-id'], receiver.received[0].headers['webhook-id'], 'the same event');

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.locator('#secret:not([hidden])').waitFor();
    const rotated = (await page.textContent('#secret-value')) ?? '';
    assert.notEqual(rotated, secret);
    assert.equal((await ctx.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).secret, rotated);

    // Another endpoint, deleted from the list (after a confirmation), its log with it.
    const doomed = (await ctx.request('POST', `/api/v2/betas/${betaId}/webhooks`, { body: { url: `${receiver.url}/doomed` } })).body;
    await open(page, `/console/betas/${betaId}/settings/webhooks`);
    await page.locator('#webhooks tr', { hasText: `${receiver.url}/doomed` }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('#webhooks tr', { hasText: `${receiver.url}/doomed` }).waitFor({ state: 'detached' });
    assert.equal(await ctx.database.db.selectFrom('webhook_endpoints').select('id').where('id', '=', doomed.id).executeTakeFirst(), undefined);
    assert.ok(await ctx.database.db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpoint.id).executeTakeFirst(), 'the other stays');
    await page.context().close();
  });

  test('webhooks by keyboard: a Slack endpoint with a daily digest; a wrong time zone is shown under its field', async () => {
    const page = await signedInPage('admin@example.com');
    await open(page, `/console/betas/${betaId}/settings/webhooks`);
    const url = `${receiver.url}/slack-digest`;
    await page.focus('#field-url');
    await page.keyboard.type(url);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-format', 'the format follows the URL');
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement as HTMLElement).outlineStyle), 'solid');
    await page.keyboard.type('Slack');
    assert.equal(await page.inputValue('#field-format'), 'slack');
    await page.fill('#field-digest_at', '09:30');
    await page.fill('#field-digest_time_zone', 'Nowhere/Land');
    await page.focus('#field-digest_time_zone');
    await page.keyboard.press('Enter');
    await page.locator('#digest_time_zone-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#digest_time_zone-error')) ?? '', /digest_time_zone is not a known time zone: "Nowhere\/Land"/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-digest_time_zone');
    const stored = () => ctx.database.db.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', betaId).where('url', '=', url).executeTakeFirst();
    assert.equal(await stored(), undefined, 'nothing stored');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('America/New_York');
    await page.keyboard.press('Enter');
    await page.locator('#secret:not([hidden])').waitFor();
    const endpoint = await stored();
    assert.deepEqual(
      [endpoint?.format, endpoint?.digest_at, endpoint?.digest_time_zone, endpoint?.events],
      ['slack', '09:30', 'America/New_York', null],
    );
    await page.locator('#webhooks tr', { hasText: 'Slack · digest at 09:30 (America/New_York)' }).waitFor();

    // Its page shows the fields as stored; emptying the time switches the digest off.
    await open(page, `/console/betas/${betaId}/settings/webhooks/${endpoint!.id}`);
    assert.deepEqual(
      [await page.inputValue('#field-format'), await page.inputValue('#field-digest_at'), await page.inputValue('#field-digest_time_zone')],
      ['slack', '09:30', 'America/New_York'],
    );
    await page.fill('#field-digest_at', '');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.locator('#edit-webhook-done:not([hidden])').waitFor();
    assert.deepEqual([(await stored())?.digest_at, (await stored())?.digest_next_at], [null, null]);
    await page.context().close();
  });

  test('API keys: an owner creates one (shown once) and revokes it; admins get no page and no link', async () => {
    const page = await signedInPage('owner@example.com');
    await Promise.all([page.waitForURL(`${origin}/console/keys`), page.getByRole('link', { name: 'API keys' }).click()]);
    await page.locator('body[data-ready]').waitFor();
    await assertAccessible(page, 'API keys');
    // No permission chosen: the problem under the permissions, nothing stored.
    for (const box of await page.locator('input[name=permissions]').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#permissions-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#permissions-error')) ?? '', /at least one permission/);
    assert.equal(await ctx.database.db.selectFrom('api_keys').select('id').where('name', '=', 'CRM sync').executeTakeFirst(), undefined);
    for (const box of await page.locator('input[name=permissions]').all()) await box.check();
    await page.getByLabel('Name').fill('CRM sync');
    await page.getByLabel('betas:delete').uncheck();
    await page.getByLabel('Expires on').fill('2099-01-31');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#secret:not([hidden])').waitFor();
    const key = (await page.textContent('#secret-value')) ?? '';
    assert.match(key, /^pl_/);
    const row = await ctx.database.db.selectFrom('api_keys').selectAll().where('name', '=', 'CRM sync').executeTakeFirstOrThrow();
    assert.equal(row.key_hash, createHash('sha256').update(key).digest('hex'));
    assert.equal(row.expires_at, '2099-01-31T00:00:00.000Z');
    assert.equal(JSON.parse(row.permissions).includes('betas:delete'), false);
    const listed = page.locator('#keys tr', { hasText: 'CRM sync' });
    await listed.waitFor();
    assert.match((await listed.textContent()) ?? '', new RegExp(`${row.key_prefix}…`));
    assert.equal(((await page.textContent('#keys')) ?? '').includes(key), false, 'the list shows the prefix only');

    await page.getByRole('button', { name: `Revoke CRM sync (${row.key_prefix}…)` }).click();
    await listed.filter({ hasText: 'Revoked' }).waitFor();
    assert.ok((await ctx.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', row.id).executeTakeFirstOrThrow()).revoked_at);
    assert.equal((await ctx.request('GET', '/api/v2/betas', { key })).status, 401);
    await page.context().close();

    const admin = await signedInPage('admin@example.com');
    assert.equal(await admin.getByRole('link', { name: 'API keys' }).count(), 0);
    await open(admin, '/console/keys');
    assert.match((await admin.textContent('main')) ?? '', /Only owners manage the company's API keys/);
    await admin.context().close();
  });

  test('keyboard only: a key is created with Tab and Enter, focus always visible, then on its copy button', async () => {
    const page = await signedInPage('owner@example.com');
    await open(page, '/console/keys');
    await page.focus('#field-name');
    await page.keyboard.type('Keyboard key');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as HTMLElement).outlineStyle);
    assert.equal(outline, 'solid');
    await page.keyboard.press('Tab'); // the first permission
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), 'permissions');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('#secret:not([hidden])').waitFor();
    assert.ok(await ctx.database.db.selectFrom('api_keys').select('id').where('name', '=', 'Keyboard key').executeTakeFirst());
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'copy-secret', 'the focus moves to the new key\'s copy button');
    await page.keyboard.press('Enter');
    await page.locator('#copy-done', { hasText: /Copied|copy it yourself/ }).waitFor();
    await page.context().close();
  });

  test('viewers preview but do not change; every page fits 360 px and passes axe', async () => {
    const viewer = await signedInPage('viewer@example.com');
    await open(viewer, `/console/betas/${betaId}/settings/emails`);
    assert.equal(await viewer.getByRole('button', { name: 'Save template' }).count(), 0);
    assert.equal(await viewer.locator('#test-send').count(), 0);
    await viewer.getByLabel('Subject').fill('Viewer draft {{ beta.name }}');
    await viewer.locator('#preview-subject', { hasText: 'Viewer draft Rocket' }).waitFor();
    await open(viewer, `/console/betas/${betaId}/settings/webhooks`);
    assert.match((await viewer.textContent('main')) ?? '', /Your role does not manage webhooks/);
    await viewer.context().close();

    const [endpoint] = await ctx.database.db.selectFrom('webhook_endpoints').select('id').where('beta_id', '=', betaId).execute();
    const page = await signedInPage('owner@example.com', { width: 360, height: 740 });
    for (const path of [
      `/console/betas/${betaId}/settings/emails`,
      `/console/betas/${betaId}/settings/webhooks`,
      `/console/betas/${betaId}/settings/webhooks/${endpoint.id}`,
      '/console/keys',
    ]) {
      await open(page, path);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(width.scroll <= width.client, `${path} at 360 px: ${JSON.stringify(width)}`);
      await assertAccessible(page, `${path} at 360 px`);
    }
    await page.context().close();
  });
});
