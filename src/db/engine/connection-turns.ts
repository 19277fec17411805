// Turns at SQLite's single connection. Kysely's own mutex wakes every waiter on each release and
// hands over in microtasks only: under load one chain of queries kept the event loop from reading
// sockets for seconds, and a request that arrived meanwhile waited that long before it was even
// parsed (create's p99 was 4–8 s at 50 clients on SQLite while its p50 was 0.2–0.3 s).
//
// Here the next turn goes to the oldest work waiting: a request's queries carry the time it
// arrived (`startWork`), so a request that has begun runs to its end before later ones take the
// connection — latency follows arrival order and few requests hold their rows at once. An outbox
// job carries the time it began the same way; work with no start (a sweep, which runs for minutes)
// counts from each query. At least every YIELD_AFTER_MS a turn is handed over
// through setImmediate, so the event loop polls, reads new requests and they join the queue.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** How long turns may pass from one query to the next before the event loop gets to poll. */
const YIELD_AFTER_MS = 5;

const workStarts = new AsyncLocalStorage<number>();

/** Runs `work` (a request, from its first hook) as work started now: its queries wait behind older work only. */
export function startWork<T>(work: () => T): T {
  return workStarts.run(performance.now(), work);
}

/** When the work now running began (`startWork`), or undefined outside any. */
export function workStartedAt(): number | undefined {
  return workStarts.getStore();
}

interface Waiter {
  startedAt: number;
  resume: () => void;
}

export class ConnectionTurns {
  #taken = false;
  /** Oldest work first, first come among equals; kept sorted (a few dozen waiters at most). */
  readonly #waiting: Waiter[] = [];
  #lastYield = performance.now();

  /** Resolves when it is the caller's turn; the caller must `pass()` when done. */
  take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return Promise.resolve();
    }
    return new Promise((resume) => {
      const waiter = { startedAt: workStarts.getStore() ?? performance.now(), resume };
      let at = this.#waiting.length;
      while (at > 0 && this.#waiting[at - 1].startedAt > waiter.startedAt) at--;
      this.#waiting.splice(at, 0, waiter);
    });
  }

  /** Ends the current turn: the oldest waiting work gets the next one. */
  pass(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#taken = false;
      return;
    }
    const now = performance.now();
    if (now - this.#lastYield < YIELD_AFTER_MS) {
      queueMicrotask(next.resume);
      return;
    }
    this.#lastYield = now;
    setImmediate(next.resume);
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
