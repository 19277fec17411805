// Time as the service stores and shows it. Stored: ISO-8601 UTC with milliseconds (sorts as text).
// Shown: ISO-8601 UTC with second precision and Z, e.g. 2026-11-22T09:15:00Z (docs/decisions.md,
// "Timestamps").

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function storedTime(date: Date): string {
  return date.toISOString();
}

export function apiTime(stored: string): string;
export function apiTime(stored: string | null | undefined): string | null;
export function apiTime(stored: string | null | undefined): string | null {
  if (!stored) return null;
  return `${stored.slice(0, 19)}Z`;
}

/** Calendar date (UTC) of a moment, YYYY-MM-DD. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO 8601 moment: a date (midnight UTC) or a date-time with its zone (Z or ±hh:mm); null for
 * anything else. A date-time without a zone is refused rather than read in the machine's local
 * time, and impossible dates (2027-02-30) too, where Date would roll them into March.
 */
export function parseIsoMoment(text: string): Date | null {
  const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const check = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
  const roundTrips =
    check.getUTCFullYear() === fields[0] &&
    check.getUTCMonth() === fields[1] - 1 &&
    check.getUTCDate() === fields[2] &&
    check.getUTCHours() === fields[3] &&
    check.getUTCMinutes() === fields[4] &&
    check.getUTCSeconds() === fields[5];
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) return null;
  const moment = new Date(zone ? text : `${text}T00:00:00Z`);
  if (!roundTrips || Number.isNaN(moment.getTime())) return null;
  return moment;
}
