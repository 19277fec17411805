// A public signup with an address already on the list does less work than a new one (no tester is
// written): answered at once, its speed would tell who is on the list. Its answer waits until it
// has taken as long as a new signup's usually does, a moving average this process keeps, so the
// two take the same time whatever the load (bench/README.md, "Signup guard").
import { setTimeout as sleep } from 'node:timers/promises';

/** Each new signup moves the average this much of the way to its own time. */
const WEIGHT = 0.1;

export class AnswerTime {
  #averageMs: number | null = null;

  /** A new signup's answer took `ms`. */
  observe(ms: number): void {
    this.#averageMs = this.#averageMs === null ? ms : this.#averageMs + WEIGHT * (ms - this.#averageMs);
  }

  /** Waits until an answer started at `startedMs` (performance.now()) has taken the average time. */
  async padFrom(startedMs: number): Promise<void> {
    const left = (this.#averageMs ?? 0) - (performance.now() - startedMs);
    if (left > 0) await sleep(left);
  }
}
