// The tester list's sorts by points and referrals, and the dashboard's top referrers, come from the
// standings' sort sets in memory (docs/decisions.md, "Indexes on testers"). After random sequences
// of signups (alone and referred), point changes, status changes and deletions, every order equals
// a recount of the stored rows; so does a set built afresh from the database, as after a restart.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester } from '../testers/support.ts';
import { Standings, type SortColumn } from '../../../src/modules/waitlist/standings.ts';
import { BetaStatsService } from '../../../src/modules/stats/beta-stats.ts';

/** A small seeded generator (mulberry32): a failing sequence is the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sort sets against a recount', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  /** The beta's visible testers by `column`, most first, the latest first among equals: the list's sort=… desc. */
  async function recount(betaId: number, column: SortColumn): Promise<number[]> {
    const rows = await ctx.database.db.selectFrom('testers').select(['id', 'points', 'share_signups_count']).where('beta_id', '=', betaId).where('hidden', '=', 0).execute();
    return rows.sort((a, b) => b[column] - a[column] || b.id - a.id).map((row) => row.id);
  }

  async function listed(betaId: number, sort: 'points' | 'referrals', direction: 'asc' | 'desc'): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await ctx.request('GET', `/api/v2/betas/${betaId}/testers?sort=${sort}&direction=${direction}&per_page=100&page=${page}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      ids.push(...response.body.map((tester: { id: number }) => tester.id));
      if (response.body.length < 100) return ids;
    }
  }

  for (const seed of [1, 2, 3]) {
    test(`seed ${seed}: after signups, referrals, points, status changes and deletions, sorts and top referrers equal a recount; a rebuilt set too`, async () => {
      const next = random(seed);
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
      const beta = await ctx.createBeta({ referral_points: 2 }, `Sorts ${seed}`);
      const alive: { id: number; email: string; referral_code: string }[] = [];
      for (let step = 0; step < 90; step++) {
        const roll = next();
        if (alive.length < 5 || roll < 0.45) {
          const referrer = alive.length > 0 && next() < 0.6 ? pick(alive) : undefined;
          alive.push(await createTester(ctx, beta.id, referrer ? { referrer_id: referrer.referral_code } : {}));
        } else if (roll < 0.65) {
          const tester = pick(alive);
          const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: tester.email, quantity: (next() < 0.25 ? -1 : 1) * (1 + Math.floor(next() * 15)) } });
          assert.equal(response.status, 201, JSON.stringify(response.body));
        } else if (roll < 0.85) {
          const tester = pick(alive);
          const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: pick(['applied', 'invited', 'active', 'rejected']) } } });
          // A move the statuses do not allow (rejected to applied) is refused and changes nothing.
          assert.ok(response.status === 200 || (response.status === 422 && response.body.errors[0].code === 2301), JSON.stringify(response.body));
        } else {
          const tester = alive.splice(Math.floor(next() * alive.length), 1)[0];
          const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
          assert.equal(response.status, 200, JSON.stringify(response.body));
        }
      }
      const [byPoints, byReferrals] = [await recount(beta.id, 'points'), await recount(beta.id, 'share_signups_count')];
      assert.equal(byPoints.length, alive.length, 'the recount holds every tester left');
      assert.deepEqual(await listed(beta.id, 'points', 'desc'), byPoints);
      assert.deepEqual(await listed(beta.id, 'points', 'asc'), [...byPoints].reverse());
      assert.deepEqual(await listed(beta.id, 'referrals', 'desc'), byReferrals);
      assert.deepEqual(await listed(beta.id, 'referrals', 'asc'), [...byReferrals].reverse());

      // The top referrers: most referrals first, the earliest first among equals, none without a referral.
      const rows = await ctx.database.db.selectFrom('testers').select(['id', 'share_signups_count']).where('beta_id', '=', beta.id).where('hidden', '=', 0).where('share_signups_count', '>', 0).execute();
      const expectedTop = rows.sort((a, b) => b.share_signups_count - a.share_signups_count || a.id - b.id).slice(0, 10).map((row) => [row.id, row.share_signups_count]);
      const stats = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`);
      assert.equal(stats.status, 200, JSON.stringify(stats.body));
      assert.deepEqual(stats.body.top_referrers.map((entry: { id: number; referrals: number }) => [entry.id, entry.referrals]), expectedTop);

      // A process started now builds its sets from the database alone.
      const fresh = new Standings(ctx.database.db, ctx.database.dialect);
      try {
        for (const [column, expected] of [['points', byPoints], ['share_signups_count', byReferrals]] as const) {
          const { ids, length } = await fresh.sortedSlice(beta.id, column, 0, expected.length + 5);
          assert.deepEqual([ids, length], [expected, expected.length], column);
        }
        const service = new BetaStatsService(ctx.database.db, ctx.database.dialect, ctx.clock, ctx.services.betas, fresh, ctx.services.launchFigures, ctx.services.sendingBreaker);
        const rebuilt = await service.collect(ctx.companyId, beta.id, {});
        assert.deepEqual(rebuilt.top_referrers.map((entry) => [entry.id, entry.referrals]), expectedTop);
      } finally {
        await fresh.close();
      }
    });
  }

  test('before a process has built its set, the scan answers the top of each column as the set does, and the stats the same top referrers, suspects left out or not', async () => {
    const beta = await ctx.createBeta({ referral_points: 1 }, 'Scan or set');
    const refer = async (referrer: { id: number }, times: number) => {
      for (let i = 0; i < times; i++) await createTester(ctx, beta.id, { referrer_id: referrer.id });
    };
    // Eleven suspects on top (rejected, or flagged by a disposable address), so leaving them out reads past the first ten.
    const suspects: { id: number }[] = [];
    for (let i = 0; i < 11; i++) {
      const suspect = await createTester(ctx, beta.id, i % 2 === 0 ? {} : { email: `scan${i}@mailinator.com` });
      await refer(suspect, 2);
      if (i % 2 === 0) assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${suspect.id}`, { body: { tester: { status: 'rejected' } } })).status, 200);
      suspects.push(suspect);
    }
    // Clean referrers with equal counts (the earliest first), and one hidden with the most: left out.
    const clean: { id: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const referrer = await createTester(ctx, beta.id);
      await refer(referrer, 1);
      clean.push(referrer);
    }
    const hidden = await createTester(ctx, beta.id);
    await refer(hidden, 3);
    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', hidden.id).execute();

    const built = new Standings(ctx.database.db, ctx.database.dialect);
    try {
      for (const column of ['points', 'share_signups_count'] as const) {
        for (const count of [1, 10, 40, 1000]) {
          const scanning = new Standings(ctx.database.db, ctx.database.dialect);
          try {
            assert.equal(scanning.holdsSorted(beta.id, column), false, 'no set built yet: the scan answers');
            assert.deepEqual(await scanning.topByScan(beta.id, column, count), await built.topBy(beta.id, column, count), `${column}, ${count}`);
            await scanning.topBy(beta.id, column, 1);
            assert.ok(scanning.holdsSorted(beta.id, column), 'the scan started the build');
          } finally {
            await scanning.close();
          }
        }
      }
      const stats = (standings: Standings) => new BetaStatsService(ctx.database.db, ctx.database.dialect, ctx.clock, ctx.services.betas, standings, ctx.services.launchFigures, ctx.services.sendingBreaker);
      for (const exclude of ['false', 'true'] as const) {
        const fresh = new Standings(ctx.database.db, ctx.database.dialect);
        try {
          const byScan = (await stats(fresh).collect(ctx.companyId, beta.id, { exclude_flagged_referrers: exclude })).top_referrers;
          const bySet = (await stats(built).collect(ctx.companyId, beta.id, { exclude_flagged_referrers: exclude })).top_referrers;
          assert.deepEqual(byScan, bySet, `exclude_flagged_referrers=${exclude}`);
          const expected = exclude === 'true' ? clean.slice(0, 10).map((r) => [r.id, 1]) : suspects.slice(0, 10).map((r) => [r.id, 2]);
          assert.deepEqual(bySet.map((r) => [r.id, r.referrals]), expected);
          await fresh.topBy(beta.id, 'share_signups_count', 1);
          assert.ok(fresh.holdsSorted(beta.id, 'share_signups_count'), 'the scan started the build');
        } finally {
          await fresh.close();
        }
      }
    } finally {
      await built.close();
    }
  });

  test('a set built before changes made by another process follows them: a hidden tester leaves it, a point moves it', async () => {
    const beta = await ctx.createBeta({}, 'Other process');
    const [ada, bob] = [await createTester(ctx, beta.id), await createTester(ctx, beta.id)];
    const other = new Standings(ctx.database.db, ctx.database.dialect);
    try {
      assert.deepEqual((await other.sortedSlice(beta.id, 'points', 0, 10)).ids, [bob.id, ada.id], 'equal points: the latest first');
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: ada.email, quantity: 3 } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.deepEqual((await other.sortedSlice(beta.id, 'points', 0, 10)).ids, [ada.id, bob.id]);
      await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', bob.id).execute();
      assert.deepEqual(await other.sortedSlice(beta.id, 'points', 0, 10), { ids: [ada.id], length: 1 }, 'a change made in SQL by hand is read from the feed too');
      assert.deepEqual(await recount(beta.id, 'points'), [ada.id]);
    } finally {
      await other.close();
    }
  });
});
