// What the load generators share: reading their numeric options, and summarising samples.

/** A wrong command line: reported by its message alone. */
export class UsageError extends Error {}

/** The option's value as a whole number ≥ 1, or a UsageError naming it (followed by the usage line). */
export function positiveInteger(text: string | undefined, name: string, usage: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} must be a whole number ≥ 1\n${usage}`);
  return value;
}

/** Nearest rank: the smallest value with at least p % of the (sorted) samples at or below it. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The options every load bench takes: rounds, seconds per window, connections, and a file for the figures as JSON. */
export const LOAD_OPTIONS = {
  rounds: { type: 'string', default: '3' },
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '50' },
  json: { type: 'string' },
} as const;
