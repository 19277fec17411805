// Who holds a lease, an outbox job's (outbox.ts) or a sweep's (leases.ts): a process, named by its
// host, its pid and a random part. A lease runs out on its own when its holder stops renewing it;
// the name lets a process starting on the same host tell, at once, which leases were left by a
// process that is gone (killed, crashed), and take them back without waiting.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/** A holder's name; the random part tells apart pid 1 of two containers, and of one container's restarts. */
export function newHolder(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

function parse(holder: string): { host: string; pid: number } | null {
  const parts = holder.split('/');
  const pid = Number(parts[1]);
  return parts.length === 3 && Number.isSafeInteger(pid) && pid > 0 ? { host: parts[0], pid } : null;
}

/**
 * Whether the process that named itself `holder` has certainly ended, as seen by the process
 * named `self`, which has no other name: a process of this host whose pid no longer exists, or
 * one with this process's own pid (a container restarted runs as pid 1 again). A process of
 * another host cannot be checked; nor can one whose pid now belongs to another program: their
 * leases run out instead.
 */
export function isGone(holder: string, self: string): boolean {
  const them = parse(holder);
  const us = parse(self);
  if (!them || !us || holder === self || them.host !== us.host) return false;
  if (them.pid === us.pid) return true;
  try {
    process.kill(them.pid, 0); // signal 0: only asks whether the process exists
    return false;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
