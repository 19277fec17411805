// The list's extensions for the console's tester table: filters status, group, fraud, referred and
// referrer_id (the export honouring each), sorts position, points, referrals and joined in either
// direction, each checked for the exact order and membership against the stored rows; refusals of
// unknown values; a tester's answers. Many matches (the paths along indexes) are in
// testers-table-large.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester } from './support.ts';
import { createEndpoint } from '../webhooks/support.ts';
import { RESEND_INTERVAL_SECONDS } from '../../../src/modules/emails/emails.service.ts';
import { recentEventsAbout } from '../../../src/modules/testers/personal-data.ts';

describe('list testers: the table\'s filters and sorts', () => {
  let ctx: TestContext;
  let beta: { id: number };
  const t: Record<string, any> = {};
  let base: string;

  async function ids(query: string): Promise<number[]> {
    const response = await ctx.request('GET', `${base}/testers?per_page=100&${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.map((tester: { id: number }) => tester.id);
  }
  const named = (...names: string[]) => names.map((name) => t[name].id);

  async function exported(query: string): Promise<number[]> {
    const response = await ctx.request('GET', `${base}/testers.ndjson?${query}`);
    assert.equal(response.status, 200, response.raw.body);
    return response.raw.body.split('\n').filter(Boolean).map((line: string) => JSON.parse(line).id);
  }

  /** The stored rows of the beta's visible testers. */
  const rows = () => ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('hidden', '=', 0).orderBy('id').execute();

  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta();
    base = `/api/v2/betas/${beta.id}`;
    t.ann = await createTester(ctx, beta.id, { email: 'ann@example.com', groups: 'vip,beta', profile: { first_name: 'Ann' } });
    t.bob = await createTester(ctx, beta.id, { email: 'bob@example.com', referrer_id: t.ann.referral_code });
    t.cat = await createTester(ctx, beta.id, { email: 'cat@example.com', referrer_id: t.ann.referral_code });
    t.dan = await createTester(ctx, beta.id, { email: 'dan@example.com', referrer_id: t.bob.referral_code, groups: 'beta' });
    t.eve = await createTester(ctx, beta.id, { email: 'eve@example.com', status: 'invited', groups: 'VIP' });
    t.fay = await createTester(ctx, beta.id, { email: 'fay.lee@gmail.com' });
    // The same Gmail mailbox under another spelling: flagged at signup.
    t.faz = await createTester(ctx, beta.id, { email: 'faylee+again@gmail.com' });
    t.gus = await createTester(ctx, beta.id, { email: 'gus@example.com', status: 'active' });
    t.hal = await createTester(ctx, beta.id, { email: 'hal@example.com', groups: 'vipers' });
    for (const [name, quantity] of [['hal', 40], ['cat', 15], ['eve', 15], ['gus', 3]] as const) {
      assert.equal((await ctx.request('POST', `${base}/points`, { body: { email: t[name].email, quantity } })).status, 201);
    }
  });
  after(() => ctx.close());

  test('filters: status, group (one name, exact), fraud, referred and referrer_id, alone and together', async () => {
    assert.deepEqual(await ids('status=invited'), named('eve'));
    assert.deepEqual(await ids('status=active'), named('gus'));
    assert.deepEqual(await ids('status=rejected'), []);
    assert.deepEqual(await ids('group=vip'), named('ann'), 'not VIP, not vipers');
    assert.deepEqual(await ids('group=beta'), named('ann', 'dan'));
    assert.deepEqual(await ids('group=%20beta%20'), named('ann', 'dan'), 'trimmed');
    const list = await ctx.request('GET', `${base}/testers?group=vip,beta`);
    assert.equal(list.status, 422, 'one group name, not a list');
    assert.deepEqual(list.body.errors, [{ code: 2301, message: 'group is one group name: it cannot hold a comma' }]);
    assert.deepEqual(await ids('group=VIP'), named('eve'));
    const stored = await rows();
    assert.deepEqual(stored.filter((row) => row.fraud_flags !== null).map((row) => row.id), named('faz'));
    assert.deepEqual(await ids('fraud=flagged'), named('faz'));
    assert.deepEqual(await ids('fraud=clear'), named('ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'));
    assert.deepEqual(await ids('referred=true'), named('bob', 'cat', 'dan'));
    assert.deepEqual(await ids('referred=false'), named('ann', 'eve', 'fay', 'faz', 'gus', 'hal'));
    assert.deepEqual(await ids(`referrer_id=${t.ann.id}`), named('bob', 'cat'));
    assert.deepEqual(await ids(`referrer_id=${t.bob.id}`), named('dan'));
    assert.deepEqual(await ids(`referrer_id=${t.dan.id}`), []);
    assert.deepEqual(await ids('referred=true&group=beta'), named('dan'));
    assert.deepEqual(await ids('status=applied&referred=false&fraud=clear'), named('ann', 'fay', 'hal'));
    assert.deepEqual(await ids('email_contains=gmail&fraud=clear'), named('fay'));

    // The total: a status alone is counted by the beta's counters, the others by the rows.
    const response = await ctx.request('GET', `${base}/testers?status=applied&per_page=2`);
    const pagination = JSON.parse(String(response.headers['x-pagination']));
    assert.deepEqual([pagination.total_count, pagination.pages, pagination.count], [stored.filter((row) => row.status === 'applied').length, 4, 2]);
    const flagged = JSON.parse(String((await ctx.request('GET', `${base}/testers?fraud=flagged`)).headers['x-pagination']));
    assert.equal(flagged.total_count, 1);
  });

  test('the export honours the same filters', async () => {
    for (const query of ['status=invited', 'group=beta', 'fraud=flagged', 'fraud=clear', 'referred=true', 'referred=false', `referrer_id=${t.ann.id}`, 'status=applied&referred=false']) {
      assert.deepEqual(await exported(query), await ids(query), query);
    }
  });

  test('sorts: points and referrals (most first by default), joined, each in either direction, ties by id', async () => {
    const stored = await rows();
    const by = (key: 'points' | 'share_signups_count', sign: 1 | -1) =>
      [...stored].sort((a, b) => sign * (a[key] - b[key] || a.id - b.id)).map((row) => row.id);
    assert.ok(new Set(stored.map((row) => row.points)).size >= 4, 'points differ');
    assert.deepEqual(await ids('sort=points'), by('points', -1));
    assert.deepEqual(await ids('sort=points&direction=desc'), by('points', -1));
    assert.deepEqual(await ids('sort=points&direction=asc'), by('points', 1));
    assert.equal((await ids('sort=points'))[0], t.hal.id);
    assert.deepEqual(await ids('sort=referrals'), by('share_signups_count', -1));
    assert.deepEqual(await ids('sort=referrals&direction=asc'), by('share_signups_count', 1));
    const all = stored.map((row) => row.id);
    assert.deepEqual(await ids('sort=joined'), all);
    assert.deepEqual(await ids(''), all, 'the default is join order');
    assert.deepEqual(await ids('sort=joined&direction=desc'), [...all].reverse());
    // With a filter, over its matches only.
    const referred = stored.filter((row) => row.referrer_id !== null);
    assert.deepEqual(await ids('referred=true&sort=points&direction=asc'), [...referred].sort((a, b) => a.points - b.points || a.id - b.id).map((row) => row.id));
    assert.deepEqual(await ids('status=applied&sort=joined&direction=desc'), stored.filter((row) => row.status === 'applied').map((row) => row.id).reverse());
  });

  test('sort=position: the waitlist in order, then the testers without a position by id; backwards the waitlist from its end', async () => {
    const views = (await ctx.request('GET', `${base}/testers?per_page=100`)).body as { id: number; waitlist_position: number | null }[];
    const waitlist = views.filter((v) => v.waitlist_position !== null).sort((a, b) => a.waitlist_position! - b.waitlist_position!).map((v) => v.id);
    const off = views.filter((v) => v.waitlist_position === null).map((v) => v.id);
    assert.ok(waitlist.length >= 5 && off.length >= 2);
    assert.deepEqual(await ids('sort=position'), [...waitlist, ...off]);
    assert.deepEqual(await ids('sort=position&direction=desc'), [...[...waitlist].reverse(), ...[...off].reverse()]);
    assert.deepEqual(await ids('status=applied&sort=position'), waitlist);
    assert.deepEqual(await ids('status=invited&sort=position'), named('eve'));
    // A filter: its matches in the same order.
    const referred = new Set(named('bob', 'cat', 'dan'));
    assert.deepEqual(await ids('referred=true&sort=position'), waitlist.filter((id) => referred.has(id)));
    const clear = new Set(await ids('fraud=clear'));
    assert.deepEqual(await ids('fraud=clear&sort=position&direction=desc'), [
      ...[...waitlist].reverse().filter((id) => clear.has(id)),
      ...[...off].reverse().filter((id) => clear.has(id)),
    ]);
    // Pages of 2 join up to the whole, the waitlist's end in the middle of one.
    const wholePages = await Promise.all([1, 2, 3, 4, 5].map((page) => ctx.request('GET', `${base}/testers?sort=position&per_page=2&page=${page}`)));
    assert.deepEqual(wholePages.flatMap((r) => r.body.map((v: { id: number }) => v.id)), [...waitlist, ...off]);
    const filteredPages = await Promise.all([1, 2].map((page) => ctx.request('GET', `${base}/testers?referred=true&sort=position&per_page=2&page=${page}`)));
    assert.deepEqual(filteredPages.flatMap((r) => r.body.map((v: { id: number }) => v.id)), waitlist.filter((id) => referred.has(id)));
  });

  test('an unknown filter or sort value is refused with the series\' validation error naming it, and changes nothing', async () => {
    for (const [query, name] of [
      ['status=gone', 'status'],
      ['status=unsuspended', 'status'],
      ['fraud=maybe', 'fraud'],
      ['referred=yes', 'referred'],
      ['referrer_id=abc', 'referrer_id'],
      ['referrer_id=0', 'referrer_id'],
      ['referrer_id=99999999999999999999', 'referrer_id'],
      ['sort=height', 'sort'],
      ['sort=position&direction=up', 'direction'],
      [`group=${'g'.repeat(201)}`, 'group'],
    ]) {
      const response = await ctx.request('GET', `${base}/testers?${query}`);
      assert.equal(response.status, 422, query);
      assert.deepEqual(codes(response), [2301], query);
      assert.match(response.body.errors[0].message, new RegExp(name), query);
      const exportResponse = await ctx.request('GET', `${base}/testers.csv?${query}`);
      if (!query.startsWith('sort')) assert.equal(exportResponse.status, 422, `export ${query}`);
    }
  });

  test("a tester's answers, by question id; another beta's tester is not found", async () => {
    const question = await ctx.request('POST', `${base}/questions`, { body: { question: { kind: 'text', prompt: 'Why?' } } });
    assert.equal(question.status, 201);
    const answered = await createTester(ctx, beta.id, { email: 'ivy@example.com', responses: { response: [{ question_id: question.body.id, answer: 'Because' }] } });
    const response = await ctx.request('GET', `${base}/testers/${answered.id}/responses`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, [{ question_id: question.body.id, question: 'Why?', answer: 'Because' }]);
    const stored = await ctx.database.db.selectFrom('tester_responses').select(['question_id', 'answer']).where('tester_id', '=', answered.id).execute();
    assert.deepEqual(stored, [{ question_id: question.body.id, answer: 'Because' }]);
    assert.deepEqual((await ctx.request('GET', `${base}/testers/${t.ann.id}/responses`)).body, []);
    const other = await ctx.createBeta();
    const missing = await ctx.request('GET', `/api/v2/betas/${other.id}/testers/${t.ann.id}/responses`);
    assert.equal(missing.status, 404);
  });

  test('resend confirmation: an unconfirmed tester gets a new link, not twice within the interval; others are refused', async () => {
    const optIn = await ctx.createBeta({ double_opt_in: true });
    const url = (id: number) => `/api/v2/betas/${optIn.id}/testers/${id}/resend_confirmation`;
    const waiting = await createTester(ctx, optIn.id, { email: 'wait@example.com', status: 'unconfirmed' });
    const links = async () => (await ctx.database.db.selectFrom('email_confirmations').select('id').where('tester_id', '=', waiting.id).execute()).length;
    const mails = async () => (await ctx.database.db.selectFrom('email_messages').select('id').where('tester_id', '=', waiting.id).where('occasion', '=', 'confirmation').execute()).length;
    assert.deepEqual([await links(), await mails()], [1, 1]);
    const soon = await ctx.request('POST', url(waiting.id));
    assert.equal(soon.status, 422);
    assert.deepEqual(soon.body.errors, [{ code: 2301, message: 'a confirmation link was sent to this tester less than 10 minutes ago: try again later' }]);
    assert.deepEqual([await links(), await mails()], [1, 1]);
    ctx.clock.advance(RESEND_INTERVAL_SECONDS * 1000);
    const sent = await ctx.request('POST', url(waiting.id));
    assert.equal(sent.status, 202);
    assert.deepEqual([await links(), await mails()], [2, 2]);
    const confirmed = await createTester(ctx, optIn.id, { email: 'done@example.com' });
    const refused = await ctx.request('POST', url(confirmed.id));
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors, [{ code: 2301, message: 'the tester is not unconfirmed: there is no confirmation to resend' }]);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${waiting.id}/resend_confirmation`)).status, 404, "another beta's tester");
  });

  test("a tester's webhook events: theirs and their points', newest first, with deliveries; none of another tester's", async () => {
    const hooked = await ctx.createBeta();
    await createEndpoint(ctx, hooked.id, { url: 'https://hooks.example/in' });
    const zoe = await createTester(ctx, hooked.id, { email: 'zoe@example.com' });
    const yan = await createTester(ctx, hooked.id, { email: 'yan@example.com' });
    assert.equal((await ctx.request('POST', `/api/v2/betas/${hooked.id}/points`, { body: { email: zoe.email, quantity: 2 } })).status, 201);
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${hooked.id}/testers/${yan.id}`, { body: { tester: { groups: 'x' } } })).status, 200);
    const response = await ctx.request('GET', `/api/v2/betas/${hooked.id}/testers/${zoe.id}/webhook_events`);
    assert.equal(response.status, 200);
    const stored = await ctx.database.db.selectFrom('webhook_events').select(['public_id', 'type', 'payload']).where('beta_id', '=', hooked.id).orderBy('id', 'desc').execute();
    const theirs = stored.filter((e) => [JSON.parse(e.payload).data?.id, JSON.parse(e.payload).data?.user_id].includes(zoe.id) && (e.type.startsWith('tester_') ? JSON.parse(e.payload).data.id === zoe.id : true));
    assert.deepEqual(response.body.map((e: { id: string; type: string }) => [e.id, e.type]), theirs.map((e) => [e.public_id, e.type]));
    assert.deepEqual(response.body.map((e: { type: string }) => e.type).sort(), ['point_earned', 'point_earned', 'tester_created'], 'the signup point, the bonus, the signup');
    for (const event of response.body) assert.ok(Array.isArray(event.deliveries));
    const yans = await ctx.request('GET', `/api/v2/betas/${hooked.id}/testers/${yan.id}/webhook_events`);
    assert.deepEqual(yans.body.map((e: { type: string }) => e.type), ['tester_updated', 'tester_created', 'point_earned'], 'newest first');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${zoe.id}/webhook_events`)).status, 404, "another beta's tester");
  });

  test("the bounded look at a tester's events: only the window of newest events, past bodies that merely quote the id, at most the limit", async () => {
    const quiet = await ctx.createBeta();
    const person = { id: 424242, beta_id: quiet.id };
    const body = (data: object) => JSON.stringify({ id: 'evt_x', type: 'x', created_at: '2026-11-26T10:00:00Z', beta_id: quiet.id, data });
    const rows: [string, string][] = [
      ['point_earned', body({ id: 1, user_id: person.id, quantity: 1 })], // about them, but older than the window
      ['tester_updated', body({ id: person.id, email: 'p@example.com' })],
      ['tester_created', body({ id: person.id, email: 'p@example.com' })],
      ['tester_updated', body({ id: 7, reward: { id: person.id, n: 1 } })], // quotes the id: another tester's
      ['point_earned', body({ id: 2, user_id: 4242420, quantity: 1 })], // a longer id
      ['tester_updated', body({ id: 8, referrer: { id: person.id, e: 'p' } })], // quotes the id: another tester's
      ['point_earned', body({ id: 3, user_id: person.id, quantity: 5 })],
    ];
    const ids: number[] = [];
    for (const [i, [type, payload]] of rows.entries()) {
      const row = { public_id: `evt_look${i}_${quiet.id}`, beta_id: quiet.id, type, payload, created_at: '2026-11-26T10:00:00.000Z' };
      ids.push((await ctx.database.db.insertInto('webhook_events').values(row).returning('id').executeTakeFirstOrThrow()).id);
    }
    const look = async (scanned: number, limit: number) => {
      const { events, complete } = await recentEventsAbout(ctx.database.db, person, { scanned, limit });
      return { ids: events.map((event) => event.id), complete };
    };
    assert.deepEqual(await look(100, 50), { ids: [ids[6], ids[2], ids[1], ids[0]], complete: true });
    assert.deepEqual(await look(6, 50), { ids: [ids[6], ids[2], ids[1]], complete: false }, 'the oldest is past the window');
    assert.deepEqual(await look(100, 2), { ids: [ids[6], ids[2]], complete: true }, 'the limit, past the bodies that only quote the id');
    assert.deepEqual(await look(100, 1), { ids: [ids[6]], complete: true });
  });
});
