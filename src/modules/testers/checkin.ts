// Checkins: a tester checks in (by id or uuid, or by e-mail through the v1 API), and the dates
// they did.
import { forUpdate } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { Errors } from '../../primitives/errors.ts';
import { storedTime, utcDate } from '../../primitives/time.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { Beta } from '../betas/betas.service.ts';
import { hasJoined, recordSignup } from '../referrals/referrals.service.ts';
import { normalizeEmail } from './email-address.ts';
import { recordStatusMove } from './status-moves.ts';
import { milestoneFor } from './tester-rules.ts';
import type { TesterStatus } from './tester-status.ts';
import type { TestersContext, TestersRepository } from './testers.repository.ts';

const CHECKINS_SHOWN = 60;

export async function checkin(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<void> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  await repo.transaction(async (trx) => {
    await repo.betas.hold(trx, beta.id);
    await recordCheckin(ctx, trx, beta, await repo.requireVisible(trx, beta.id, testerRef, { lock: 'update' }));
  });
}

export async function checkinByEmail(ctx: TestersContext, companyId: number, betaId: string, emailText: string | undefined): Promise<void> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const email = normalizeEmail(emailText);
  if (!email) throw Errors.testerEmailRequired();
  await repo.transaction(async (trx) => {
    await repo.betas.hold(trx, beta.id);
    const tester = await forUpdate(
      repo.dialect,
      trx.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('email_normalized', '=', email.normalized),
    ).executeTakeFirst();
    if (!tester) throw Errors.notFound('Tester not found');
    if (tester.hidden) throw Errors.testerHidden();
    await recordCheckin(ctx, trx, beta, tester);
  });
}

export async function listCheckins(repo: TestersRepository, companyId: number, betaId: string, testerRef: string): Promise<{ date: string }[]> {
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  return repo.db
    .selectFrom('checkins')
    .select('date')
    .where('tester_id', '=', tester.id)
    .orderBy('date', 'desc')
    .limit(CHECKINS_SHOWN)
    .execute();
}

/**
 * Checkin: one a day is recorded; any status but suspended becomes active (docs/decisions.md,
 * "Tester statuses"). A tester who had not joined yet (imported, unconfirmed) joins by checking
 * in: signup points, and the referral credit an unconfirmed tester was waiting for.
 */
async function recordCheckin(ctx: TestersContext, trx: Executor, beta: Beta, tester: TesterRow): Promise<void> {
  const { repo, events, emails } = ctx;
  if (tester.status === 'suspended') throw Errors.testersGeneral('A suspended tester cannot check in; unsuspend them first');
  const nowDate = repo.clock.now();
  const now = storedTime(nowDate);
  await trx
    .insertInto('checkins')
    .values({ beta_id: tester.beta_id, tester_id: tester.id, date: utcDate(nowDate), created_at: now })
    .onConflict((oc) => oc.columns(['tester_id', 'date']).doNothing())
    .execute();
  const changes = { status: 'active', last_checkin_at: now, updated_at: now, ...milestoneFor('active', tester, now) };
  await repo.updateTester(trx, tester.id, changes);
  recordStatusMove(trx, beta, tester, { ...tester, ...changes }, now);
  moveTesterCount(trx, tester.beta_id, { from: tester.status as TesterStatus, to: 'active' });
  const credited = !hasJoined(tester) ? await recordSignup(trx, repo.dialect, beta, tester, now) : null;
  await events.raise(trx, 'tester_updated', tester.beta_id, credited === null ? [tester.id] : [tester.id, credited], now);
  if (tester.status !== 'active') await emails.statusChanged(trx, { betaId: tester.beta_id, testerId: tester.id, status: 'active', now });
}
