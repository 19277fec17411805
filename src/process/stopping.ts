// How long a process takes to stop, in one place: an API process (server.ts), the primary of
// `serve --workers` (cluster.ts) and `prelaunch worker` follow these; docs/operations.md
// ("Stopping") promises them.

/** From SIGTERM/SIGINT to the process's exit; a process still running then is forced out. */
export const STOP_TIMEOUT_MS = 10_000;

/**
 * The jobs in hand may finish until this long after the signal; the rest are then cut short and
 * given back, which leaves the remaining time to record that and close the connections.
 */
export const JOBS_DRAIN_MS = STOP_TIMEOUT_MS - 3_000;
