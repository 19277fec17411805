// Work done in rounds that never overlap, each serving every caller that asked before it began:
// the standings' reads of their feed.

/**
 * Coalesced rounds, one at a time: `next()` resolves once a round that began after the call has
 * finished, so everything committed before the call is seen; calls made while a round runs share
 * the next one. Never two at once: a round re-reads testers, and two interleaved could apply an
 * older read after a newer one.
 */
export class Rounds {
  #running = false;
  #waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** The rounds running now, or the last to have run: it never rejects (its callers hear of a failure). */
  #current: Promise<void> = Promise.resolve();

  constructor(private readonly round: () => Promise<void>) {}

  next(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    if (!this.#running) this.#current = this.#run();
    return done;
  }

  /** Resolves once no round runs: what owns the rounds' resources closes them after it. */
  idle(): Promise<void> {
    return this.#current;
  }

  async #run(): Promise<void> {
    this.#running = true;
    while (this.#waiting.length > 0) {
      const served = this.#waiting;
      this.#waiting = [];
      try {
        await this.round();
        for (const waiter of served) waiter.resolve();
      } catch (error) {
        for (const waiter of served) waiter.reject(error);
      }
    }
    this.#running = false;
  }
}
