// The outbox: the e-mail log newest first by cursor, with its filters, as the console reads it; the
// HTML of one message served for the console's sandboxed frame under a policy of its own; and
// neither ever showing another beta's or company's messages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { signedIn, type SignedIn } from '../../console/support.ts';
import { codes } from '../testers/support.ts';
import { storedMessages } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { MESSAGE_POLICY } from '../../../src/console/outbox.pages.ts';
import { OUTBOX_SCAN_WINDOW } from '../../../src/modules/emails/email-log.service.ts';

const FIELDS = ['created_at', 'error', 'id', 'occasion', 'sent_at', 'status', 'subject', 'test', 'to', 'user_id'];

/** A logged message as written by the mailer, at `minute` past nine. */
function messageRow(betaId: number, n: number, occasion: string, status: string, address = `t${n}-${betaId}@example.com`) {
  const at = `2026-11-22T09:${String(n).padStart(2, '0')}:00.000Z`;
  return {
    beta_id: betaId, tester_id: null, to_address: address, email_normalized: address.toLowerCase(), occasion, subject: `Message ${n}`,
    text_body: `Plain ${n}`, html_body: n % 2 ? null : `<p style="color:red">HTML ${n}</p><script>parent.hacked = 1</script>`, status,
    error: status === 'failed' ? '550 5.1.1 Mailbox unavailable' : null, unsubscribe_token: `token-${betaId}-${n}`, created_at: at,
    sent_at: status === 'sent' ? at : null,
  };
}

describe('e-mail outbox', () => {
  let ctx: TestContext;
  let betaId: number;
  let otherBetaId: number;
  let owner: SignedIn;

  before(async () => {
    ctx = await startTestContext();
    betaId = (await ctx.createBeta({}, 'Outbox')).id;
    otherBetaId = (await ctx.createBeta({}, 'Elsewhere')).id;
    const kinds: Array<[string, string]> = [
      ['invitation', 'captured'], ['confirmation', 'sent'], ['invitation', 'failed'], ['applied', 'queued'],
      ['invitation', 'suppressed'], ['invitation', 'captured'], ['confirmation', 'captured'],
    ];
    await ctx.database.db.insertInto('email_messages').values([
      ...kinds.map(([occasion, status], n) => messageRow(betaId, n + 1, occasion, status, n === 5 ? 'Repeat@Example.com' : undefined)),
      messageRow(betaId, 20, 'invitation', 'captured', 'repeat@example.com'),
      messageRow(otherBetaId, 30, 'invitation', 'captured'),
    ]).execute();
    owner = await signedIn(ctx, 'owner-outbox@example.com', 'owner');
  });
  after(() => ctx.close());

  const browse = (query = '', key?: string) => ctx.request('GET', `/api/v2/betas/${betaId}/outbox${query}`, { key });
  const idsOf = (body: { messages: { id: number }[] }) => body.messages.map((m) => m.id);

  test('newest first, page by page through `older`, every stored message once, without bodies', async () => {
    const stored = (await storedMessages(ctx, betaId)).reverse();
    const seen: number[] = [];
    let query = '?limit=3';
    for (;;) {
      const response = await browse(query);
      assert.equal(response.status, 200);
      for (const message of response.body.messages) assert.deepEqual(Object.keys(message).sort(), FIELDS);
      seen.push(...idsOf(response.body));
      if (response.body.older === null) break;
      assert.equal(response.body.older, seen[seen.length - 1]);
      query = `?limit=3&before=${response.body.older}`;
    }
    assert.deepEqual(seen, stored.map((m) => m.id));
    const first = (await browse('?limit=1')).body.messages[0];
    assert.deepEqual(first, {
      id: stored[0].id, to: 'repeat@example.com', occasion: 'invitation', subject: 'Message 20', status: 'captured', error: null,
      user_id: null, test: false, created_at: '2026-11-22T09:20:00Z', sent_at: null,
    });
    const all = await browse();
    assert.equal(all.body.messages.length, stored.length, 'the default page holds them all');
    assert.equal(all.body.older, null);
  });

  test('filters: status, occasion, recipient (whole, any case), combined, and with the cursor', async () => {
    const stored = (await storedMessages(ctx, betaId)).reverse();
    const expect = (keep: (m: (typeof stored)[number]) => boolean) => stored.filter(keep).map((m) => m.id);
    assert.deepEqual(idsOf((await browse('?status=captured')).body), expect((m) => m.status === 'captured'));
    const failed = await browse('?status=failed');
    assert.deepEqual(failed.body.messages.map((m: { error: string }) => m.error), ['550 5.1.1 Mailbox unavailable']);
    assert.deepEqual(idsOf((await browse('?occasion=confirmation')).body), expect((m) => m.occasion === 'confirmation'));
    assert.deepEqual(idsOf((await browse('?email=REPEAT%40example.com')).body), expect((m) => m.email_normalized === 'repeat@example.com'));
    assert.deepEqual(idsOf((await browse('?email=example.com')).body), [], 'not a fragment match');
    const both = expect((m) => m.occasion === 'invitation' && m.status === 'captured');
    assert.equal(both.length, 3);
    const firstPage = await browse('?occasion=invitation&status=captured&limit=2');
    assert.deepEqual(idsOf(firstPage.body), both.slice(0, 2));
    const next = await browse(`?occasion=invitation&status=captured&limit=2&before=${firstPage.body.older}`);
    assert.deepEqual(idsOf(next.body), both.slice(2));
    assert.equal(next.body.older, null);
  });

  test('an occasion or status is looked for in a window of the log a page at a time: a rare one comes after empty pages, never missed', async () => {
    const beta = (await ctx.createBeta({}, 'Long log')).id;
    await ctx.database.db.insertInto('email_messages').values(messageRow(beta, 1, 'invitation', 'failed')).execute();
    const newer = OUTBOX_SCAN_WINDOW + 30;
    for (let from = 0; from < newer; from += 500) {
      const rows = Array.from({ length: Math.min(500, newer - from) }, (_, n) => ({ ...messageRow(beta, 2, 'invitation', 'captured'), unsubscribe_token: `window-${beta}-${from + n}` }));
      await ctx.database.db.insertInto('email_messages').values(rows).execute();
    }
    const ids = (await storedMessages(ctx, beta)).map((m) => m.id).reverse();
    const url = (query: string) => ctx.request('GET', `/api/v2/betas/${beta}/outbox${query}`);

    const first = await url('?status=failed');
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { messages: [], older: ids[OUTBOX_SCAN_WINDOW - 1] }, 'the newest window holds no failure');
    const second = await url(`?status=failed&before=${first.body.older}`);
    assert.deepEqual([idsOf(second.body), second.body.older], [[ids[ids.length - 1]], null]);

    const captured = await url('?status=captured&limit=3');
    assert.deepEqual([idsOf(captured.body), captured.body.older], [ids.slice(0, 3), ids[2]]);
    const byAddress = await url(`?email=t1-${beta}%40example.com`);
    assert.deepEqual([idsOf(byAddress.body), byAddress.body.older], [[ids[ids.length - 1]], null], 'the recipient is served by its index, no window');
  });

  test('bad input is 422 in the betas series, naming the parameter, and changes nothing', async () => {
    const before = await storedMessages(ctx, betaId);
    for (const [query, name] of [['?status=bounced', 'status'], ['?occasion=birthday', 'occasion'], ['?before=abc', 'before'], ['?before=0', 'before'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], [`?email=${'a'.repeat(321)}`, 'email']]) {
      const response = await browse(query);
      assert.equal(response.status, 422, query);
      assert.deepEqual(codes(response), [2201], query);
      assert.match(response.body.errors[0].message, new RegExp(`^${name} `), query);
    }
    assert.deepEqual(await storedMessages(ctx, betaId), before);
  });

  test('another beta\'s messages are never listed; another company\'s beta is 404, a key without betas:read 403', async () => {
    const [foreign] = await storedMessages(ctx, otherBetaId);
    const listed = (await browse(`?email=${encodeURIComponent(foreign.to_address)}`)).body;
    assert.deepEqual(listed, { messages: [], older: null });
    assert.ok(!idsOf((await browse()).body).includes(foreign.id));
    const company = await ctx.services.accounts.createCompany({ name: 'Stranger' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const stranger = await browse('', key);
    assert.equal(stranger.status, 404);
    assert.deepEqual(stranger.body.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }]);
    const { key: noRead } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read'] });
    assert.equal((await browse('', noRead)).status, 403);
  });

  test('the console page frames only this site; a message\'s HTML comes as stored under its own sandboxing policy', async () => {
    const page = await owner.request('GET', `/console/betas/${betaId}/outbox`);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-security-policy']), /frame-src 'self'/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'(;|$)/);
    assert.match(page.body, /<iframe id="message-html" sandbox=""/);

    const html = (await storedMessages(ctx, betaId)).find((m) => m.html_body !== null);
    assert.ok(html);
    const frame = await owner.request('GET', `/console/betas/${betaId}/outbox/${html.id}/html`);
    assert.equal(frame.status, 200);
    assert.equal(frame.raw.body, html.html_body);
    assert.equal(frame.headers['content-security-policy'], MESSAGE_POLICY);
    assert.match(MESSAGE_POLICY, /default-src 'none'.*sandbox$/);
    assert.equal(frame.headers['x-frame-options'], 'SAMEORIGIN');
    assert.match(String(frame.headers['content-type']), /^text\/html/);
  });

  test('a message\'s HTML is 404 without a session, for another beta\'s message, an unknown id, and another company\'s member', async () => {
    const [own] = (await storedMessages(ctx, betaId)).filter((m) => m.html_body !== null);
    const [foreign] = await storedMessages(ctx, otherBetaId);
    const anonymous = await ctx.request('GET', `/console/betas/${betaId}/outbox/${own.id}/html`, { key: null });
    assert.equal(anonymous.status, 404);
    assert.doesNotMatch(anonymous.raw.body, /HTML \d/);
    for (const id of [foreign.id, 999999, 'abc']) {
      const response = await owner.request('GET', `/console/betas/${betaId}/outbox/${id}/html`);
      assert.equal(response.status, 404, String(id));
      assert.doesNotMatch(response.raw.body, /HTML \d/);
    }
    const company = await ctx.services.accounts.createCompany({ name: 'Outsiders' });
    const outsider = await signedIn(ctx, 'outsider-outbox@example.com', 'owner', company.id);
    const response = await outsider.request('GET', `/console/betas/${betaId}/outbox/${own.id}/html`);
    assert.equal(response.status, 404);
    assert.doesNotMatch(response.raw.body, /HTML \d/);
    assert.equal((await outsider.request('GET', `/api/v2/betas/${betaId}/outbox`)).status, 404);
  });
});
