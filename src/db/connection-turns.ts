// Turns at SQLite's single connection, first come first served. Kysely's own mutex wakes every
// waiter on each release and hands over in microtasks only; under load one chain of queries can
// then keep the event loop from reading sockets for seconds, and a request that arrives meanwhile
// waits that long before it is even parsed (create's p99 was 4–8 s at 50 clients on SQLite while
// its p50 was 0.2–0.3 s). Here waiters queue in order, and at least every YIELD_AFTER_MS a turn is
// handed over through setImmediate, so sockets are read and new requests take their place in the queue.
import { performance } from 'node:perf_hooks';

/** How long turns may pass from one query to the next before the event loop gets to poll. */
const YIELD_AFTER_MS = 5;

export class ConnectionTurns {
  #taken = false;
  readonly #waiting: (() => void)[] = [];
  #lastYield = performance.now();

  /** Resolves when it is the caller's turn; the caller must `pass()` when done. */
  take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Ends the current turn: the longest waiter gets the next one. */
  pass(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#taken = false;
      return;
    }
    const now = performance.now();
    if (now - this.#lastYield < YIELD_AFTER_MS) {
      queueMicrotask(next);
      return;
    }
    this.#lastYield = now;
    setImmediate(next);
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
