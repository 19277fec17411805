// The v1 checkin (spec 9): XML in, XML out, 200, the key in api_key or HTTP Basic with password X.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser } from 'fast-xml-parser';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from './support.ts';
import { otherCompany } from '../rewards/support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const parser = new XMLParser({ parseTagValue: false });

describe('v1 checkin (XML)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const xml = (email: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<checkin>\n  <email>${email}</email>\n</checkin>`;

  async function post(betaId: number | string, body: string, options: { query?: string; headers?: Record<string, string>; key?: string | null } = {}) {
    const query = options.query ?? `api_key=${encodeURIComponent(ctx.apiKey)}`;
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/betas/${betaId}/checkins.xml${query ? `?${query}` : ''}`,
      headers: { 'content-type': 'application/xml', ...options.headers },
      payload: body,
    });
    return { status: raw.statusCode, headers: raw.headers, text: raw.body, xml: raw.body ? parser.parse(raw.body) : undefined };
  }

  async function checkinDays(testerId: number) {
    return (await ctx.database.db.selectFrom('checkins').select('date').where('tester_id', '=', testerId).execute()).map((r) => r.date);
  }

  test('checks the tester in: 200 with an XML answer, the tester active, the day recorded', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const response = await post(beta.id, xml(tester.email.toUpperCase()));
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/xml/);
    assert.ok(response.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
    assert.deepEqual(response.xml.checkin, { email: tester.email.toUpperCase() });
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.status, 'active');
    assert.equal(stored?.last_checkin_at, NOW);
    assert.deepEqual(await checkinDays(tester.id), ['2026-11-22']);
  });

  test('HTTP Basic with the key and password X, text/xml and the path without .xml work too', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const basic = `Basic ${Buffer.from(`${ctx.apiKey}:X`).toString('base64')}`;
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/betas/${beta.id}/checkins`,
      headers: { 'content-type': 'text/xml; charset=utf-8', authorization: basic },
      payload: xml(tester.email),
    });
    assert.equal(raw.statusCode, 200, raw.body);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'active');
  });

  test('no key, or an unknown one: 401 in XML with a challenge, nothing recorded', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    for (const query of ['', 'api_key=pl_unknown']) {
      const response = await post(beta.id, xml(tester.email), { query });
      assert.equal(response.status, 401);
      assert.match(String(response.headers['www-authenticate']), /Basic/);
      assert.equal(response.xml.errors.error.code, '1401');
    }
    assert.deepEqual(await checkinDays(tester.id), []);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'applied');
  });

  test('errors answer in XML with the v2 codes: missing e-mail 2302, unknown tester 404, suspended 2301', async () => {
    const beta = await ctx.createBeta();
    const missing = await post(beta.id, '<checkin></checkin>');
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.xml.errors.error, { code: '2302', message: 'Email is required' });

    const unknown = await post(beta.id, xml('nobody@example.com'));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.xml.errors.error.code, '1404');

    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'suspended' } } })).status, 200);
    const suspended = await post(beta.id, xml(tester.email));
    assert.equal(suspended.status, 422);
    assert.equal(suspended.xml.errors.error.code, '2301');
    assert.deepEqual(await checkinDays(tester.id), []);
  });

  test('malformed XML, a DOCTYPE, or bytes that are not UTF-8: 400 in XML, nothing recorded', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const bodies = [
      `<checkin><email>${tester.email}</email>`,
      `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "${tester.email}">]><checkin><email>&a;</email></checkin>`,
    ];
    for (const body of bodies) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 400, body);
      assert.equal(response.xml.errors.error.code, '1400');
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/betas/${beta.id}/checkins.xml?api_key=${ctx.apiKey}`,
      headers: { 'content-type': 'application/xml' },
      payload: Buffer.from([0x3c, 0x63, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x63, 0x3e]),
    });
    assert.equal(raw.statusCode, 400);
    assert.deepEqual(await checkinDays(tester.id), []);
  });

  test("another company's beta and unknown v1 paths: 404 in XML", async () => {
    const other = await otherCompany(ctx);
    const tester = await createTester(ctx, (await ctx.createBeta()).id);
    const foreign = await post(other.beta.id, xml(tester.email));
    assert.equal(foreign.status, 404);
    assert.equal(foreign.xml.errors.error.code, '1404');
    const raw = await ctx.app.inject({ method: 'GET', url: `/api/v1/betas.xml?api_key=${ctx.apiKey}` });
    assert.equal(raw.statusCode, 404);
    assert.match(String(raw.headers['content-type']), /^application\/xml/);
    assert.equal(parser.parse(raw.body).errors.error.code, '1404');
  });

  test('a beta id that does not decode (400) or is longer than the router reads (414): XML too, nothing recorded', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    for (const [betaId, status] of [['%FF', 400], ['1'.repeat(101), 414]] as const) {
      const response = await post(betaId, xml(tester.email));
      assert.equal(response.status, status, response.text);
      assert.match(String(response.headers['content-type']), /^application\/xml/);
      assert.equal(response.xml.errors.error.code, '1400');
    }
    assert.deepEqual(await checkinDays(tester.id), []);
  });
});
