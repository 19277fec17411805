// Where a person lands who opens the server's root or the console's folder: the console; and the icon every console and public page names.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startTestContext, type TestContext } from '../support/context.ts';

describe('console entry points', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx?.close());

  for (const path of ['/', '/console/']) {
    test(`${path} sends a person to the console's sign-in`, async () => {
      const response = await ctx.request('GET', path);
      assert.equal(response.status, 302);
      assert.equal(response.headers.location, '/console');
      const landing = await ctx.request('GET', response.headers.location as string);
      assert.equal(landing.status, 200);
      assert.match(landing.raw.headers['content-type'] as string, /^text\/html/);
      assert.match(landing.raw.body, /<title>[^<]*Sign in/);
    });
  }

  test('every console and public page names the icon, served from the console\'s own assets as SVG', async () => {
    const beta = await ctx.createBeta({}, 'Iconic');
    const pages = ['/console', '/console/forgot', `/b/${beta.id}`, '/b/no-such-beta'];
    for (const path of pages) {
      const page = await ctx.request('GET', path);
      assert.match(page.raw.headers['content-type'] as string, /^text\/html/, path);
      const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(page.raw.body)?.[1];
      assert.equal(href, '/console/assets/favicon.svg', path);
    }
    const icon = await ctx.request('GET', '/console/assets/favicon.svg');
    assert.equal(icon.status, 200);
    assert.equal(icon.headers['content-type'], 'image/svg+xml');
    assert.equal(icon.raw.body, readFileSync(new URL('../../src/console/assets/favicon.svg', import.meta.url), 'utf8'));
  });

  test('the API and the documents stay where they are', async () => {
    const health = await ctx.request('GET', '/healthz');
    assert.equal(health.status, 200);
    const unknown = await ctx.request('GET', '/api/v2/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.location, undefined);
  });
});
