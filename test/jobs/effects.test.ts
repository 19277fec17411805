// A command's side effects leave as one outbox row (src/jobs/effects.ts; docs/decisions.md, "One
// outbox row per signup"): the signup's transaction stores that row and nothing else of its
// events and e-mails; its expansion after commit writes them, under the ids the row gave them; an
// expansion cut short writes nothing, and its retry writes and delivers each event once; a signup
// rolled back leaves nothing.
import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { observeCommits } from '../../src/db/transaction.ts';
import { EFFECTS_JOB, EXPANSION_GRACE_SECONDS, effectsJobHandler } from '../../src/jobs/effects.ts';
import { WEBHOOK_DELIVERY_JOB } from '../../src/modules/events/events.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { createEndpoint, storedEvents, withReceiver } from '../modules/webhooks/support.ts';
import type { TestContext, TestResponse } from '../support/context.ts';

const NOW = '2026-11-22T09:15:00.000Z';

interface EffectsPayload {
  betaId: number;
  parts: { events?: { publicId: string; type: string; endpointIds: number[]; testerId?: number }[]; emails?: { occasion: string; testerId: number }[] };
}

describe('one outbox row per command', () => {
  const setup = withReceiver();
  beforeEach(() => {
    setup.ctx.clock.set(NOW);
    setup.receiver.received.length = 0;
  });

  async function effectsRows(ctx: TestContext, betaId: number) {
    const rows = await ctx.database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', EFFECTS_JOB).orderBy('id').execute();
    return rows.map((row) => ({ ...row, parsed: JSON.parse(row.payload) as EffectsPayload })).filter((row) => row.parsed.betaId === betaId);
  }

  async function deliveryJobsOf(ctx: TestContext, eventIds: number[]) {
    const jobs = await ctx.database.db.selectFrom('outbox_jobs').select('payload').where('kind', '=', WEBHOOK_DELIVERY_JOB).execute();
    return jobs.map((job) => JSON.parse(job.payload) as { eventId: number; endpointId: number }).filter((job) => eventIds.includes(job.eventId));
  }

  async function emailsOf(ctx: TestContext, betaId: number) {
    return ctx.database.db.selectFrom('email_messages').select(['tester_id', 'occasion', 'status', 'to_address']).where('beta_id', '=', betaId).orderBy('id').execute();
  }

  /** A beta with one endpoint for every event, and a referrer on it. */
  async function hookedBeta(ctx: TestContext) {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${setup.receiver.url}/hook` });
    const referrer = await createTester(ctx, beta.id);
    return { beta, endpoint, referrer };
  }

  /** Makes every insert of an outbox row of `kind` fail, as a database error would; answers how to undo it. */
  async function failInserts(ctx: TestContext, kind: string): Promise<() => Promise<void>> {
    const { db, dialect } = ctx.database;
    if (dialect === 'sqlite') {
      await sql.raw(`CREATE TRIGGER fail_outbox_insert BEFORE INSERT ON outbox_jobs WHEN NEW.kind = '${kind}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).execute(db);
      return async () => void (await sql.raw('DROP TRIGGER fail_outbox_insert').execute(db));
    }
    await sql
      .raw(`CREATE FUNCTION fail_outbox_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.kind = '${kind}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`)
      .execute(db);
    await sql.raw('CREATE TRIGGER fail_outbox_insert BEFORE INSERT ON outbox_jobs FOR EACH ROW EXECUTE FUNCTION fail_outbox_insert()').execute(db);
    return async () => {
      await sql.raw('DROP TRIGGER fail_outbox_insert ON outbox_jobs').execute(db);
      await sql.raw('DROP FUNCTION fail_outbox_insert()').execute(db);
    };
  }

  test("a referred signup's transaction stores one outbox row and none of its events or e-mails; the expansion writes them before the answer", async () => {
    const { ctx } = setup;
    const { beta, endpoint, referrer } = await hookedBeta(ctx);
    const email = uniqueEmail('one-row');
    // What the database holds the moment each transaction commits, before anything runs after it.
    const atCommits: { effects: Awaited<ReturnType<typeof effectsRows>>; events: number; emails: number; tester: boolean }[] = [];
    let watching = true;
    observeCommits(ctx.database.db, async () => {
      if (!watching) return;
      const tester = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('email', '=', email).executeTakeFirst();
      atCommits.push({ effects: await effectsRows(ctx, beta.id), events: (await storedEvents(ctx, beta.id)).length, emails: (await emailsOf(ctx, beta.id)).length, tester: tester !== undefined });
    });
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    const emailsBefore = (await emailsOf(ctx, beta.id)).length;
    const created = await createTester(ctx, beta.id, { email, status: 'invited', referrer_id: referrer.referral_code });
    watching = false;

    const signupCommit = atCommits.find((state) => state.tester);
    assert.ok(signupCommit, "the signup's commit was seen");
    assert.deepEqual([signupCommit.events, signupCommit.emails], [eventsBefore, emailsBefore], 'no event or e-mail written in the transaction');
    assert.equal(signupCommit.effects.length, 1, 'exactly one outbox row');
    const [row] = signupCommit.effects;
    assert.equal(row.kind, EFFECTS_JOB);
    assert.equal(row.run_at, new Date(Date.parse(NOW) + EXPANSION_GRACE_SECONDS * 1000).toISOString(), "a worker's only after the grace");
    const deferred = row.parsed.parts.events ?? [];
    assert.deepEqual(
      deferred.map((event) => [event.type, event.endpointIds, event.testerId ?? null]),
      [
        ['point_earned', [endpoint.id], null],
        ['point_earned', [endpoint.id], null],
        ['tester_created', [endpoint.id], created.id],
        ['tester_updated', [endpoint.id], referrer.id],
      ],
    );
    assert.deepEqual(row.parsed.parts.emails?.map((message) => [message.occasion, message.testerId]), [['invitation', created.id]]);
    assert.deepEqual(await effectsRows(ctx, beta.id), [], 'the row is consumed by its expansion');

    // Expanded before the answer: the events under the ids the row gave them, in the order raised.
    const events = (await storedEvents(ctx, beta.id)).slice(eventsBefore);
    assert.deepEqual(events.map((event) => [event.public_id, event.type]), deferred.map((event) => [event.publicId, event.type]));
    const bodies = events.map((event) => JSON.parse(event.payload));
    const show = async (id: number) => ({ ...(await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${id}`)).body, responses: [] });
    assert.deepEqual(bodies[2].data, created, 'tester_created carries the create answer');
    assert.deepEqual(bodies[2].data, await show(created.id));
    assert.deepEqual(bodies[3].data, await show(referrer.id));
    assert.equal(bodies[3].data.share_signups_count, 1);
    assert.deepEqual(bodies.slice(0, 2).map((body) => [body.data.user_id, body.data.activity]).sort(), [[created.id, 'signup'], [referrer.id, 'referral']].sort());
    for (const [i, body] of bodies.entries()) assert.deepEqual([body.id, body.created_at, body.beta_id], [events[i].public_id, '2026-11-22T09:15:00Z', beta.id]);
    const jobs = await deliveryJobsOf(ctx, events.map((event) => event.id));
    assert.deepEqual(jobs.map((job) => [job.eventId, job.endpointId]), events.map((event) => [event.id, endpoint.id]), 'one delivery per event and endpoint');
    assert.deepEqual((await emailsOf(ctx, beta.id)).slice(emailsBefore), [{ tester_id: created.id, occasion: 'invitation', status: 'queued', to_address: email }]);
  });

  test('concurrent signups are expanded in batches: each answered with its own tester, every event written once, every row consumed', async () => {
    const { ctx } = setup;
    const { beta, referrer } = await hookedBeta(ctx);
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    let commits = 0;
    let counting = true;
    observeCommits(ctx.database.db, async () => {
      if (counting) commits += 1;
    });
    const signups = 6;
    const emails = Array.from({ length: signups }, () => uniqueEmail('batched'));
    const created = await Promise.all(emails.map((email) => createTester(ctx, beta.id, { email, referrer_id: referrer.referral_code })));
    counting = false;

    assert.deepEqual(created.map((tester) => tester.email).sort(), [...emails].sort(), 'each answer is its own tester');
    assert.deepEqual(await effectsRows(ctx, beta.id), [], 'every row consumed');
    const events = (await storedEvents(ctx, beta.id)).slice(eventsBefore);
    assert.equal(new Set(events.map((event) => event.public_id)).size, events.length, 'each event once');
    const createdIds = events.filter((event) => event.type === 'tester_created').map((event) => JSON.parse(event.payload).data.id);
    assert.deepEqual(createdIds.sort(), created.map((tester) => tester.id).sort(), 'one tester_created per signup');
    const referrerUpdates = events.filter((event) => event.type === 'tester_updated').map((event) => JSON.parse(event.payload).data);
    assert.equal(referrerUpdates.length, signups, 'one tester_updated of the referrer per signup');
    assert.equal(Math.max(...referrerUpdates.map((body) => body.share_signups_count)), signups, 'the last rendered after the last credit');
    assert.equal((await deliveryJobsOf(ctx, events.map((event) => event.id))).length, events.length, 'one delivery job per event');
    // On SQLite the requests take the connection in arrival order, so the signups that commit while
    // a batch waits for its turn join it: fewer commits than one signup and one expansion each.
    if (ctx.database.dialect === 'sqlite') assert.ok(commits < 2 * signups, `${commits} commits for ${signups} signups`);
    // Their deliveries, so that the next test starts with no job due.
    while ((await ctx.runJobs()) > 0);
  });

  test('a signup whose beta nobody listens to, in a status whose message is off, stores no outbox row', async () => {
    const { ctx } = setup;
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    assert.equal(tester.status, 'applied');
    assert.deepEqual(await effectsRows(ctx, beta.id), []);
    assert.deepEqual([(await storedEvents(ctx, beta.id)).length, (await emailsOf(ctx, beta.id)).length], [0, 0]);
  });

  test('an expansion cut short writes nothing; the retry writes each event once under its id, and each is delivered once', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint, referrer } = await hookedBeta(ctx);
    await ctx.runJobs(); // the referrer's own deliveries
    receiver.received.length = 0;
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    // The expansion writes its events, then fails at their delivery jobs: all of it rolls back.
    const restore = await failInserts(ctx, WEBHOOK_DELIVERY_JOB);
    let created: { id: number };
    try {
      created = await createTester(ctx, beta.id, { email: uniqueEmail('cut'), status: 'invited', referrer_id: referrer.referral_code });
    } finally {
      await restore();
    }
    assert.equal((await storedEvents(ctx, beta.id)).length, eventsBefore, 'no event of the failed expansion is left');
    assert.deepEqual((await emailsOf(ctx, beta.id)).filter((message) => message.tester_id === created.id), [], 'nor its e-mail');
    const [row] = await effectsRows(ctx, beta.id);
    assert.ok(row, 'the row waits for a worker');
    const ids = (row.parsed.parts.events ?? []).map((event) => event.publicId);
    assert.equal(ids.length, 4);

    assert.equal(await ctx.runJobs(), 0, 'not before its grace');
    ctx.clock.advance(EXPANSION_GRACE_SECONDS * 1000);
    assert.equal(await ctx.runJobs(), 1, 'the worker expands it');
    // A second expansion of the same row, as after a crash that kept the worker from finishing it.
    await effectsJobHandler(ctx.database.db)(row.parsed, row, new AbortController().signal);
    const events = (await storedEvents(ctx, beta.id)).slice(eventsBefore);
    assert.deepEqual(events.map((event) => event.public_id), ids, 'each event once, under the id the row gave it');
    assert.equal((await deliveryJobsOf(ctx, events.map((event) => event.id))).length, 4, 'one delivery job each');
    assert.deepEqual((await emailsOf(ctx, beta.id)).filter((message) => message.tester_id === created.id).map((message) => message.occasion), ['invitation']);
    assert.deepEqual(await effectsRows(ctx, beta.id), []);

    await ctx.runJobs();
    assert.deepEqual(receiver.received.map((arrival) => arrival.headers['webhook-id']).sort(), [...ids].sort(), 'each delivered once, under its id');
    assert.deepEqual(
      receiver.received.map((arrival) => JSON.parse(arrival.body).id),
      receiver.received.map((arrival) => arrival.headers['webhook-id']),
    );
    const logged = await ctx.database.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpoint.id).where('event_id', 'in', events.map((event) => event.id)).execute();
    assert.deepEqual(logged.map((attempt) => attempt.status), ['succeeded', 'succeeded', 'succeeded', 'succeeded']);
  });

  test('two expansions of one row at once: one writes it, the other nothing', async () => {
    const { ctx } = setup;
    const { beta, referrer } = await hookedBeta(ctx);
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    const restore = await failInserts(ctx, WEBHOOK_DELIVERY_JOB);
    try {
      await createTester(ctx, beta.id, { email: uniqueEmail('twice'), referrer_id: referrer.referral_code });
    } finally {
      await restore();
    }
    const [row] = await effectsRows(ctx, beta.id);
    const expand = effectsJobHandler(ctx.database.db);
    await Promise.all([expand(row.parsed, row, new AbortController().signal), expand(row.parsed, row, new AbortController().signal)]);
    const events = (await storedEvents(ctx, beta.id)).slice(eventsBefore);
    assert.deepEqual(events.map((event) => event.public_id), (row.parsed.parts.events ?? []).map((event) => event.publicId));
    assert.equal((await deliveryJobsOf(ctx, events.map((event) => event.id))).length, events.length);
  });

  test('a signup rolled back leaves nothing: no tester, no outbox row, no event, no e-mail', async () => {
    const { ctx } = setup;
    const { beta, referrer } = await hookedBeta(ctx);
    const jobsBefore = await ctx.database.db.selectFrom('outbox_jobs').select('id').execute();
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    const referrerBefore = await ctx.database.db.selectFrom('testers').select(['share_signups_count', 'points']).where('id', '=', referrer.id).executeTakeFirstOrThrow();
    ctx.expectServerErrors('the signup fails on purpose at its outbox row');
    const restore = await failInserts(ctx, EFFECTS_JOB);
    const email = uniqueEmail('rolled-back');
    let response: TestResponse;
    try {
      response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email, status: 'invited', referrer_id: referrer.referral_code } } });
    } finally {
      await restore();
    }
    assert.equal(response.status, 500);
    assert.equal(await ctx.database.db.selectFrom('testers').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    assert.deepEqual(await ctx.database.db.selectFrom('outbox_jobs').select('id').execute(), jobsBefore);
    assert.equal((await storedEvents(ctx, beta.id)).length, eventsBefore);
    assert.deepEqual(await ctx.database.db.selectFrom('email_messages').select('id').where('to_address', '=', email).execute(), []);
    assert.deepEqual(await ctx.database.db.selectFrom('testers').select(['share_signups_count', 'points']).where('id', '=', referrer.id).executeTakeFirstOrThrow(), referrerBefore);
  });
});
