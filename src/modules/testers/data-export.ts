// Answering a person's data request: everything stored about one tester as one document, section
// by section as personal-data.ts lists the tables. Read outside a transaction, as "show tester"
// reads: a change committed while it runs may show in one section and not yet in another.
import type { Static } from 'typebox';
import { presentPoint } from '../points/points.presenter.ts';
import { presentReward } from '../rewards/rewards.presenter.ts';
import { apiTime } from '../../primitives/time.ts';
import { emailsTo, eventsByIds, eventsNaming, invitationsOf, recentEventsAbout, suppressionsOf } from './personal-data.ts';
import type { StoredEventSchema, TesterExportSchema } from './personal-data.schemas.ts';
import {
  presentConfirmation,
  presentFriendInvitation,
  presentReferral,
  presentStoredEmail,
  presentStoredEvent,
  presentStoredFields,
  presentStoredResponse,
  presentStoredSuppression,
} from './personal-data.presenter.ts';
import type { TestersContext } from './testers.repository.ts';

export type TesterExport = Static<typeof TesterExportSchema>;

export async function exportTester(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<TesterExport> {
  const { repo } = ctx;
  const db = repo.db;
  const beta = await repo.betas.require(companyId, betaId);
  const row = await repo.requireVisible(db, beta.id, testerRef, { hidden: 'include' });
  const [view] = await repo.views(db, beta, [row], { responses: 'read' });
  const events = (await eventsByIds(db, row, await eventsNaming(db, row))).filter((event) => event.theirs);
  const deliveries =
    events.length === 0
      ? []
      : await db.selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', events.map((e) => e.id)).orderBy('id').execute();
  const [responses, referrals, checkins, points, rewards, invitations, emails, confirmations, clicks, suppressions] = await Promise.all([
    db
      .selectFrom('tester_responses')
      .innerJoin('questions', 'questions.id', 'tester_responses.question_id')
      .select(['tester_responses.question_id', 'questions.prompt', 'tester_responses.answer', 'tester_responses.created_at', 'tester_responses.updated_at'])
      .where('tester_responses.tester_id', '=', row.id)
      .orderBy('tester_responses.question_id')
      .execute(),
    db.selectFrom('testers').select(['id', 'status', 'created_at', 'referral_credited_at']).where('beta_id', '=', beta.id).where('referrer_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('checkins').select(['date']).where('tester_id', '=', row.id).orderBy('date').execute(),
    db.selectFrom('points').selectAll().where('tester_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('rewards').selectAll().where('tester_id', '=', row.id).orderBy('id').execute(),
    invitationsOf(db, row).selectAll().orderBy('id').execute(),
    emailsTo(db, row).selectAll().orderBy('id').execute(),
    db.selectFrom('email_confirmations').select(['created_at', 'expires_at', 'used_at']).where('tester_id', '=', row.id).orderBy('id').execute(),
    db
      .selectFrom('daily_visits')
      .select((eb) => ['day', eb.fn.countAll<number>().as('visitors')])
      .where('beta_id', '=', beta.id)
      .where('kind', '=', 'click')
      .where('target_id', '=', row.id)
      .groupBy('day')
      .orderBy('day')
      .execute(),
    suppressionsOf(db, row).selectAll().orderBy('id').execute(),
  ]);
  return {
    exported_at: apiTime(repo.now()),
    beta_id: beta.id,
    tester: view,
    stored: presentStoredFields(row),
    responses: responses.map(presentStoredResponse),
    referrals: referrals.map(presentReferral),
    checkins: checkins.map((c) => ({ date: c.date })),
    points: points.map(presentPoint),
    rewards: rewards.map(presentReward),
    friend_invitations: invitations.map((i) => presentFriendInvitation(i, row.id)),
    emails: emails.map(presentStoredEmail),
    email_confirmations: confirmations.map(presentConfirmation),
    webhook_events: events.map((event) => presentStoredEvent(event, deliveries.filter((d) => d.event_id === event.id))),
    share_clicks: clicks.map((c) => ({ day: c.day, visitors: Number(c.visitors) })),
    suppressions: suppressions.map(presentStoredSuppression),
  };
}

/** Events read at most for one tester's list: the beta's newest this many. */
export const EVENTS_SCANNED = 10_000;
/** Events about the tester answered at most. */
export const EVENTS_LISTED = 50;

/**
 * The webhook events about a tester among the beta's newest EVENTS_SCANNED, newest first, with their
 * deliveries: bounded whatever the beta's history (the export reads it all).
 */
export async function testerEvents(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<Static<typeof StoredEventSchema>[]> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const row = await repo.requireVisible(repo.db, beta.id, testerRef);
  const { events } = await recentEventsAbout(repo.db, row, { scanned: EVENTS_SCANNED, limit: EVENTS_LISTED });
  const deliveries =
    events.length === 0 ? [] : await repo.db.selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', events.map((e) => e.id)).orderBy('id').execute();
  return events.map((event) => presentStoredEvent(event, deliveries.filter((d) => d.event_id === event.id)));
}
