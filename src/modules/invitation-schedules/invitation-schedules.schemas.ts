import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { BulkPreviewSchema } from '../bulk-actions/bulk-actions.schemas.ts';
import { WEEKDAYS } from './next-run.ts';

export const ScheduleKinds = ['top', 'referrals'] as const;
export const Periods = ['day', 'week'] as const;
/** The most testers one wave of a "top N" schedule invites. */
export const MAX_WAVE_COUNT = 100_000;
/** The highest referral threshold. */
export const MAX_THRESHOLD = 10_000;
/** The most testers `now` of a simulation invites at once. */
export const MAX_SIMULATED_NOW = 10_000_000;
/** Schedules one simulation takes. */
export const MAX_SIMULATED_SCHEDULES = 20;

const fields = {
  count: Type.Integer({ minimum: 1, maximum: MAX_WAVE_COUNT, description: 'top: testers each wave invites, from the top of the waitlist' }),
  every: Type.Enum(Periods, { description: 'top: a wave every day, or every week on `weekday`' }),
  weekday: Type.Enum(WEEKDAYS, { description: 'top, every week: the day of the wave, in the schedule\'s time zone (monday … sunday)' }),
  at: Type.String({ maxLength: 5, description: 'top: the time of day of the wave, HH:MM (24-hour) in `time_zone`' }),
  time_zone: Type.String({ maxLength: 64, description: 'top: an IANA time zone, such as Europe/Paris; waves keep their local time across daylight-saving changes' }),
  threshold: Type.Integer({ minimum: 1, maximum: MAX_THRESHOLD, description: 'referrals: the credited referrals that get a tester invited' }),
};

const settable = {
  paused: Type.Optional(Type.Boolean({ description: 'A paused schedule runs no wave; on resuming, its next wave is the next one due from then' })),
  skip_next: Type.Optional(Type.Boolean({ description: 'top: skip the next wave only (recorded in the history as skipped); false takes the skip back' })),
};

/** A schedule as created, and as a simulation takes it. */
export const ScheduleBody = Type.Object({
  kind: Type.Optional(Type.Enum(ScheduleKinds, { description: 'Required. top: the first `count` of the waitlist every day or week at `at`; referrals: anyone reaching `threshold` credited referrals, within a minute' })),
  count: Type.Optional(fields.count),
  every: Type.Optional(fields.every),
  weekday: Type.Optional(fields.weekday),
  at: Type.Optional(fields.at),
  time_zone: Type.Optional(fields.time_zone),
  threshold: Type.Optional(fields.threshold),
  ...settable,
});

/** A change: the fields given replace the schedule's; its kind stays. */
export const ScheduleUpdateBody = Type.Object({
  kind: Type.Optional(Type.Enum(ScheduleKinds, { description: 'The schedule\'s kind, which cannot change: leave it out or give it as it is' })),
  count: Type.Optional(fields.count),
  every: Type.Optional(fields.every),
  weekday: Type.Optional(Nullable(fields.weekday)),
  at: Type.Optional(fields.at),
  time_zone: Type.Optional(fields.time_zone),
  threshold: Type.Optional(fields.threshold),
  ...settable,
});

const WaveSummary = Type.Object({
  due_at: Timestamp,
  started_at: Timestamp,
  skipped: Type.Boolean({ description: 'Skipped at the owner\'s request (skip_next): nobody invited' }),
  bulk_action_id: Nullable(Type.Integer({ description: 'The bulk action that runs the wave (see its progress there)' })),
  state: Nullable(Type.Enum(['queued', 'running', 'completed', 'failed', 'cancelled'], { description: 'The bulk action\'s state' })),
  selected: Type.Integer({ description: 'Testers the wave took' }),
  invited: Type.Integer({ description: 'Testers invited so far' }),
  first_position: Nullable(Type.Integer({ description: 'The best waitlist position among the testers the wave took, when it started' })),
  last_position: Nullable(Type.Integer({ description: 'The last waitlist position among them, when it started' })),
});

export const WaveSchema = Type.Object({ id: Type.Integer(), schedule_id: Type.Integer(), ...WaveSummary.properties }, { $id: 'InvitationWave' });

export const ScheduleSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Enum(ScheduleKinds),
    count: Nullable(fields.count),
    every: Nullable(fields.every),
    weekday: Nullable(fields.weekday),
    at: Nullable(fields.at),
    time_zone: Nullable(fields.time_zone),
    threshold: Nullable(fields.threshold),
    paused: Type.Boolean(),
    skip_next: Type.Boolean(),
    next_run_at: NullableTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'InvitationSchedule' },
);

export const ScheduleParams = Type.Object({
  ...BetaParams.properties,
  schedule_id: Type.String({ maxLength: 40, description: 'Invitation schedule id' }),
});

export const ScheduleListQuery = Type.Object({ ...PaginationQuery });

export const WavePreviewSchema = Type.Object(
  {
    at: Type.String({ format: 'date-time', description: 'When the wave would run: the next wave of a top schedule, the next sweep of a referral one' }),
    ...BulkPreviewSchema.properties,
  },
  { $id: 'InvitationWavePreview' },
);

export const SimulateBody = Type.Object({
  schedules: Type.Optional(
    Type.Array(ScheduleBody, { maxItems: MAX_SIMULATED_SCHEDULES, description: 'Schedules as created (paused ones run no wave; skip_next skips the first); none by default' }),
  ),
  now: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SIMULATED_NOW, description: 'Invite this many from the top at once, first' })),
});

export const SimulationSchema = Type.Object(
  {
    waitlist_length: Type.Integer({ description: 'Testers on the waitlist now: the list the plan is computed over' }),
    waves: Type.Array(
      Type.Object({
        at: Timestamp,
        invited: Type.Integer(),
        through_position: Type.Integer({ description: "Everyone at this position of today's waitlist or before it is invited after this wave" }),
      }),
    ),
    last_invited_at: Nullable(
      Type.String({ format: 'date-time', description: "When the last of today's list would be invited; null when the plan does not get there within 1,000 waves or ten years" }),
    ),
  },
  { $id: 'InvitationSimulation' },
);
