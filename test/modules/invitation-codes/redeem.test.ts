// The domain functions the testers service uses: unique codes, validity and redemption.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { ApiError } from '../../../src/primitives/errors.ts';
import {
  isInvitationCodeValid,
  redeemInvitationCode,
  uniqueInvitationCode,
} from '../../../src/modules/invitation-codes/invitation-codes.service.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const NOW = '2026-11-22T09:15:00.000Z';

describe('uniqueInvitationCode', () => {
  test('matches the original\'s test vector (docs/decisions.md, "Invitation codes")', () => {
    assert.equal(uniqueInvitationCode('d1696aeb245fa90380a192a41730f07464c906ea', 'joe@gmail.com'), '6210ede5e4');
  });

  test('ignores the case (and surrounding spaces) of the e-mail address', () => {
    assert.equal(uniqueInvitationCode('d1696aeb245fa90380a192a41730f07464c906ea', ' Joe@GMAIL.com '), '6210ede5e4');
  });

  test('is 10 lower-case hex characters and depends on the key', () => {
    const a = uniqueInvitationCode('key-one-12345678', 'ann@example.com');
    const b = uniqueInvitationCode('key-two-12345678', 'ann@example.com');
    assert.match(a, /^[0-9a-f]{10}$/);
    assert.notEqual(a, b);
  });
});

describe('isInvitationCodeValid and redeemInvitationCode', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  async function betaWithKey() {
    const created = await ctx.createBeta({ decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' });
    return { id: created.id, settings: { decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' } };
  }

  async function insertCode(betaId: number, code: string, values: { max_uses?: number | null; uses?: number; expires_at?: string | null }) {
    return ctx.database.db
      .insertInto('invitation_codes')
      .values({
        beta_id: betaId,
        code,
        code_normalized: code.toLowerCase(),
        max_uses: values.max_uses ?? null,
        uses: values.uses ?? 0,
        expires_at: values.expires_at ?? null,
        created_at: NOW,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function usesOf(id: number): Promise<number> {
    const row = await ctx.database.db.selectFrom('invitation_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.uses);
  }

  async function redeemError(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof ApiError, String(error));
      return error;
    }
    assert.fail('expected an ApiError');
  }

  test("the tester's unique code is valid for that e-mail only, in any case, and redeeming records nothing", async () => {
    const beta = await betaWithKey();
    const db = ctx.database.db;
    assert.equal(await isInvitationCodeValid(db, beta, 'joe@gmail.com', '6210ede5e4', NOW), true);
    assert.equal(await isInvitationCodeValid(db, beta, 'JOE@gmail.com', '6210EDE5E4', NOW), true);
    assert.equal(await isInvitationCodeValid(db, beta, 'ann@gmail.com', '6210ede5e4', NOW), false);
    assert.equal(await redeemInvitationCode(db, beta, 'Joe@Gmail.com', '6210EDE5E4', NOW), '6210ede5e4', 'the unique code, as the tester keeps it');
    await redeemInvitationCode(db, beta, 'joe@gmail.com', '6210ede5e4', NOW); // again: still fine
    const rows = await db.selectFrom('invitation_codes').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows, []);
  });

  test('an unknown code is invalid: redeeming it is 2313', async () => {
    const beta = await betaWithKey();
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'ann@example.com', 'NOSUCH', NOW), false);
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'ann@example.com', '', NOW), false);
    for (const code of ['NOSUCH', '', '6210ede5e4']) {
      const error = await redeemError(redeemInvitationCode(ctx.database.db, beta, 'ann@example.com', code, NOW));
      assert.equal(error.code, Errors.invitationCodeInvalid.code);
      assert.equal(error.statusCode, 422);
      assert.equal(error.message, 'Invitation code is invalid');
    }
  });

  test("a custom code of another beta is unknown in this one", async () => {
    const beta = await betaWithKey();
    const other = await betaWithKey();
    await insertCode(other.id, 'ELSEWHERE', { max_uses: 5 });
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'ann@example.com', 'ELSEWHERE', NOW), false);
    const error = await redeemError(redeemInvitationCode(ctx.database.db, beta, 'ann@example.com', 'ELSEWHERE', NOW));
    assert.equal(error.code, Errors.invitationCodeInvalid.code);
  });

  test('a custom code with uses left is valid for anyone, case-insensitively, and redeeming counts a use', async () => {
    const beta = await betaWithKey();
    const code = await insertCode(beta.id, 'Friends', { max_uses: 2 });
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'ann@example.com', 'FRIENDS', NOW), true);
    assert.equal(await usesOf(code.id), 0, 'checking does not use the code');
    await ctx.database.db.transaction().execute((trx) => redeemInvitationCode(trx, beta, 'ann@example.com', 'friends', NOW));
    assert.equal(await usesOf(code.id), 1);
    assert.equal(await redeemInvitationCode(ctx.database.db, beta, 'bob@example.com', ' Friends ', NOW), 'Friends', 'the custom code as created');
    assert.equal(await usesOf(code.id), 2);
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'cat@example.com', 'friends', NOW), false);
    const error = await redeemError(redeemInvitationCode(ctx.database.db, beta, 'cat@example.com', 'friends', NOW));
    assert.equal(error.code, Errors.invitationCodeExpired.code);
    assert.equal(error.message, 'Invitation code is invalid or expired');
    assert.equal(await usesOf(code.id), 2);
  });

  test('a custom code is valid until expires_at (exclusive); afterwards redeeming is 2312', async () => {
    const beta = await betaWithKey();
    const code = await insertCode(beta.id, 'UNTIL', { expires_at: '2026-11-22T10:00:00.000Z' });
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'a@example.com', 'until', '2026-11-22T09:59:59.999Z'), true);
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'a@example.com', 'until', '2026-11-22T10:00:00.000Z'), false);
    await redeemInvitationCode(ctx.database.db, beta, 'a@example.com', 'until', '2026-11-22T09:59:59.999Z');
    assert.equal(await usesOf(code.id), 1, 'uses are counted for time-limited codes too');
    const error = await redeemError(redeemInvitationCode(ctx.database.db, beta, 'b@example.com', 'until', '2026-11-22T10:00:00.001Z'));
    assert.equal(error.code, Errors.invitationCodeExpired.code);
    assert.equal(await usesOf(code.id), 1);
  });

  test('a code limited by both needs uses left and time left', async () => {
    const beta = await betaWithKey();
    await insertCode(beta.id, 'BOTH', { max_uses: 5, uses: 5, expires_at: '2030-01-01T00:00:00.000Z' });
    await insertCode(beta.id, 'BOTH2', { max_uses: 5, uses: 1, expires_at: '2026-01-01T00:00:00.000Z' });
    await insertCode(beta.id, 'BOTH3', { max_uses: 5, uses: 4, expires_at: '2030-01-01T00:00:00.000Z' });
    for (const code of ['both', 'both2']) {
      assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'a@example.com', code, NOW), false, code);
      assert.equal((await redeemError(redeemInvitationCode(ctx.database.db, beta, 'a@example.com', code, NOW))).code, Errors.invitationCodeExpired.code, code);
    }
    assert.equal(await isInvitationCodeValid(ctx.database.db, beta, 'a@example.com', 'both3', NOW), true);
    await redeemInvitationCode(ctx.database.db, beta, 'a@example.com', 'both3', NOW);
  });

  test('a redemption rolled back with its transaction does not count', async () => {
    const beta = await betaWithKey();
    const code = await insertCode(beta.id, 'ROLLBACK', { max_uses: 1 });
    await assert.rejects(
      ctx.database.db.transaction().execute(async (trx) => {
        await redeemInvitationCode(trx, beta, 'a@example.com', 'rollback', NOW);
        throw new Error('signup failed later');
      }),
      /signup failed later/,
    );
    assert.equal(await usesOf(code.id), 0);
  });

  test('50 concurrent redemptions of a code with max_uses 10: exactly 10 succeed', async () => {
    const beta = await betaWithKey();
    const code = await insertCode(beta.id, 'RUSH', { max_uses: 10 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ctx.database.db.transaction().execute((trx) => redeemInvitationCode(trx, beta, `user${i}@example.com`, 'rush', NOW)),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled').length;
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(succeeded, 10);
    assert.equal(failed.length, 40);
    for (const failure of failed) {
      assert.ok(failure.reason instanceof ApiError, String(failure.reason));
      assert.equal(failure.reason.code, Errors.invitationCodeExpired.code);
    }
    assert.equal(await usesOf(code.id), 10);
  });
});
