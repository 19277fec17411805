// The bench's seed (bench/seeding.ts): besides the testers, the history their rows imply, as the
// services write it: a move per signup and per credited referral, a status move for each tester
// that left the waitlist, and the milestone rewards the referrals reached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seedBench } from '../../bench/seeding.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createTestDatabase } from '../support/context.ts';

const byNumber = (a: number, b: number) => a - b;
const pairs = (list: (number | null)[][]) => list.map((pair) => pair.join(':')).sort();

test('a seeded beta has the moves and milestone rewards of its testers, agreeing with their rows', async (t) => {
  const created = await createTestDatabase();
  t.after(() => created.drop());
  // Referrals begin after the plan's first block of 1,000 testers; 4,000 give referrers of 3 and 10.
  const seeded = await seedBench({ databaseUrl: created.url, testers: 4000, seed: 7 });
  const { db, close } = openDatabase(created.url);
  t.after(close);
  const testers = await db
    .selectFrom('testers')
    .select(['id', 'status', 'referrer_id', 'referral_credited_at', 'share_signups_count', 'applied_at'])
    .where('beta_id', '=', seeded.betaId)
    .execute();
  const moves = await db.selectFrom('tester_moves').selectAll().where('beta_id', '=', seeded.betaId).orderBy('id').execute();
  assert.equal(moves.length, seeded.moves);

  // One signup move per tester that signed up (imports have none): waitlisted at a position, else off it.
  const signups = moves.filter((move) => move.cause === 'signed_up');
  assert.deepEqual(signups.map((move) => move.tester_id).sort(byNumber), testers.filter((tester) => tester.status !== 'imported').map((tester) => tester.id).sort(byNumber));
  const appliedAt = new Map(testers.map((tester) => [tester.id, tester.applied_at]));
  for (const move of signups) {
    assert.equal(move.position_before, null);
    assert.equal(move.position !== null, appliedAt.get(move.tester_id) !== null, `tester ${move.tester_id}'s signup position`);
    assert.equal(move.referrals, 0);
  }

  // One move of the referrer per credited referral, its source the referred tester.
  const credits = moves.filter((move) => move.cause === 'referral_credited');
  assert.equal(credits.length, seeded.referrals);
  assert.ok(seeded.referrals > 500, `${seeded.referrals} referrals`);
  assert.deepEqual(
    pairs(credits.map((move) => [move.source_id, move.tester_id])),
    pairs(testers.filter((tester) => tester.referral_credited_at !== null).map((tester) => [tester.id, tester.referrer_id])),
  );
  // Each referrer's credits count up to its share_signups_count, each moving it up the list or keeping it there.
  const referrals = new Map(testers.map((tester) => [tester.id, tester.share_signups_count]));
  const last = new Map<number, (typeof credits)[number]>();
  for (const move of credits) {
    const previous = last.get(move.tester_id);
    assert.equal(move.referrals, (previous?.referrals ?? 0) + 1);
    if (move.position !== null) assert.ok(move.position_before !== null && move.position <= move.position_before && move.position >= 1);
    last.set(move.tester_id, move);
  }
  for (const [id, move] of last) assert.equal(move.referrals, referrals.get(id));

  // Every tester that was on the waitlist and is no longer has a status move off it.
  const left = testers.filter((tester) => tester.applied_at !== null && tester.status !== 'applied');
  const statusMoves = moves.filter((move) => move.cause === 'status_changed');
  assert.deepEqual(statusMoves.map((move) => move.tester_id).sort(byNumber), left.map((tester) => tester.id).sort(byNumber));
  for (const move of statusMoves) assert.equal(move.position, null);
  // The other moves follow time, as moves written when they happen do.
  const timed = moves.filter((move) => move.cause !== 'status_changed').map((move) => move.at);
  assert.deepEqual(timed, [...timed].sort());

  // The beta's ladder, and each milestone earned once by every tester whose referrals reach it.
  const ladder = await db.selectFrom('reward_definitions').selectAll().where('beta_id', '=', seeded.betaId).orderBy('referrals_required').execute();
  assert.deepEqual(
    ladder.map((definition) => [definition.type, definition.referrals_required, definition.points]),
    [
      ['Milestone', 3, 0],
      ['Milestone', 10, 0],
      ['Milestone', 25, 0],
    ],
  );
  const rewards = await db.selectFrom('rewards').selectAll().where('beta_id', '=', seeded.betaId).execute();
  assert.equal(rewards.length, seeded.rewards);
  const expected = testers.flatMap((tester) =>
    ladder.filter((definition) => tester.share_signups_count >= definition.referrals_required!).map((definition) => [tester.id, definition.id]),
  );
  assert.ok(expected.some(([, definition]) => definition === ladder[1].id), 'a tester reached 10 referrals');
  assert.deepEqual(pairs(rewards.map((reward) => [reward.tester_id, reward.definition_id])), pairs(expected));
  for (const reward of rewards) {
    assert.deepEqual([reward.status, reward.source, reward.user_role, reward.type], ['earned', 'milestone', 'referrer', 'Milestone']);
    // Earned by the credit that reached the count: the referrer's move of that referral.
    const reached = ladder.find((definition) => definition.id === reward.definition_id)!.referrals_required;
    assert.ok(credits.some((move) => move.tester_id === reward.tester_id && move.referrals === reached && move.at === reward.earned_at));
  }
});
