// The status page's headline of moves, and the estimate's two sources, computed by hand: pure
// functions, nothing started.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TesterMoveRow } from '../../src/db/tables/testers.ts';
import { estimateInvitation } from '../../src/modules/invitation-schedules/invitation-estimate.ts';
import { movesHeadline, moveText } from '../../src/public/move-sections.ts';

const move = (id: number, cause: string, position_before: number | null, position: number | null): TesterMoveRow => ({
  id, beta_id: 1, tester_id: 7, at: '2026-11-22T10:00:00.000Z', cause, source_id: null, position_before, position, referrals: 0, points: 0, member_id: null, api_key_id: null,
});

describe('the moves headline', () => {
  test('a run of friends, then drift both ways', () => {
    const moves = [move(4, 'referral_credited', 700, 640), move(3, 'referral_accepted', 760, 700), move(2, 'referral_credited', 812, 760), move(1, 'signed_up', null, 812)];
    assert.equal(movesHeadline(moves, 652), 'You moved from #812 to #640: 3 friends joined. Since then, 12 people passed you.');
    assert.equal(movesHeadline(moves, 640), 'You moved from #812 to #640: 3 friends joined.');
    assert.equal(movesHeadline(moves, 639), 'You moved from #812 to #640: 3 friends joined. Since then, you moved up 1 place as others left the list.');
  });

  test('one friend, points, reversed referrals, a signup; nothing for a held referral or a move off the list', () => {
    assert.equal(movesHeadline([move(2, 'referral_credited', 3, 1)], 1), 'You moved from #3 to #1: a friend joined.');
    assert.equal(movesHeadline([move(2, 'points_revoked', 1, 4)], 5), 'You moved from #1 to #4: points were taken back. Since then, 1 person passed you.');
    assert.equal(movesHeadline([move(3, 'referral_reversed', 2, 5), move(2, 'referral_reversed', 1, 2)], 5), "You moved from #1 to #5: 2 friends' referrals were taken back.");
    assert.equal(movesHeadline([move(2, 'referral_reversed', 1, 2)], 2), "You moved from #1 to #2: a friend's referral was taken back.");
    assert.equal(moveText(move(2, 'referral_reversed', 1, 2), 'they'), 'A referral was taken back: #1 to #2');
    assert.equal(movesHeadline([move(1, 'signed_up', null, 9)], 9), 'You joined the waitlist at #9.');
    assert.equal(movesHeadline([move(2, 'referral_held', 4, 4)], 4), null);
    assert.equal(movesHeadline([move(2, 'status_changed', 4, null)], null), null);
    assert.equal(movesHeadline([], 3), null);
  });

  test('the owner placing the tester: "The organisers moved you to #3", in the console "Moved by hand"', () => {
    assert.equal(movesHeadline([move(2, 'moved_by_owner', 40, 3)], 3), 'The organisers moved you to #3.');
    assert.equal(movesHeadline([move(3, 'moved_by_owner', 3, 1), move(2, 'moved_by_owner', 40, 3)], 2), 'The organisers moved you to #1. Since then, 1 person passed you.');
    assert.equal(moveText(move(2, 'moved_by_owner', 40, 3), 'you'), 'The organisers moved you: #40 to #3');
    assert.equal(moveText(move(2, 'moved_by_owner', 3, 40), 'they'), 'Moved by hand: #3 to #40');
  });
});

describe('the estimated invitation', () => {
  const now = new Date('2026-11-23T09:15:00Z');
  const daily = { every: 'day' as const, at: '10:00', time_zone: 'UTC', count: 2 };

  test('the pace: position × 14 days / invitations; null without any, and off the waitlist', () => {
    assert.equal(estimateInvitation({ now, position: 3, top: [], invitedInPace: 7 })?.toISOString(), '2026-11-29T09:15:00.000Z');
    assert.equal(estimateInvitation({ now, position: 3, top: [], invitedInPace: 0 }), null);
    assert.equal(estimateInvitation({ now, position: null, top: [daily], invitedInPace: 7 }), null);
  });

  test('a running schedule wins over the pace; a paused one does not count, a skipped wave is skipped', () => {
    assert.equal(estimateInvitation({ now, position: 3, top: [daily], invitedInPace: 7 })?.toISOString(), '2026-11-24T10:00:00.000Z');
    assert.equal(estimateInvitation({ now, position: 5, top: [daily], invitedInPace: 7 })?.toISOString(), '2026-11-25T10:00:00.000Z');
    assert.equal(estimateInvitation({ now, position: 1, top: [{ ...daily, skip_next: true }], invitedInPace: 0 })?.toISOString(), '2026-11-24T10:00:00.000Z');
    assert.equal(estimateInvitation({ now, position: 1, top: [{ ...daily, paused: true }], invitedInPace: 7 })?.toISOString(), '2026-11-25T09:15:00.000Z');
  });
});
