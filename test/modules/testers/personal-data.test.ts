// A person's data request (docs/privacy.md): the export shows every table that holds the person's
// data, and the erasure leaves no trace of their address or name in any column of any table, while
// the beta's counts, the others' standings and the referral credit stay as they were.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { foldSearchBacklog } from '../../../src/db/engine/search-folding.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { isErased } from '../../../src/modules/suppressions/erasures.ts';
import { PERSONAL_DATA } from '../../../src/modules/testers/personal-data.ts';
import { dialect, startTestContext, type TestContext } from '../../support/context.ts';
import { visit } from '../../public/support.ts';
import { createTester, storedBeta, uniqueEmail } from './support.ts';
import { postFile } from '../imports/support.ts';

/** A name no other scene of the file uses, so a scan for one scene's person finds no other's. */
let scenes = 0;

/** Columns that name a tester or an address: a table with one holds someone's data. */
const PERSONAL_COLUMN = /(^|_)tester_id$|^(inviter|invitee|referrer)_id$|^email|_address$/;

/** The service's tables; the search index's own (FTS5 on SQLite) are checked through the index itself. */
async function tables(db: Kysely<any>) {
  return (await db.introspection.getTables()).filter((t) => !t.name.startsWith('kysely_') && !t.name.startsWith('testers_search'));
}

/** Every row of every table whose text names one of `needles` (case-insensitively), as "table: row". */
async function traces(db: Kysely<any>, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tables(db)) {
    for (const row of await db.selectFrom(table.name).selectAll().execute()) {
      const text = JSON.stringify(row).toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(`${table.name}: ${text.slice(0, 300)}`);
    }
  }
  return found;
}

describe("a person's data: export and erase", () => {
  let ctx: TestContext;
  let db: Kysely<any>;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    db = ctx.database.db as unknown as Kysely<any>;
  });
  after(() => ctx.close());

  test('every table is listed, and every table naming a tester or an address is exported or says why not', async () => {
    const names = (await tables(db)).map((t) => t.name);
    assert.deepEqual(names.filter((name) => !(name in PERSONAL_DATA)).sort(), [], 'add the table to PERSONAL_DATA');
    const silent = (await tables(db))
      .filter((t) => t.columns.some((c) => PERSONAL_COLUMN.test(c.name)))
      .filter((t) => {
        const coverage = PERSONAL_DATA[t.name as keyof typeof PERSONAL_DATA];
        return coverage.exported === null && !coverage.why;
      })
      .map((t) => t.name);
    assert.deepEqual(silent, []);
  });

  /** A beta where the person has a row in every table that can hold their data. */
  async function scene() {
    scenes += 1;
    const [FIRST, LAST] = [`Zebulonia${'x'.repeat(scenes)}`, `Quixotica${'y'.repeat(scenes)}`];
    const settings = { invite_a_friend_enabled: true, friend_invitations_allowed: 5, referral_points: 3, double_opt_in: true };
    const beta = await ctx.createBeta(settings, 'Data request');
    const base = `/api/v2/betas/${beta.id}`;
    const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const response = await ctx.request(method, `${base}${path}`, { body, headers });
      assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' });
    const question = await call('POST', '/questions', { kind: 'text', prompt: 'Why?' });
    const email = `${FIRST.toLowerCase()}.${LAST.toLowerCase()}@example.com`;
    const person = await createTester(ctx, beta.id, {
      email: `${FIRST}.${LAST}@Example.com`,
      status: 'unconfirmed',
      profile: { first_name: FIRST, last_name: LAST, city: `${LAST}ville`, ip: `203.0.113.${70 + scenes}`, user_agent: `${FIRST}Browser/1.0` },
      responses: { response: [{ question_id: question.id, answer: `${FIRST} wants in` }] },
    });
    await call('PUT', `/testers/${person.id}`, { tester: { status: 'applied' } });
    await call('PUT', `/testers/${person.id}`, { tester: { status: 'invited' } });
    const before = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: person.referral_code });
    const after = await createTester(ctx, beta.id);
    await call('POST', '/friend_invitations', { friend_invitation: { sender_email: person.email, recipient_email: uniqueEmail('friend'), message: `From ${FIRST}` } });
    await call('POST', '/points', { email: person.email, quantity: 7, reason: `${FIRST}'s talk` });
    const definition = await call('POST', '/reward_definitions', { descriptor: 'tshirt', name: 'T-shirt', type: 'SingleSided' });
    await call('POST', '/rewards', { email: person.email, descriptor: definition.descriptor });
    await call('POST', `/testers/${person.id}/checkin`);
    await call('PUT', `/testers/${person.id}`, { tester: { profile: { employer: 'Quix Ltd' } } }, { 'idempotency-key': `put-${person.id}` });
    assert.equal((await visit(ctx, 'GET', `/r/${person.referral_code}`, { headers: { 'x-forwarded-for': '198.51.100.9' } })).status, 302);
    // An import whose report quotes the address: a line skipped, the tester being in the beta already.
    assert.equal((await postFile(ctx, beta.id, `email,first_name\n${person.email},${FIRST}\n`)).status, 202);
    while ((await ctx.runJobs()) > 0);
    await call('POST', '/suppressions', { email: person.email.toUpperCase(), reason: 'Manual' });
    const traced = [email, FIRST, LAST, `203.0.113.${70 + scenes}`, person.uuid, person.referral_code];
    return { beta, base, person, email, friend, others: [before, friend, after], call, FIRST, traced };
  }

  test('the export shows every section, the friend it referred by id only, and no secret', async () => {
    const { base, person, friend, FIRST } = await scene();
    const response = await ctx.request('GET', `${base}/testers/${person.id}/export`);
    assert.equal(response.status, 200);
    const body = response.body;
    const show = await ctx.request('GET', `${base}/testers/${person.id}`);
    assert.deepEqual({ ...body.tester, responses: undefined }, { ...show.body, responses: undefined });
    assert.deepEqual(body.tester.responses, [{ question_id: body.responses[0].question_id, question: 'Why?', answer: `${FIRST} wants in` }]);
    assert.equal(body.stored.user_agent, `${FIRST}Browser/1.0`);
    assert.equal(body.stored.erased_at, null);
    for (const [table, coverage] of Object.entries(PERSONAL_DATA)) {
      if (coverage.exported === null || coverage.exported === 'tester') continue;
      assert.ok(body[coverage.exported].length > 0, `${table}: section ${coverage.exported} is empty`);
    }
    assert.deepEqual(body.referrals.map((r: any) => r.tester_id), [friend.id]);
    assert.equal(body.referrals[0].status, 'applied');
    const text = JSON.stringify(body);
    assert.ok(!text.includes(friend.email), "the referred friend's address is theirs");
    const [confirmation] = await db.selectFrom('email_confirmations').select('token').where('tester_id', '=', person.id).execute();
    assert.ok(!JSON.stringify(body.email_confirmations).includes(confirmation.token), 'a link is shown only in the e-mail that carried it');
    assert.deepEqual(body.points.map((p: any) => p.reason).filter(Boolean), [`${FIRST}'s talk`]);
    assert.ok(body.webhook_events.some((e: any) => e.type === 'tester_created' && e.body.data.id === person.id && e.deliveries.length > 0));
    assert.deepEqual(body.suppressions.map((s: any) => s.reason), ['Manual']);
  });

  test('erase leaves no trace in any table, keeps counts, standings and credit, and kills the links', async () => {
    const { beta, base, person, email, friend, others, FIRST, traced } = await scene();
    const list = async () => (await ctx.request('GET', `${base}/testers?per_page=100`)).body;
    const [countersBefore, listBefore] = [await storedBeta(ctx, beta.id), await list()];
    const indexedNames = async () =>
      (await sql`select rowid from testers_search where testers_search match ${`"${FIRST.toLowerCase()}"`}`.execute(db)).rows;
    if (dialect === 'sqlite') {
      // The search index holds the person, as a server's fold has put them there by now.
      await foldSearchBacklog(ctx.database.db);
      assert.deepEqual(await indexedNames(), [{ rowid: person.id }]);
    }

    // An hour later: the rows are found by the scan before the erasure's transaction, which reads only the last minute's.
    ctx.clock.advance(3600 * 1000);
    const erasedAt = ctx.clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const response = await ctx.request('POST', `${base}/testers/${person.id}/erase`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.tester_id, person.id);
    assert.equal(response.body.already_erased, false);
    assert.equal(response.body.erased_at, erasedAt);
    for (const table of ['tester_responses', 'checkins', 'email_messages', 'webhook_events', 'suppressions', 'daily_visits', 'idempotency_keys']) {
      assert.ok(response.body.deleted[table] > 0, `deleted ${table}: ${JSON.stringify(response.body.deleted)}`);
    }
    assert.deepEqual(
      { testers: response.body.anonymized.testers, points: response.body.anonymized.points, friend_invitations: response.body.anonymized.friend_invitations },
      { testers: 1, points: 1, friend_invitations: 1 },
    );
    assert.ok(response.body.anonymized.webhook_events > 0, "the friend's events named the person as referrer");
    assert.equal(response.body.anonymized.imports, 1, 'the import report quoting the address');

    assert.deepEqual(await traces(db, traced), []);
    if (dialect === 'sqlite') assert.deepEqual(await indexedNames(), [], 'the search index forgot the name');
    assert.deepEqual((await ctx.request('GET', `${base}/testers?email=${FIRST.toLowerCase()}`)).body, []);
    assert.deepEqual((await ctx.request('GET', `${base}/testers?name=${FIRST.toLowerCase()}`)).body, []);

    // Counts, standings and the referral credit as they were.
    const countersAfter = await storedBeta(ctx, beta.id);
    assert.deepEqual({ ...countersAfter, updated_at: null }, { ...countersBefore, updated_at: null });
    const listAfter = await list();
    const standing = (t: any) => [t.id, t.status, t.waitlist_position, t.waitlist_ahead, t.waitlist_length, t.share_signups_count];
    assert.deepEqual(listAfter.map(standing), listBefore.map(standing));
    const erased = listAfter.find((t: any) => t.id === person.id);
    assert.equal(erased.email, `erased-${person.id}@erased.invalid`);
    assert.equal(erased.share_signups_count, 1);
    assert.equal(erased.profile.first_name, null);
    assert.equal(erased.invitation_code, '');
    assert.notEqual(erased.referral_code, person.referral_code);
    const referred = (await ctx.request('GET', `${base}/testers/${friend.id}`)).body;
    assert.equal(referred.referred_by, erased.email, 'the friend keeps its referrer, anonymized');
    for (const other of others) assert.equal((await ctx.request('GET', `${base}/testers/${other.id}`)).body.email, other.email);

    // The share link and the status link lead nowhere; the address is refused, case aside.
    assert.equal((await visit(ctx, 'GET', `/r/${person.referral_code}`)).status, 404);
    assert.equal((await visit(ctx, 'GET', `/r/${person.referral_code}?check=${person.uuid}`)).status, 404);
    assert.equal(await isErased(ctx.database.db, beta.id, email.toUpperCase()), true);
    assert.equal(await isErased(ctx.database.db, beta.id, friend.email), false);
    const otherBeta = await ctx.createBeta({}, 'Other beta');
    assert.equal(await isErased(ctx.database.db, otherBeta.id, email), false);

    // The export of an erased tester shows the anonymized row and nothing else of theirs.
    const exported = (await ctx.request('GET', `${base}/testers/${person.id}/export`)).body;
    assert.equal(exported.stored.erased_at, erasedAt);
    assert.deepEqual([exported.responses, exported.checkins, exported.emails, exported.suppressions, exported.share_clicks], [[], [], [], [], []]);
    assert.ok(exported.points.length > 0 && exported.points.every((p: any) => p.reason === null), 'points kept, reasons gone');

    // Erasing again does nothing more.
    const again = await ctx.request('POST', `${base}/testers/${person.id}/erase`);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, { tester_id: person.id, erased_at: erasedAt, already_erased: true, deleted: {}, anonymized: {} });
  });

  test('no e-mail reaches an erased address, until the person signs up again', async () => {
    const { beta, base, person, email, call } = await scene();
    assert.equal((await ctx.request('POST', `${base}/testers/${person.id}/erase`)).status, 200);
    // A friend invites the erased address: the invitee is created, and not written to.
    const sender = await createTester(ctx, beta.id, { status: 'active' });
    await call('POST', '/friend_invitations', { friend_invitation: { sender_email: sender.email, recipient_email: email, message: 'Hi' } });
    const invitee = await db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('email_normalized', '=', email).executeTakeFirstOrThrow();
    assert.deepEqual(await db.selectFrom('email_messages').select('id').where('tester_id', '=', invitee.id).execute(), []);
    await call('DELETE', `/testers/${invitee.id}`);

    // The person signs up again: a new tester, written to as any other.
    const back = await ctx.request('POST', `${base}/testers`, { body: { tester: { email, status: 'invited' } } });
    assert.equal(back.status, 201);
    assert.notEqual(back.body.id, person.id);
    assert.equal(back.body.share_signups_count, 0);
    assert.equal(await isErased(ctx.database.db, beta.id, email), false);
    const messages = await db.selectFrom('email_messages').select(['occasion', 'status']).where('tester_id', '=', back.body.id).execute();
    assert.deepEqual(messages, [{ occasion: 'invitation', status: 'queued' }]);
  });

  test('an e-mail queued before the erasure of its address is not sent', async () => {
    const beta = await ctx.createBeta({}, 'Queued');
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const [message] = await db.selectFrom('email_messages').select('id').where('tester_id', '=', tester.id).execute();
    // The address erased from the beta by a tester that had it before (deleted since).
    await ctx.database.db.transaction().execute((trx) => import('../../../src/modules/suppressions/erasures.ts').then((m) => m.recordErasure(trx, beta.id, tester.email, '2026-11-22T09:15:00.000Z')));
    while ((await ctx.runJobs()) > 0);
    const stored = await db.selectFrom('email_messages').select('status').where('id', '=', message.id).executeTakeFirstOrThrow();
    assert.equal(stored.status, 'suppressed');
  });

  test("another company's tester is 404, a key without the permission 403, and a hidden tester is answered", async () => {
    const beta = await ctx.createBeta({}, 'Guarded');
    const tester = await createTester(ctx, beta.id);
    const base = `/api/v2/betas/${beta.id}/testers/${tester.id}`;
    const company = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key: otherKey } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const [method, path] of [['GET', '/export'], ['POST', '/erase']]) {
      const response = await ctx.request(method, `${base}${path}`, { key: otherKey });
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
    }
    const elsewhere = await createTester(ctx, (await ctx.createBeta({}, 'Elsewhere')).id);
    for (const [method, path] of [['GET', 'export'], ['POST', 'erase']]) {
      const response = await ctx.request(method, `/api/v2/betas/${beta.id}/testers/${elsewhere.id}/${path}`);
      assert.deepEqual([response.status, response.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Tester not found' }] }], 'a tester of another beta');
    }
    const unknown = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/999999999/erase`);
    assert.deepEqual([unknown.status, unknown.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Tester not found' }] }]);
    const { key: reader } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read', 'testers:write'] });
    const refused = await ctx.request('POST', `${base}/erase`, { key: reader });
    assert.deepEqual([refused.status, refused.body], [403, { errors: [{ code: Errors.forbidden.code, message: 'This API key lacks the testers:delete permission' }] }]);
    const { key: writer } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:delete'] });
    assert.equal((await ctx.request('GET', `${base}/export`, { key: writer })).status, 403);
    assert.equal((await ctx.request('GET', `${base}`)).body.email, tester.email, 'nothing erased by a refused request');

    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', tester.id).execute();
    const hidden = await ctx.request('GET', `${base}/export`);
    assert.equal(hidden.status, 200);
    assert.equal(hidden.body.stored.hidden, true);
    assert.equal((await ctx.request('POST', `${base}/erase`)).status, 200);
  });

  test('an Idempotency-Key replays the receipt of an erasure', async () => {
    const beta = await ctx.createBeta({}, 'Replay');
    const tester = await createTester(ctx, beta.id);
    const url = `/api/v2/betas/${beta.id}/testers/${tester.id}/erase`;
    const first = await ctx.request('POST', url, { headers: { 'idempotency-key': 'erase-1' } });
    const second = await ctx.request('POST', url, { headers: { 'idempotency-key': 'erase-1' } });
    assert.equal(first.status, 200);
    assert.equal(first.body.already_erased, false);
    assert.deepEqual([second.status, second.body, second.headers['idempotent-replayed']], [200, first.body, 'true']);
  });
});
