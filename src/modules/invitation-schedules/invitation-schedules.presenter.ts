import type { Static } from 'typebox';
import type { InvitationScheduleRow } from '../../db/tables/owner-work.ts';
import { apiTime, storedTime } from '../../primitives/time.ts';
import type { Weekday } from './next-run.ts';
import type { BulkPreview } from '../bulk-actions/preview.ts';
import type { Periods, ScheduleKinds, ScheduleSchema, SimulationSchema, WavePreviewSchema, WaveSchema } from './invitation-schedules.schemas.ts';
import type { WaveView } from './invitation-schedules.service.ts';
import type { Plan } from './simulation.ts';

export function presentSchedule(row: InvitationScheduleRow): Static<typeof ScheduleSchema> {
  return {
    id: row.id,
    kind: row.kind as (typeof ScheduleKinds)[number],
    count: row.count,
    every: row.every as (typeof Periods)[number] | null,
    weekday: row.weekday as Weekday | null,
    at: row.at,
    time_zone: row.time_zone,
    threshold: row.threshold,
    paused: row.paused === 1,
    skip_next: row.skip_next === 1,
    // A paused schedule runs nothing until resumed.
    next_run_at: row.paused === 1 ? null : apiTime(row.next_run_at),
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
  };
}

export function presentWave(row: WaveView): Static<typeof WaveSchema> {
  return {
    id: row.id,
    schedule_id: row.schedule_id,
    due_at: apiTime(row.due_at),
    started_at: apiTime(row.started_at),
    skipped: row.skipped === 1,
    bulk_action_id: row.bulk_action_id,
    state: row.state as Static<typeof WaveSchema>['state'],
    selected: row.selected,
    invited: row.invited,
    first_position: row.first_position,
    last_position: row.last_position,
  };
}

export function presentSimulation(plan: Plan & { waitlist_length: number }): Static<typeof SimulationSchema> {
  return {
    waitlist_length: plan.waitlist_length,
    waves: plan.waves.map((wave) => ({ at: apiTime(storedTime(wave.at)), invited: wave.invited, through_position: wave.through_position })),
    last_invited_at: plan.last_invited_at && apiTime(storedTime(plan.last_invited_at)),
  };
}

/** A wave's preview: a bulk invite's, with when the wave would run. */
export function presentWavePreview({ at, ...preview }: BulkPreview & { at: Date }): Static<typeof WavePreviewSchema> {
  return { at: apiTime(storedTime(at)), action: 'invite', status: 'invited', ...preview };
}
