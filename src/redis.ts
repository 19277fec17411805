// The connection to Redis (REDIS_URL), where every process shares its rate-limit counters. Built
// so that Redis going away never stalls or fails a request: while it is away commands fail at once
// (callers fall back to per-process state) and the client reconnects by itself. Logs one line when
// Redis becomes unavailable and one when it is back, never the URL (it may carry a password).
import { Redis } from 'ioredis';

export interface RedisLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export class RedisConnection {
  readonly client: Redis;
  #up = false;
  /** Whether "unavailable" was logged and not yet followed by "back". */
  #reportedDown = false;
  #closing = false;

  constructor(url: string, private readonly log: RedisLog) {
    this.client = new Redis(url, {
      // Nothing waits for a connection: a command while disconnected fails at once…
      enableOfflineQueue: false,
      // …a command in flight when the connection drops fails instead of waiting to be resent, and a
      // counter increment that may have landed is never sent twice.
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // A Redis that accepts connections but does not answer costs a request at most this long.
      connectTimeout: 1_000,
      commandTimeout: 500,
      // Ready once connected. The ready check (an INFO under that same time-out) would drop and
      // remake a sound connection whenever this process stalled a moment; a Redis still loading
      // its data answers errors, which callers treat like its absence.
      enableReadyCheck: false,
      // Reconnect for ever, backing off to one attempt every 2 s.
      retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2_000),
    });
    this.client.on('ready', () => {
      this.#up = true;
      if (this.#reportedDown) this.log.info('Redis is back: rate limits are shared by every process again');
      this.#reportedDown = false;
    });
    // Without an 'error' listener ioredis prints every failed attempt itself.
    this.client.on('error', (error: Error) => this.#down(error.message));
    this.client.on('close', () => this.#down('connection closed'));
  }

  /** Connected and ready for commands. */
  get available(): boolean {
    return this.#up;
  }

  /** Closes the connection at once: pending commands fail over to the callers' fallback. */
  close(): void {
    this.#closing = true;
    this.client.disconnect();
  }

  #down(reason: string): void {
    this.#up = false;
    if (this.#closing || this.#reportedDown) return;
    this.#reportedDown = true;
    // The reason is the error's message alone: an error object can carry the AUTH command's arguments.
    this.log.warn({ reason }, 'Redis is unavailable: rate limits are counted in each process until it is back');
  }
}
