// Bulk actions through the API: the preview's counts and first testers against what the run then
// does (testers, e-mails, webhook deliveries), a filter's status change, the "top N" fixed at creation, a run
// stopped after a batch and resumed by another process, a batch failing half-way, cancelling,
// bad requests, another company's beta and a viewer's writes.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, createTester } from '../testers/support.ts';
import { signedIn } from '../../console/support.ts';
import { BATCH_TESTERS } from '../../../src/modules/bulk-actions/bulk-job.ts';

describe('bulk actions', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00Z'));

  const db = () => ctx.database.db;
  const post = (betaId: number, body: unknown, key?: string) => ctx.request('POST', `/api/v2/betas/${betaId}/bulk_actions`, { body, key });
  const stored = (id: number) => db().selectFrom('bulk_actions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Creates the action and drops its queued job: the test runs it by hand. */
  async function created(betaId: number, body: unknown): Promise<any> {
    const response = await post(betaId, body);
    assert.equal(response.status, 202, JSON.stringify(response.body));
    await db().deleteFrom('outbox_jobs').where('kind', '=', 'bulk_action.run').execute();
    return response.body;
  }

  async function testers(betaId: number, count: number, fields: Record<string, unknown> = {}, prefix = 'bulk'): Promise<any[]> {
    const made: any[] = [];
    for (let i = 0; i < count; i++) made.push(await createTester(ctx, betaId, { email: `${prefix}${i}-${betaId}@example.com`, ...fields }));
    return made;
  }

  const deliveries = async () =>
    (await db().selectFrom('outbox_jobs').select('payload').where('kind', '=', 'webhook.deliver').execute()).length;
  const messages = (betaId: number) => db().selectFrom('email_messages').select(['tester_id', 'status', 'occasion']).where('beta_id', '=', betaId).execute();

  test('the preview of "invite the top 5" counts exactly what the run then does', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 8);
    await testers(beta.id, 2, { status: 'invited' }, 'already');
    // The second of the waitlist may not be written to; one endpoint listens to tester_updated, one does not.
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: made[1].email } })).status, 201);
    for (const events of [['tester_updated'], ['point_earned']]) {
      const hook = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { webhook: { url: 'https://hooks.example.com/p', events } } });
      assert.equal(hook.status, 201, JSON.stringify(hook.body));
    }
    await db().deleteFrom('outbox_jobs').execute();

    // The third has a name: shown; the others' addresses masked.
    await db().updateTable('testers').set({ first_name: 'Ada', last_name: 'Lovelace' }).where('id', '=', made[2].id).execute();
    const preview = await post(beta.id, { action: 'invite', top: 5, dry_run: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    const { first_testers, ...counts } = preview.body;
    assert.deepEqual(counts, {
      action: 'invite', status: 'invited', testers: 5, changes: 5, skipped: 0, emails: 4, suppressed_emails: 1, webhook_deliveries: 5, referral_credits: 0,
    });
    assert.deepEqual(
      first_testers,
      made.slice(0, 5).map((t, i) => ({ id: t.id, position: i + 1, name: i === 2 ? 'Ada Lovelace' : null, masked_email: 'b***@e***.com' })),
    );
    assert.equal((await db().selectFrom('bulk_actions').selectAll().execute()).length, 0, 'a preview creates nothing');

    const action = await created(beta.id, { action: 'invite', top: 5 });
    assert.equal(action.state, 'queued');
    assert.equal(action.total, 5);
    assert.deepEqual(action.requested_by, { member_id: null, api_key_id: (await db().selectFrom('api_keys').select('id').executeTakeFirstOrThrow()).id });
    assert.equal(await ctx.services.bulkActions.run(action.id), 'done');

    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/bulk_actions/${action.id}`);
    assert.equal(shown.status, 200);
    assert.deepEqual([shown.body.state, shown.body.processed, shown.body.changed, shown.body.skipped, shown.body.progress], ['completed', 5, 5, 0, 100]);
    const rows = await db().selectFrom('testers').select(['id', 'status']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(rows.slice(0, 8).map((r) => r.status), ['invited', 'invited', 'invited', 'invited', 'invited', 'applied', 'applied', 'applied']);
    const sent = (await messages(beta.id)).filter((m) => m.occasion === 'invitation' && made.slice(0, 5).some((t) => t.id === m.tester_id));
    assert.equal(sent.filter((m) => m.status === 'queued').length, 4);
    assert.equal(sent.filter((m) => m.status === 'suppressed').length, 1);
    assert.equal(await deliveries(), 5);
    assert.deepEqual(await db().selectFrom('bulk_action_items').selectAll().execute(), [], 'done items are deleted');
    await assertCountersExact(ctx, beta.id, assert);

    const list = await ctx.request('GET', `/api/v2/betas/${beta.id}/bulk_actions`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((a: any) => a.id), [action.id]);
    assert.equal(JSON.parse(String(list.headers['x-pagination'])).total_count, 1);
  });

  test('set_status on the testers matching a filter: permitted moves made, the others skipped and counted', async () => {
    const beta = await ctx.createBeta();
    const applied = await testers(beta.id, 3, {}, 'team');
    const active = await testers(beta.id, 2, { status: 'active' }, 'team-active');
    const other = await testers(beta.id, 2, {}, 'outsider');
    const filters = { email_contains: 'team' };
    const preview = await post(beta.id, { action: 'set_status', status: 'rejected', filters, dry_run: true });
    assert.equal(preview.status, 200);
    // The rejection message is off by default: no e-mail.
    const { first_testers, ...counts } = preview.body;
    assert.deepEqual(counts, {
      action: 'set_status', status: 'rejected', testers: 5, changes: 3, skipped: 2, emails: 0, suppressed_emails: 0, webhook_deliveries: 0, referral_credits: 0,
    });
    // A filter's first testers by id: those on the waitlist with their place, the active ones with none.
    assert.deepEqual(
      first_testers.map((t: any) => [t.id, t.position, t.masked_email]),
      [...applied, ...active].map((t, i) => [t.id, i < 3 ? i + 1 : null, 't***@e***.com']),
    );
    const action = await created(beta.id, { action: 'set_status', status: 'rejected', filters: { ...filters, name: '' } });
    assert.deepEqual([action.total, action.filters], [5, filters]);
    await ctx.services.bulkActions.run(action.id);
    const done = await stored(action.id);
    assert.deepEqual([done.state, done.processed, done.changed, done.skipped], ['completed', 5, 3, 2]);
    const statusOf = async (t: any) => (await db().selectFrom('testers').select('status').where('id', '=', t.id).executeTakeFirstOrThrow()).status;
    assert.deepEqual(await Promise.all(applied.map(statusOf)), ['rejected', 'rejected', 'rejected']);
    assert.deepEqual(await Promise.all(active.map(statusOf)), ['active', 'active']);
    assert.deepEqual(await Promise.all(other.map(statusOf)), ['applied', 'applied']);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('testers picked by id (the filter ids): list, export, preview and run take exactly them; another beta\'s id matches nothing', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 6, {}, 'picked');
    const stranger = (await testers((await ctx.createBeta({}, 'Elsewhere')).id, 1, {}, 'stranger'))[0];
    const picked = [made[4], made[1], made[2]];
    const ids = [...picked, stranger].map((t) => t.id).join(',');
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?ids=${ids}&sort=position`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body.map((t: any) => t.id), [made[1].id, made[2].id, made[4].id]);
    const exported = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.ndjson?ids=${ids}`);
    assert.equal(exported.status, 200);
    assert.deepEqual(exported.raw.body.trim().split('\n').map((line: string) => JSON.parse(line).id), [made[1].id, made[2].id, made[4].id]);

    const preview = await post(beta.id, { action: 'invite', filters: { ids }, dry_run: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual([preview.body.testers, preview.body.changes, preview.body.first_testers.map((t: any) => t.id)], [3, 3, [made[1].id, made[2].id, made[4].id]]);
    const action = await created(beta.id, { action: 'invite', filters: { ids } });
    assert.deepEqual([action.total, action.filters], [3, { ids }]);
    assert.equal(await ctx.services.bulkActions.run(action.id), 'done');
    assert.deepEqual([(await stored(action.id)).state, (await stored(action.id)).changed], ['completed', 3]);
    const invited = await db().selectFrom('testers').select('id').where('status', '=', 'invited').where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(invited.map((r) => r.id), [made[1].id, made[2].id, made[4].id]);
    assert.equal((await db().selectFrom('testers').select('status').where('id', '=', stranger.id).executeTakeFirstOrThrow()).status, 'applied');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('ids: more than 1,000, or one that is not an id, is 422 naming the problem, and nothing is created or listed', async () => {
    const beta = await ctx.createBeta();
    const before = (await db().selectFrom('bulk_actions').select('id').execute()).length;
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    for (const [ids, message] of [[tooMany, /ids names 1,001 testers; at most 1,000 may be named/], ['1,x', /"x" is not one/], ['1,,2', /empty/]] as const) {
      for (const dryRun of [true, false]) {
        const response = await post(beta.id, { action: 'invite', filters: { ids }, dry_run: dryRun });
        assert.equal(response.status, 422, JSON.stringify(response.body));
        assert.equal(response.body.errors[0].code, 2301);
        assert.match(response.body.errors[0].message, message);
      }
      const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?ids=${encodeURIComponent(ids)}`);
      assert.equal(listed.status, 422);
      assert.match(listed.body.errors[0].message, message);
    }
    assert.equal((await db().selectFrom('bulk_actions').select('id').execute()).length, before);
    // The largest id the filter takes names nobody: an empty list, not an error.
    const nobody = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?ids=9007199254740991`);
    assert.deepEqual([nobody.status, nobody.body], [200, []]);
  });

  test('add_to_group and remove_from_group: each tester changed once, those already so skipped, one tester_updated each', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 4, {}, 'grp');
    await db().updateTable('testers').set({ groups: 'beta,vip' }).where('id', '=', made[0].id).execute();
    await db().updateTable('testers').set({ groups: 'beta' }).where('id', '=', made[1].id).execute();
    const hook = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { webhook: { url: 'https://hooks.example.com/g', events: ['tester_updated'] } } });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const groupsOf = async () => (await db().selectFrom('testers').select('groups').where('beta_id', '=', beta.id).orderBy('id').execute()).map((r) => r.groups);
    const ids = made.slice(0, 3).map((t) => t.id).join(',');

    const preview = await post(beta.id, { action: 'add_to_group', group: ' vip ', filters: { ids }, dry_run: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    const { first_testers, ...counts } = preview.body;
    assert.deepEqual(counts, {
      action: 'add_to_group', status: null, group: 'vip', testers: 3, changes: 2, skipped: 1, emails: 0, suppressed_emails: 0, webhook_deliveries: 2, referral_credits: 0,
    });
    assert.equal(first_testers.length, 3);
    await db().deleteFrom('outbox_jobs').execute();
    const added = await created(beta.id, { action: 'add_to_group', group: 'vip', filters: { ids } });
    assert.deepEqual([added.status, added.group, added.total], [null, 'vip', 3]);
    assert.equal(await ctx.services.bulkActions.run(added.id), 'done');
    assert.deepEqual([(await stored(added.id)).changed, (await stored(added.id)).skipped], [2, 1]);
    assert.deepEqual(await groupsOf(), ['beta,vip', 'beta,vip', 'vip', '']);
    assert.equal(await deliveries(), 2, 'one tester_updated delivery per tester changed');

    const preview2 = await post(beta.id, { action: 'remove_from_group', group: 'vip', filters: { group: 'vip' }, dry_run: true });
    assert.deepEqual([preview2.body.testers, preview2.body.changes, preview2.body.skipped], [3, 3, 0]);
    const removed = await created(beta.id, { action: 'remove_from_group', group: 'vip', filters: { group: 'vip' } });
    await ctx.services.bulkActions.run(removed.id);
    assert.deepEqual(await groupsOf(), ['beta', 'beta', '', '']);
    assert.equal(await deliveries(), 5);

    const before = (await db().selectFrom('bulk_actions').select('id').execute()).length;
    for (const [body, message] of [
      [{ action: 'add_to_group', filters: {} }, /group is required/],
      [{ action: 'add_to_group', group: 'a,b', filters: {} }, /cannot hold a comma/],
      [{ action: 'remove_from_group', group: 'x'.repeat(201), filters: {} }, /at most 200/],
      [{ action: 'add_to_group', group: 'vip', status: 'active', filters: {} }, /status is not asked/],
      [{ action: 'add_to_group', group: 'vip', top: 2 }, /not top/],
      [{ action: 'invite', group: 'vip', filters: {} }, /group is only for/],
    ] as const) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[0].code, 2301);
      assert.match(response.body.errors[0].message, message);
    }
    assert.equal((await db().selectFrom('bulk_actions').select('id').execute()).length, before);
    assert.deepEqual(await groupsOf(), ['beta', 'beta', '', '']);
  });

  test('delete: only with the number of testers confirmed; each deleted as delete tester does, its event raised; counters exact', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 5, {}, 'del');
    const hook = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { webhook: { url: 'https://hooks.example.com/d', events: ['tester_deleted'] } } });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const left = async () => (await db().selectFrom('testers').select('id').where('beta_id', '=', beta.id).orderBy('id').execute()).map((r) => r.id);
    const everyone = { action: 'delete', filters: { email_contains: 'del' } };

    const preview = await post(beta.id, { ...everyone, dry_run: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual([preview.body.status, preview.body.testers, preview.body.changes, preview.body.emails, preview.body.webhook_deliveries], [null, 5, 5, 0, 5]);
    for (const [confirm, message] of [[undefined, /confirm_total is required for delete/], [4, /confirm_total is 4, but the selection holds 5 testers now/]] as const) {
      const response = await post(beta.id, { ...everyone, ...(confirm === undefined ? {} : { confirm_total: confirm }) });
      assert.equal(response.status, 422);
      assert.match(response.body.errors[0].message, message);
    }
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, 0);
    assert.deepEqual(await left(), made.map((t) => t.id));

    await db().deleteFrom('outbox_jobs').execute();
    const doomed = [made[1], made[3], made[4]];
    const action = await created(beta.id, { action: 'delete', filters: { ids: doomed.map((t) => t.id).join(',') }, confirm_total: 3 });
    assert.deepEqual([action.action, action.status, action.total], ['delete', null, 3]);
    assert.equal(await ctx.services.bulkActions.run(action.id), 'done');
    assert.deepEqual([(await stored(action.id)).state, (await stored(action.id)).changed], ['completed', 3]);
    assert.deepEqual(await left(), [made[0].id, made[2].id]);
    const events = await db().selectFrom('webhook_events').select('type').where('beta_id', '=', beta.id).where('type', '=', 'tester_deleted').execute();
    assert.equal(events.length, 3);
    assert.equal(await deliveries(), 3);
    await assertCountersExact(ctx, beta.id, assert);
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers`);
    assert.deepEqual(listed.body.map((t: any) => t.id), [made[0].id, made[2].id]);
  });

  test('"top N" takes the owner\'s priorities first, then the counts: the preview and the run agree', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 5, {}, 'ranked');
    // made[1] leads by referrals; made[4] and made[3] were put first by hand, made[3] last (the highest priority).
    const friend = await createTester(ctx, beta.id, { referrer_id: made[1].id });
    for (const tester of [made[4], made[3]]) {
      const moved = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/move_to_front`);
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
    }
    const order = [made[3], made[4], made[1], made[0], made[2], friend].map((t) => t.id);
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?sort=position&status=applied`);
    assert.deepEqual(listed.body.map((t: any) => [t.id, t.waitlist_position]), order.map((id, i) => [id, i + 1]));
    const preview = await post(beta.id, { action: 'invite', top: 3, dry_run: true });
    assert.deepEqual(preview.body.first_testers.map((t: any) => [t.id, t.position]), order.slice(0, 3).map((id, i) => [id, i + 1]));
    const action = await created(beta.id, { action: 'invite', top: 3 });
    assert.equal(await ctx.services.bulkActions.run(action.id), 'done');
    const invited = await db().selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('status', '=', 'invited').where('id', 'in', order).orderBy('id').execute();
    assert.deepEqual(invited.map((r) => r.id), order.slice(0, 3).sort((a, b) => a - b));
  });

  test('"top N" is fixed when the action is created: a tester climbing the waitlist afterwards is not taken', async () => {
    const beta = await ctx.createBeta();
    const made = await testers(beta.id, 5);
    const action = await created(beta.id, { action: 'invite', top: 2 });
    await db().updateTable('testers').set({ share_signups_count: 50 }).where('id', '=', made[4].id).execute();
    await ctx.services.bulkActions.run(action.id);
    const invited = await db().selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('status', '=', 'invited').orderBy('id').execute();
    assert.deepEqual(invited.map((r) => r.id), [made[0].id, made[1].id]);
  });

  test('stopped after a batch, the job resumes in another process and invites every tester once', async () => {
    const beta = await ctx.createBeta();
    const total = BATCH_TESTERS * 2 + 17;
    await Promise.all(Array.from({ length: 10 }, (_, k) => testers(beta.id, Math.floor(total / 10) + (k < total % 10 ? 1 : 0), {}, `r${k}-`)));
    await createTester(ctx, beta.id, { status: 'invited' });
    const response = await post(beta.id, { action: 'invite', filters: {} });
    assert.equal(response.status, 202);
    assert.equal(response.body.total, total + 1);
    // One batch, then the process stops.
    const stop = new AbortController();
    const moves = ctx.services.testers.moveStatuses;
    ctx.services.testers.moveStatuses = async function (this: typeof ctx.services.testers, ...args) {
      const outcome = await moves.apply(this, args);
      stop.abort();
      return outcome;
    };
    try {
      assert.equal(await ctx.services.bulkActions.run(response.body.id, stop.signal), 'stopped');
    } finally {
      ctx.services.testers.moveStatuses = moves;
    }
    const halfway = await stored(response.body.id);
    assert.deepEqual([halfway.state, halfway.processed, halfway.changed], ['running', BATCH_TESTERS, BATCH_TESTERS]);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/bulk_actions/${response.body.id}`);
    assert.equal(shown.body.progress, Math.floor((BATCH_TESTERS * 100) / (total + 1)));

    const other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      await other.runJobs();
    } finally {
      await other.close();
    }
    const done = await stored(response.body.id);
    assert.deepEqual([done.state, done.processed, done.changed, done.skipped], ['completed', total + 1, total, 1]);
    const invitations = await db()
      .selectFrom('email_messages')
      .select(['tester_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('beta_id', '=', beta.id)
      .where('occasion', '=', 'invitation')
      .groupBy('tester_id')
      .execute();
    assert.equal(invitations.length, total + 1);
    assert.ok(invitations.every((row) => Number(row.n) === 1), 'one invitation each');
    const statuses = await db().selectFrom('testers').select('status').distinct().where('beta_id', '=', beta.id).execute();
    assert.deepEqual(statuses.map((r) => r.status), ['invited']);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a batch failing half-way leaves none of it; run again, each tester is invited once', async () => {
    const beta = await ctx.createBeta();
    await testers(beta.id, BATCH_TESTERS + 20, {}, 'fail');
    const action = await created(beta.id, { action: 'invite', top: BATCH_TESTERS + 20 });
    const emails = ctx.services.emails;
    const original = emails.statusChanged;
    let calls = 0;
    emails.statusChanged = async function (this: typeof emails, ...args) {
      if (++calls === BATCH_TESTERS + 5) throw new Error('the database went away');
      return original.apply(this, args);
    };
    try {
      await assert.rejects(ctx.services.bulkActions.run(action.id), /the database went away/);
    } finally {
      emails.statusChanged = original;
    }
    const failed = await stored(action.id);
    assert.deepEqual([failed.state, failed.processed, failed.cursor], ['running', BATCH_TESTERS, BATCH_TESTERS]);
    assert.equal((await messages(beta.id)).filter((m) => m.occasion === 'invitation').length, BATCH_TESTERS);
    await ctx.services.bulkActions.run(action.id);
    const done = await stored(action.id);
    assert.deepEqual([done.state, done.processed, done.changed], ['completed', BATCH_TESTERS + 20, BATCH_TESTERS + 20]);
    const sent = (await messages(beta.id)).filter((m) => m.occasion === 'invitation');
    assert.equal(sent.length, BATCH_TESTERS + 20);
    assert.equal(new Set(sent.map((m) => m.tester_id)).size, BATCH_TESTERS + 20);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('cancel: a queued action does nothing after it; cancelling again answers it; a completed one cannot be', async () => {
    const beta = await ctx.createBeta();
    await testers(beta.id, 3, {}, 'cancel');
    const action = await created(beta.id, { action: 'invite', top: 3 });
    const cancel = (id: number) => ctx.request('POST', `/api/v2/betas/${beta.id}/bulk_actions/${id}/cancel`);
    const cancelled = await cancel(action.id);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.state, 'cancelled');
    assert.ok(cancelled.body.finished_at);
    assert.equal((await cancel(action.id)).body.state, 'cancelled');
    await ctx.services.bulkActions.run(action.id);
    assert.equal((await db().selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('status', '=', 'invited').execute()).length, 0);
    assert.deepEqual(await db().selectFrom('bulk_action_items').selectAll().where('bulk_action_id', '=', action.id).execute(), []);
    assert.equal((await stored(action.id)).processed, 0);

    const second = await created(beta.id, { action: 'invite', top: 3 });
    await ctx.services.bulkActions.run(second.id);
    const refused = await cancel(second.id);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].code, 2301);
    assert.equal((await stored(second.id)).state, 'completed');
  });

  test('bad requests are 4xx and create nothing; another company\'s beta or action is 404', async () => {
    const beta = await ctx.createBeta();
    const before = (await db().selectFrom('bulk_actions').select('id').execute()).length;
    for (const body of [
      { action: 'invite', top: 3, filters: {} },
      { action: 'invite' },
      { action: 'set_status', filters: {} },
      { action: 'invite', status: 'rejected', top: 1 },
    ]) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[0].code, 2301);
    }
    for (const body of [{ action: 'delete', top: 1 }, { action: 'invite', top: 0 }, { action: 'invite', top: 'x' }, { action: 'set_status', status: 'idle', filters: {} }, {}, 'nonsense']) {
      const response = await post(beta.id, body);
      assert.ok(response.status >= 400 && response.status < 500, `${JSON.stringify(body)}: ${response.status}`);
    }
    assert.equal((await db().selectFrom('bulk_actions').select('id').execute()).length, before);

    const action = await created(beta.id, { action: 'invite', top: 1 });
    const company = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    assert.equal((await post(beta.id, { action: 'invite', top: 1 }, key)).status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/bulk_actions/${action.id}`, { key })).status, 404);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/bulk_actions/${action.id}/cancel`, { key })).status, 404);
    const otherBeta = await ctx.createBeta({}, 'Other beta');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${otherBeta.id}/bulk_actions/${action.id}`)).status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/bulk_actions/nope`)).status, 404);
  });

  test('a viewer reads bulk actions and is refused (403) the writes; an admin may', async () => {
    const beta = await ctx.createBeta();
    await testers(beta.id, 2, {}, 'roles');
    const action = await created(beta.id, { action: 'invite', top: 1 });
    const viewer = await signedIn(ctx, 'viewer-bulk@example.com', 'viewer');
    const url = `/api/v2/betas/${beta.id}/bulk_actions`;
    assert.equal((await viewer.request('GET', url)).status, 200);
    assert.equal((await viewer.request('GET', `${url}/${action.id}`)).status, 200);
    assert.equal((await viewer.request('POST', url, { action: 'invite', top: 1 })).status, 403);
    assert.equal((await viewer.request('POST', url, { action: 'invite', top: 1, dry_run: true })).status, 403);
    assert.equal((await viewer.request('POST', `${url}/${action.id}/cancel`)).status, 403);
    assert.equal((await stored(action.id)).state, 'queued');
    const admin = await signedIn(ctx, 'admin-bulk@example.com', 'admin');
    const made = await admin.request('POST', url, { action: 'invite', top: 1 });
    assert.equal(made.status, 202);
    const member = await db().selectFrom('members').select('id').where('email', '=', 'admin-bulk@example.com').executeTakeFirstOrThrow();
    assert.deepEqual(made.body.requested_by, { member_id: member.id, api_key_id: null });
  });
});
