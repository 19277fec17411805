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
