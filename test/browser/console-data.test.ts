// The console's import and export page in a real browser: a dry run's report, the import followed to
// its end with the testers stored, an error shown next to its field, the export downloaded with the
// page's filter, a viewer who may only export, 360 px and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester } from '../modules/testers/support.ts';

const csv = (text: string) => ({ name: 'testers.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('console: import and export in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ members: { 'admin@example.com': 'admin', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());

  const emailsOf = async (betaId: number) =>
    (await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', betaId).orderBy('id').execute()).map((t) => t.email);

  test('a dry run reports every line and stores nothing; the import then runs to its end', async () => {
    const beta = await ctx.createBeta({}, 'Imported');
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await page.goto(`${origin}/console/betas/${beta.id}/data`);
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.textContent('#imports-status'), 'Nothing imported yet.');
    await assertAccessible(page, 'import and export');

    await page.getByLabel('CSV file').setInputFiles(csv('email,first_name,referrer_id\nann@example.com,Ann,\nnot an address,Bo,\nbea@example.com,Bea,ann@example.com\n'));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('heading', { name: /^Dry run (queued|running)…$/ }).waitFor();
    await ctx.runJobs();
    await page.getByRole('heading', { name: 'Dry run completed' }).waitFor();
    assert.equal(await page.textContent('#import-summary'), '3 lines: 2 would be imported, 1 rejected, 0 duplicates, 1 referral linked.');
    assert.match((await page.textContent('#import-report li')) ?? '', /^Line 3: /);
    assert.deepEqual(await emailsOf(beta.id), [], 'a dry run stores no tester');
    assert.equal(await page.locator('#imports tr').count(), 1);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: /^Import (queued|running)…$/ }).waitFor();
    assert.equal(await page.locator('#import-report progress').count(), 1, 'a progress bar while it runs');
    await ctx.runJobs();
    await page.getByRole('heading', { name: 'Import completed' }).waitFor();
    assert.equal(await page.textContent('#import-summary'), '3 lines: 2 imported, 1 rejected, 0 duplicates, 1 referral linked.');
    assert.deepEqual(await emailsOf(beta.id), ['ann@example.com', 'bea@example.com']);
    await page.locator('#imports tr:nth-child(2)').waitFor();
    assert.deepEqual(await page.locator('#imports tr:first-child td').allTextContents().then((cells) => cells.slice(1)), ['Import', 'completed', '3', '2', '1', '0']);
    await page.context().close();
  });

  test('a refused upload says what is wrong next to the field, and keeps nothing', async () => {
    const beta = await ctx.createBeta({}, 'Refused');
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await page.goto(`${origin}/console/betas/${beta.id}/data`);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.locator('#file-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#file-error')) ?? '', /Choose the CSV file/);

    await page.getByLabel('CSV file').setInputFiles(csv('email\na@example.com\n'));
    await page.getByLabel('Column mapping (optional)').fill('{nope');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#mapping-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#mapping-error')) ?? '', /^mapping must be a JSON object/);
    assert.equal(await page.getAttribute('#field-mapping', 'aria-invalid'), 'true');
    assert.equal(await page.locator('#file-error').isHidden(), true, 'the earlier error is cleared');
    assert.deepEqual(await ctx.database.db.selectFrom('imports').select('id').where('beta_id', '=', beta.id).execute(), []);
    await page.context().close();
  });

  test('a viewer exports, filtered as the page says, and is offered no import', async () => {
    const beta = await ctx.createBeta({}, 'Exported');
    for (const email of ['keep.one@example.com', 'other@example.com', 'keep.two@example.com']) await createTester(ctx, beta.id, { email });
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'viewer@example.com');
    await page.goto(`${origin}/console/betas/${beta.id}/data`);
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.locator('#import').count(), 0);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'export for a viewer');

    await page.getByLabel('Only addresses containing (optional)').fill('keep');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.deepEqual(lines.slice(1).map((line) => line.split(',').find((cell) => cell.includes('@'))).sort(), ['keep.one@example.com', 'keep.two@example.com']);
    await page.context().close();
  });
});
