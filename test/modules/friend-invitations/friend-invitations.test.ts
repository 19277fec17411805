import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { transactionRetries } from '../../../src/db/transaction.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { TESTER_FIELDS, assertCountersExact, codes, createTester, storedBeta, storedTester, testerCount } from '../testers/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const REDUCED_FIELDS = TESTER_FIELDS.filter(
  (field) => !['waitlist_position', 'waitlist_ahead', 'waitlist_behind', 'waitlist_length', 'friend_invitations_allowed'].includes(field),
);

describe('friend invitations', () => {
  let ctx: TestContext;
  let beta: { id: number; settings?: any };
  const invite = (body: unknown, betaId = beta.id) => ctx.request('POST', `/api/v2/betas/${betaId}/friend_invitations.json`, { body });

  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta({ invite_a_friend_enabled: true, friend_invitations_allowed: 2, decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' });
  });
  after(() => ctx.close());

  test('201: the recipient becomes an invited tester with a code; the sender has one invitation fewer', async () => {
    const sender = await createTester(ctx, beta.id, { status: 'active' });
    const before = await storedBeta(ctx, beta.id);
    const response = await invite({ friend_invitation: { sender_email: sender.email.toUpperCase(), recipient_email: 'Joe@Gmail.com', message: 'Come along!' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const { id, created_at, inviter, invitee } = response.body;
    assert.ok(Number.isInteger(id));
    assert.equal(created_at, '2026-11-22T09:15:00Z');
    assert.deepEqual(Object.keys(inviter).sort(), REDUCED_FIELDS);
    assert.deepEqual(Object.keys(invitee).sort(), REDUCED_FIELDS);
    assert.equal(inviter.id, sender.id);
    assert.equal(inviter.friend_invitations_count, 1);
    assert.equal(inviter.friend_invitations_remaining, 1);
    assert.equal(invitee.email, 'Joe@Gmail.com');
    assert.equal(invitee.status, 'invited');
    assert.equal(invitee.invitation_code, '6210ede5e4');
    assert.equal(invitee.applied_at, '2026-11-22T09:15:00Z');
    assert.equal(invitee.invited_at, '2026-11-22T09:15:00Z');
    assert.equal(invitee.referred_by, null, 'not a referral');
    const stored = await ctx.database.db.selectFrom('friend_invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.inviter_id, stored.invitee_id, stored.message], [sender.id, invitee.id, 'Come along!']);
    const after = await storedBeta(ctx, beta.id);
    assert.equal(after.invited_testers_count, before.invited_testers_count + 1);
    assert.equal(after.share_signups_count, before.share_signups_count, 'no referral credited');
    assert.equal((await storedTester(ctx, sender.id))?.share_signups_count, 0);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('unwrapped and form-encoded bodies', async () => {
    const sender = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal((await invite({ sender_email: sender.email, recipient_email: 'flat@example.com' })).status, 201);
    const form = await ctx.request('POST', `/api/v2/betas/${beta.id}/friend_invitations`, {
      form: `friend_invitation[sender_email]=${encodeURIComponent(sender.email)}&friend_invitation[recipient_email]=form%40example.com`,
    });
    assert.equal(form.status, 201, JSON.stringify(form.body));
    assert.equal(form.body.inviter.friend_invitations_remaining, 0);
  });

  test('2502 invite-a-friend disabled for the project', async () => {
    const closed = await ctx.createBeta({ invite_a_friend_enabled: false });
    const sender = await createTester(ctx, closed.id, { status: 'active' });
    const response = await invite({ sender_email: sender.email, recipient_email: 'x@example.com' }, closed.id);
    assert.equal(response.status, 422);
    assert.deepEqual(response.body.errors, [{ code: Errors.inviteAFriendDisabled.code, message: 'Invite-a-friend system disabled for the project' }]);
    assert.equal(await testerCount(ctx, closed.id), 1);
  });

  test('2503 and 2506: sender and recipient required, reported together; 2510 recipient invalid; 2507 yourself', async () => {
    assert.deepEqual(codes(await invite({})), [2503, 2506]);
    assert.deepEqual(codes(await invite({ sender_email: ' ', recipient_email: '' })), [2503, 2506]);
    assert.deepEqual(codes(await invite({ sender_email: 'a@example.com', recipient_email: 'not-an-address' })), [2510]);
    assert.deepEqual(codes(await invite({ sender_email: 'Same@example.com', recipient_email: 'same@EXAMPLE.com' })), [2507]);
  });

  test('2504 no tester for the sender in this project (hidden or another beta\'s too)', async () => {
    const other = await ctx.createBeta({ invite_a_friend_enabled: true });
    const outsider = await createTester(ctx, other.id, { status: 'active' });
    for (const sender_email of ['nobody@example.com', outsider.email]) {
      const response = await invite({ sender_email, recipient_email: 'friend-2504@example.com' });
      assert.equal(response.status, 422);
      assert.deepEqual(response.body.errors, [{ code: Errors.senderNotFound.code, message: 'No tester record for the sender email in this project' }]);
    }
  });

  test('2505 only invited, active or idle testers may send', async () => {
    const cases: [string, boolean][] = [['applied', false], ['imported', false], ['invited', true], ['active', true]];
    for (const [status, allowed] of cases) {
      const sender = await createTester(ctx, beta.id, { status });
      const response = await invite({ sender_email: sender.email, recipient_email: `to-${status}-${sender.id}@example.com` });
      assert.equal(response.status, allowed ? 201 : 422, status);
      if (!allowed) assert.deepEqual(codes(response), [2505], status);
    }
    const rejected = await createTester(ctx, beta.id);
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${rejected.id}`, { body: { tester: { status: 'rejected' } } });
    assert.deepEqual(codes(await invite({ sender_email: rejected.email, recipient_email: 'to-rejected@example.com' })), [2505]);
  });

  test('2508 no invitations left; 2509 recipient already a tester; nothing changes on refusal', async () => {
    const sender = await createTester(ctx, beta.id, { status: 'active' });
    const existing = await createTester(ctx, beta.id);
    const taken = await invite({ sender_email: sender.email, recipient_email: existing.email.toUpperCase() });
    assert.deepEqual(taken.body.errors, [{ code: Errors.recipientAlreadyInvited.code, message: 'Recipient already invited' }]);
    assert.equal((await storedTester(ctx, sender.id))?.friend_invitations_count, 0, 'a refused invitation uses none');
    assert.equal((await invite({ sender_email: sender.email, recipient_email: 'one-2508@example.com' })).status, 201);
    assert.equal((await invite({ sender_email: sender.email, recipient_email: 'two-2508@example.com' })).status, 201);
    const third = await invite({ sender_email: sender.email, recipient_email: 'three-2508@example.com' });
    assert.equal(third.status, 422);
    assert.deepEqual(third.body.errors, [{ code: Errors.noInvitationsLeft.code, message: 'Sender has no invitations left' }]);
    const stored = await ctx.database.db.selectFrom('testers').select('id').where('email_normalized', '=', 'three-2508@example.com').execute();
    assert.deepEqual(stored, []);
  });

  test('2501 general error for a malformed field', async () => {
    const response = await invite({ sender_email: 'a@example.com', recipient_email: 'b@example.com', message: 'x'.repeat(2001) });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2501]);
  });

  test('concurrent invitations by one sender never exceed the allowance', async () => {
    const generous = await ctx.createBeta({ invite_a_friend_enabled: true, friend_invitations_allowed: 5 });
    const sender = await createTester(ctx, generous.id, { status: 'active' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => invite({ sender_email: sender.email, recipient_email: `wave-${i}@example.com` }, generous.id)),
    );
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, 5);
    assert.ok(responses.filter((r) => r.status !== 201).every((r) => codes(r).join() === '2508'));
    assert.equal((await storedTester(ctx, sender.id))?.friend_invitations_count, 5);
    assert.equal(await testerCount(ctx, generous.id), 6);
    await assertCountersExact(ctx, generous.id, assert);
  });

  test('a sender deleted while sending: the deletion and each invitation either way, never a deadlock or a 500', async () => {
    const roomy = await ctx.createBeta({ invite_a_friend_enabled: true, friend_invitations_allowed: 100 });
    const deadlocksBefore = transactionRetries(ctx.database.db).deadlock;
    for (let round = 0; round < 8; round++) {
      const sender = await createTester(ctx, roomy.id, { status: 'active' });
      const recipients = Array.from({ length: 5 }, (_, i) => `race-${round}-${i}@example.com`);
      const send = (recipient_email: string) => invite({ sender_email: sender.email, recipient_email }, roomy.id);
      // The deletion starts after a different number of invitations each round.
      const early = recipients.slice(0, round % (recipients.length + 1)).map(send);
      const deletion = ctx.request('DELETE', `/api/v2/betas/${roomy.id}/testers/${sender.id}`);
      const late = recipients.slice(early.length).map(send);
      const [deleted, ...answers] = await Promise.all([deletion, ...early, ...late]);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.deepEqual(answers.filter((a) => a.status !== 201 && codes(a).join() !== '2504').map((a) => [a.status, a.body]), [], 'sent, or the sender not found');
      assert.equal(await storedTester(ctx, sender.id), undefined, 'the sender is deleted');
      const sent = answers.filter((a) => a.status === 201);
      const invited = await ctx.database.db.selectFrom('testers').select('email').where('email', 'in', recipients).execute();
      assert.deepEqual(invited.map((t) => t.email).sort(), sent.map((a) => a.body.invitee.email).sort(), 'an invitee for each invitation sent, and only those');
      const kept = await ctx.database.db.selectFrom('friend_invitations').select(['id', 'inviter_id']).where('beta_id', '=', roomy.id).execute();
      const ofRound = kept.filter((row) => sent.some((a) => a.body.id === row.id));
      assert.deepEqual(ofRound.map((row) => row.inviter_id), sent.map(() => null), 'each sent invitation stays, without its deleted sender');
    }
    assert.equal(transactionRetries(ctx.database.db).deadlock - deadlocksBefore, 0, 'one lock order: no deadlock to retry');
    await assertCountersExact(ctx, roomy.id, assert);
  });
});
