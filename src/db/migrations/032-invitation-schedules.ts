// Invitation schedules (modules/invitation-schedules): waves of invitations a beta's owner plans,
// "the top N every day or week at a time of day" or "anyone who reaches K referrals". Each wave
// that runs is a bulk action (021) with its frozen list; the wave's row says when it was due and
// which bulk action ran it, and its unique key lets one process only start a given wave.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('invitation_schedules')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // top or referrals
    .addColumn('kind', 'text', (c) => c.notNull())
    // top: testers per wave, day or week, the weekday of a weekly wave, HH:MM and its IANA time zone
    .addColumn('count', 'integer')
    .addColumn('every', 'text')
    .addColumn('weekday', 'text')
    .addColumn('at', 'text')
    .addColumn('time_zone', 'text')
    // referrals: the credited referrals that get a tester invited
    .addColumn('threshold', 'integer')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skip_next', 'integer', (c) => c.notNull().defaultTo(0))
    // When the scheduler next looks at it: the next wave of a top schedule, the next sweep of a referral one.
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitation_schedules_beta_id').on('invitation_schedules').columns(['beta_id', 'id']).execute();
  // The scheduler's question: which schedules are due.
  await db.schema.createIndex('invitation_schedules_next_run_at').on('invitation_schedules').columns(['next_run_at']).execute();

  // A schedule's history: one row per wave due, run or skipped.
  await db.schema
    .createTable('invitation_waves')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('schedule_id', ref, (c) => c.notNull().references('invitation_schedules.id').onDelete('cascade'))
    // When it was due (a top wave's time; a referral sweep's), and when it started.
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // Skipped once at the owner's request: no bulk action.
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bulk_action_id', ref, (c) => c.references('bulk_actions.id').onDelete('set null'))
    // The testers frozen for it, and the first and last of their waitlist positions then.
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_position', 'integer')
    .addColumn('last_position', 'integer')
    .execute();
  await db.schema.createIndex('invitation_waves_due').unique().on('invitation_waves').columns(['beta_id', 'schedule_id', 'due_at']).execute();
}
