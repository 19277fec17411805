// A public signup with an address already on the list does less work than a new one (no tester is
// written): answered at once, its speed would tell who is on the list. Its answer waits until it
// has taken as long as a new signup's median, over the last ones this process made, so the two
// take the same time whatever the load (bench/README.md, "Signup guard").
import { setTimeout as sleep } from 'node:timers/promises';

/** New signups whose times make the median. */
const SAMPLES = 63;

export class AnswerTime {
  readonly #recent: number[] = [];
  #next = 0;

  /** A new signup's answer took `ms`. */
  observe(ms: number): void {
    this.#recent[this.#next] = ms;
    this.#next = (this.#next + 1) % SAMPLES;
  }

  /** Waits until an answer started at `startedMs` (performance.now()) has taken a new signup's median time. */
  async padFrom(startedMs: number): Promise<void> {
    if (this.#recent.length === 0) return;
    const sorted = [...this.#recent].sort((a, b) => a - b);
    const left = sorted[sorted.length >> 1] - (performance.now() - startedMs);
    if (left > 0) await sleep(left);
  }
}
