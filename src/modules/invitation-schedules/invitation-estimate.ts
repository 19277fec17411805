// When a tester on the waitlist can expect their invitation (docs/waitlist.md, "When am I in?"):
// from the beta's running top schedules when it has any, simulated over the testers ahead
// (simulation.ts); otherwise from the pace of its invitations over the last PACE_DAYS days; null
// with neither, and for a tester not on the waitlist. Pure: the caller reads the schedules and the
// pace (InvitationSchedulesService.estimatedInvitationAt).
import { simulate, type SimulatedTop } from './simulation.ts';

/** The days of invitations the pace is read over. */
export const PACE_DAYS = 14;
const DAY_MS = 86_400_000;

export interface EstimateInput {
  now: Date;
  /** The tester's waitlist position: the invitations needed to reach them, theirs included. */
  position: number | null;
  /** The beta's top schedules (paused ones invite nobody). */
  top: readonly SimulatedTop[];
  /** Testers of the beta invited in the last PACE_DAYS days. */
  invitedInPace: number;
}

export function estimateInvitation(input: EstimateInput): Date | null {
  const { position } = input;
  if (position === null) return null;
  const running = input.top.filter((schedule) => !schedule.paused);
  // The plan over a list that ends with the tester: the wave that reaches them is its last.
  if (running.length > 0) return simulate({ start: input.now, length: position, top: running, referralPositions: null }).last_invited_at;
  if (input.invitedInPace === 0) return null;
  const perInvitation = (PACE_DAYS * DAY_MS) / input.invitedInPace;
  return new Date(input.now.getTime() + Math.round(position * perInvitation));
}
