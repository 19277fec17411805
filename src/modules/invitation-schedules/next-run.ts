// When a "top N" invitation schedule runs next: a wall-clock time of day (every day, or on one
// weekday) in the schedule's IANA time zone, turned into an instant with Intl alone. Pure: the
// caller gives the instant to count from. Across daylight-saving changes the wave keeps its local
// time; a time the spring-forward day skips runs at the first instant after the gap (the change
// itself: 02:30 on a day that jumps from 02:00 to 03:00 runs at 03:00), and a time the fall-back
// day shows twice runs once, at its first occurrence.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Recurrence {
  every: 'day' | 'week';
  /** For every week: the day the wave runs on. */
  weekday?: Weekday | null;
  /** HH:MM, 24-hour, local to time_zone. */
  at: string;
  time_zone: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether the name is a time zone this Node knows (its Intl data: IANA names such as Europe/Paris). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name.length > 64) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether the text is a time of day, HH:MM from 00:00 to 23:59. */
export function isTimeOfDay(text: string): boolean {
  return TIME_OF_DAY.test(text);
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in the zone at `ms`, as if it were UTC (milliseconds since the epoch). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far the zone's clock is ahead of UTC at `ms`, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const floored = Math.floor(ms / 1000) * 1000;
  return wallClock(floored, timeZone) - floored;
}

/**
 * The instant the zone's clock shows `wall` (a local date and time written as UTC milliseconds):
 * the earlier of two when it shows it twice, the end of the gap when it never does.
 */
export function instantOf(wall: number, timeZone: string): number {
  // The offsets in force a day either side cover any one change of offset.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((ms) => wallClock(ms, timeZone) === wall).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  // In the gap: the first minute whose offset is the new one, found between the two readings.
  let [low, high] = [Math.min(wall - before, wall - after), Math.max(wall - before, wall - after)];
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(middle, timeZone) === after) high = middle;
    else low = middle;
  }
  return high;
}

/** The day of the week of a local date written as UTC milliseconds. */
function weekdayOf(wall: number): Weekday {
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(wall).getUTCDay() + 6) % 7];
}

/** The first instant strictly after `after` at which the recurrence runs. */
export function nextRun(recurrence: Recurrence, after: Date): Date {
  const match = TIME_OF_DAY.exec(recurrence.at);
  if (!match) throw new Error(`not a time of day: ${recurrence.at}`);
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const today = wallClock(after.getTime(), recurrence.time_zone);
  const midnight = today - (today % DAY_MS);
  // Today and the next seven days hold the next run of either kind; the eighth covers today's run passed.
  for (let day = 0; day <= 8; day++) {
    const date = midnight + day * DAY_MS;
    if (recurrence.every === 'week' && weekdayOf(date) !== recurrence.weekday) continue;
    const instant = instantOf(date + hours * 3_600_000 + minutes * MINUTE_MS, recurrence.time_zone);
    if (instant > after.getTime()) return new Date(instant);
  }
  throw new Error('no run within eight days');
}
