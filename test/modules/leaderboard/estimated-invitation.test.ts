// estimated_invitation_at in progress.json, on a fixed clock: null with neither schedules nor
// invitations; from the pace of the last 14 days' invitations (whatever the status since) and the position; from a running top
// schedule when there is one (its paused state and a skipped wave honoured); null off the waitlist.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester } from '../testers/support.ts';

describe('estimated invitation', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const estimate = async (betaId: number, testerId: number) => {
    const response = await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${testerId}/progress.json`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.estimated_invitation_at as string | null;
  };
  const invite = async (betaId: number, testerId: number) => {
    const response = await ctx.request('PUT', `/api/v2/betas/${betaId}/testers/${testerId}`, { body: { tester: { status: 'invited' } } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  };

  test('null without invitations or schedules; then the pace of the last 14 days, times the position', async () => {
    ctx.clock.set('2026-11-01T08:00:00Z');
    const beta = await ctx.createBeta();
    const testers = [];
    for (let i = 0; i < 12; i += 1) testers.push(await createTester(ctx, beta.id));
    assert.equal(await estimate(beta.id, testers[0].id), null, 'nothing to go by');

    // Invited 20 days ago: outside the pace's window.
    await invite(beta.id, testers[0].id);
    ctx.clock.set('2026-11-21T08:00:00Z');
    assert.equal(await estimate(beta.id, testers[1].id), null, 'an invitation older than 14 days does not count');

    // Seven invitations within the window: one every 2 days.
    for (const tester of testers.slice(1, 8)) await invite(beta.id, tester.id);
    ctx.clock.set('2026-11-22T08:00:00Z');
    const third = testers[10];
    const position = (await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${third.id}`)).body.waitlist_position;
    assert.equal(position, 3);
    assert.equal(await estimate(beta.id, third.id), '2026-11-28T08:00:00Z', 'position 3 at one invitation every 2 days: 6 days');
    assert.equal(await estimate(beta.id, testers[8].id), '2026-11-24T08:00:00Z', 'position 1: 2 days');
    assert.equal(await estimate(beta.id, testers[1].id), null, 'an invited tester is off the waitlist');
    const stored = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).where('invited_at', '>=', '2026-11-08').execute();
    assert.equal(stored.length, 7, 'the seven the pace counts');
  });

  test('an invitation counts in the pace whatever the tester became since', async () => {
    ctx.clock.set('2026-11-10T08:00:00Z');
    const beta = await ctx.createBeta();
    const testers = [];
    for (let i = 0; i < 3; i += 1) testers.push(await createTester(ctx, beta.id));
    await invite(beta.id, testers[0].id);
    await invite(beta.id, testers[1].id);
    const rejected = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${testers[1].id}`, { body: { tester: { status: 'rejected' } } });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    const row = await ctx.database.db.selectFrom('testers').select(['status', 'invited_at']).where('id', '=', testers[1].id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'rejected');
    assert.notEqual(row.invited_at, null, 'the invitation stays on the row');
    // Two invitations in 14 days: one every 7 days; the last tester is first on the waitlist.
    assert.equal(await estimate(beta.id, testers[2].id), '2026-11-17T08:00:00Z');
  });

  test('a running top schedule decides: the wave that reaches the position; paused, it invites nobody', async () => {
    ctx.clock.set('2026-11-23T09:15:00Z');
    const beta = await ctx.createBeta();
    const testers = [];
    for (let i = 0; i < 5; i += 1) testers.push(await createTester(ctx, beta.id));
    await invite(beta.id, testers[0].id);
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_schedules.json`, {
      body: { kind: 'top', count: 2, every: 'day', at: '10:00', time_zone: 'Europe/Paris' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // Paris is UTC+1 in November: waves at 09:00Z, today's has passed; positions 1-2 tomorrow, 3-4 the day after.
    assert.equal(await estimate(beta.id, testers[1].id), '2026-11-24T09:00:00Z', 'position 1');
    assert.equal(await estimate(beta.id, testers[2].id), '2026-11-24T09:00:00Z', 'position 2');
    assert.equal(await estimate(beta.id, testers[3].id), '2026-11-25T09:00:00Z', 'position 3');

    const schedule = `/api/v2/betas/${beta.id}/invitation_schedules/${created.body.id}.json`;
    assert.equal((await ctx.request('PATCH', schedule, { body: { paused: true } })).status, 200);
    assert.equal(await estimate(beta.id, testers[1].id), '2026-12-07T09:15:00Z', 'paused: the pace again, one invitation in 14 days');
    assert.equal((await ctx.request('PATCH', schedule, { body: { paused: false, skip_next: true } })).status, 200);
    assert.equal(await estimate(beta.id, testers[1].id), '2026-11-25T09:00:00Z', 'the next wave skipped');
  });
});
