// The plan of a set of schedules over today's waitlist, changing nothing (docs/decisions.md,
// "Invitation schedules"): who would be invited when, as waves with the position through which
// everyone of today's list has then been invited. Pure: the caller gives the list's length, the
// positions of the testers a referral schedule would take at once, and the instant to start from.
// Future signups and future referrals cannot be foreseen, so none are assumed.
import { nextRun, type Recurrence } from './next-run.ts';

/** Waves a simulation answers at most: a daily plan over nearly three years. */
export const MAX_SIMULATED_WAVES = 1000;
/** How far ahead a simulation looks, at most. */
export const SIMULATION_HORIZON_DAYS = 3660;

export interface SimulatedTop extends Recurrence {
  count: number;
  paused?: boolean;
  skip_next?: boolean;
}

export interface PlanInput {
  /** When the plan starts: `now` and referral schedules invite at this instant. */
  start: Date;
  /** The waitlist's length today. */
  length: number;
  /** Invited at once first, from the top. */
  now?: number;
  top: readonly SimulatedTop[];
  /**
   * Positions (1-based, ascending) of the testers a referral schedule would invite at its first
   * sweep: those already at or above its threshold; null without an active referral schedule.
   */
  referralPositions: readonly number[] | null;
}

export interface PlannedWave {
  at: Date;
  invited: number;
  /** Everyone at this position of today's waitlist or before it has been invited after this wave. */
  through_position: number;
}

export interface Plan {
  waves: PlannedWave[];
  /** When the last of today's list would be invited; null when the plan does not get there within its bounds. */
  last_invited_at: Date | null;
}

/** Today's waitlist as a plan eats it: everyone up to `through` invited, and some further down already. */
class Waitlist {
  through = 0;
  invited = 0;
  #ahead: readonly number[] = [];
  #next = 0;

  constructor(readonly length: number) {}

  get remaining(): number {
    return this.length - this.invited;
  }

  /** Invites these positions (ascending) out of order; answers how many were not invited already. */
  inviteScattered(positions: readonly number[]): number {
    const fresh = positions.filter((position) => position > this.through && position <= this.length);
    this.#ahead = fresh;
    this.#next = 0;
    this.invited += fresh.length;
    this.#absorb();
    return fresh.length;
  }

  /** Invites the first `count` not yet invited; answers how many there were. */
  inviteTop(count: number): number {
    const taken = Math.min(count, this.remaining);
    let need = taken;
    while (need > 0) {
      const scattered = this.#ahead[this.#next];
      const gap = scattered === undefined ? Number.POSITIVE_INFINITY : scattered - this.through - 1;
      if (gap >= need) {
        this.through += need;
        need = 0;
      } else {
        need -= gap;
        this.through = scattered;
        this.#next += 1;
      }
      this.#absorb();
    }
    this.invited += taken;
    return taken;
  }

  /** Moves `through` past the scattered positions right behind it. */
  #absorb(): void {
    while (this.#ahead[this.#next] !== undefined && this.#ahead[this.#next] <= this.through + 1) {
      this.through = Math.max(this.through, this.#ahead[this.#next]);
      this.#next += 1;
    }
  }
}

export function simulate(input: PlanInput): Plan {
  const list = new Waitlist(input.length);
  const waves: PlannedWave[] = [];
  // Set inside record: typed wide so the closure's assignment is seen.
  let last = null as Date | null;
  const record = (at: Date, invited: number) => {
    if (invited === 0) return;
    waves.push({ at, invited, through_position: list.through });
    if (list.remaining === 0) last = at;
  };
  if (input.now !== undefined) record(input.start, list.inviteTop(input.now));
  if (input.referralPositions) record(input.start, list.inviteScattered(input.referralPositions));

  const horizon = input.start.getTime() + SIMULATION_HORIZON_DAYS * 86_400_000;
  const running = input.top.filter((schedule) => !schedule.paused);
  const upcoming = running.map((schedule) => nextRun(schedule, input.start));
  const skipping = running.map((schedule) => schedule.skip_next === true);
  while (list.remaining > 0 && waves.length < MAX_SIMULATED_WAVES && running.length > 0) {
    // The earliest next run; schedules due at the same instant run one after the other, in the order given.
    let soonest = 0;
    for (let i = 1; i < running.length; i++) if (upcoming[i].getTime() < upcoming[soonest].getTime()) soonest = i;
    const at = upcoming[soonest];
    if (at.getTime() > horizon) break;
    if (skipping[soonest]) skipping[soonest] = false;
    else record(at, list.inviteTop(running[soonest].count));
    upcoming[soonest] = nextRun(running[soonest], at);
  }
  return { waves, last_invited_at: last };
}
