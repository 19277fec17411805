// One tester's standing (show, a signup's answer) is counted from the nearer end of each level
// (waitlist.service.ts countAheadOfOne): every one of the eight combinations of ends must give the
// position a full sort gives, in every order, and the guess of the nearer end must follow the time.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { uniqueEmail } from '../testers/support.ts';
import { countAheadOfOne, nearerEnds, type CountDirections, type CountFrom } from '../../../src/modules/waitlist/waitlist.service.ts';
import { ORDERS, naivePositions } from './support.ts';

const ENDS: CountFrom[] = ['start', 'end'];
const EVERY_DIRECTION: CountDirections[] = ENDS.flatMap((hours) => ENDS.flatMap((minutes) => ENDS.map((testers) => ({ hours, minutes, testers }))));

describe('one tester counted from the nearer end', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('nearerEnds follows the time: the half of the beta\'s life, of the hour and of the minute', () => {
    const created = '2026-11-01T00:00:00.000Z';
    const now = '2026-11-21T00:00:00.000Z';
    assert.deepEqual(nearerEnds('2026-11-02T10:05:10.000Z', created, now), { hours: 'start', minutes: 'start', testers: 'start' });
    assert.deepEqual(nearerEnds('2026-11-20T10:45:50.000Z', created, now), { hours: 'end', minutes: 'end', testers: 'end' });
    assert.deepEqual(nearerEnds('2026-11-10T23:29:29.999Z', created, now), { hours: 'start', minutes: 'start', testers: 'start' });
    assert.deepEqual(nearerEnds('2026-11-11T00:30:30.000Z', created, now), { hours: 'end', minutes: 'end', testers: 'end' });
    // Imported or seeded testers applied before the beta existed: nearer its start.
    assert.equal(nearerEnds('2026-10-01T00:00:00.000Z', created, now).hours, 'start');
    // The hour and the minute still going end now: a signup of the moment counts from the end,
    // however early in its minute, and the first to apply in a minute from the start.
    assert.deepEqual(nearerEnds('2026-11-20T23:05:10.000Z', created, '2026-11-20T23:05:10.000Z'), { hours: 'end', minutes: 'end', testers: 'end' });
    assert.deepEqual(nearerEnds('2026-11-20T23:05:10.000Z', created, '2026-11-20T23:05:40.000Z'), { hours: 'end', minutes: 'end', testers: 'start' });
    assert.deepEqual(nearerEnds('2026-11-20T23:05:10.000Z', created, '2026-11-20T23:20:00.000Z'), { hours: 'end', minutes: 'start', testers: 'start' });
  });

  test('every combination of ends gives the full sort\'s position, in every order', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Ends' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const created = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Ends', homepage_url: 'https://example.com/' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const betaId: number = created.body.id;
    const codes: string[] = [];
    // Testers over several hours, minutes and seconds, with ties to the millisecond, referred ones
    // (referral groups) and bonus points (point groups).
    const times = ['2026-11-22T08:10:05.000Z', '2026-11-22T08:10:05.000Z', '2026-11-22T08:10:45.000Z', '2026-11-22T08:50:00.000Z', '2026-11-22T09:00:59.999Z', '2026-11-22T09:15:30.000Z', '2026-11-22T09:15:30.000Z', '2026-11-22T09:15:31.000Z', '2026-11-22T09:44:10.000Z', '2026-11-22T11:59:59.000Z', '2026-11-23T00:00:00.000Z'];
    for (const [index, time] of times.entries()) {
      ctx.clock.set(time);
      const referrer = index % 3 === 2 ? codes[index % 2] : undefined;
      const response = await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email: uniqueEmail(`end${index}`), ...(referrer ? { referrer_id: referrer } : {}) } } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      codes.push(response.body.referral_code);
      if (index % 4 === 1) {
        const award = await ctx.request('POST', `/api/v2/betas/${betaId}/points`, { key, body: { point: { email: response.body.email, quantity: 4 } } });
        assert.equal(award.status, 201, JSON.stringify(award.body));
      }
    }
    const rows = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).execute();
    assert.ok(new Set(rows.map((row) => row.share_signups_count)).size >= 2 && new Set(rows.map((row) => row.points)).size >= 3, 'several groups');

    for (const order of ORDERS) {
      const expected = await naivePositions(ctx, betaId, order);
      for (const row of rows) {
        const group = order === 'referrals' ? row.share_signups_count : order === 'points' ? row.points : 0;
        for (const directions of EVERY_DIRECTION) {
          const counted = await countAheadOfOne(ctx.database.db, betaId, order, { id: row.id, group, appliedAt: row.applied_at! }, directions);
          assert.deepEqual(counted, { ahead: expected.get(row.id)! - 1, length: expected.size }, `tester ${row.id}, ${order}, ${JSON.stringify(directions)}`);
        }
      }
    }
  });
});
