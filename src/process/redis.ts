// The connection to Redis (REDIS_URL), where every process shares its rate-limit counters, and the
// one way to use it: `run` sends a command while Redis is available and otherwise answers from the
// caller's fallback (per-process state), so Redis going away or hanging never stalls or fails a
// request. Redis is unavailable while
// - the connection is down (commands would fail at once); the client reconnects by itself;
// - or it does not answer: a stopped server keeps its connections open and every command would wait
//   out its time-out, so after FAILURES_TO_OPEN commands in a row failed or timed out a circuit
//   breaker opens. While open no command is sent but a probe (PING) every PROBE_EVERY_MS, and the
//   first probe answered closes it.
// `probe` asks Redis directly (one PING under the same time-out), for readiness.
// Logs one line when Redis becomes unavailable and one when it is back, never the URL (it may carry
// a password).
import { Redis } from 'ioredis';

/** Commands failed or unanswered one after another that open the breaker. */
export const FAILURES_TO_OPEN = 3;
/** How often an open breaker tries Redis again. */
export const PROBE_EVERY_MS = 1_000;
/** A command unanswered this long has failed: the most a request waits for Redis. */
const COMMAND_TIMEOUT_MS = 500;
/** ioredis's message for a command past `commandTimeout`. */
const TIMED_OUT = 'Command timed out';

export interface RedisLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** ok: commands are sent; unavailable: not connected; not answering: the breaker is open. */
export type RedisState = 'ok' | 'unavailable' | 'not answering';

/** Why a command failed: no answer within the time-out, or any other error. */
export type RedisFailure = 'timeout' | 'error';

export class RedisConnection {
  readonly client: Redis;
  #connected = false;
  /** False while the breaker is open. */
  #answering = true;
  #failuresInARow = 0;
  readonly #failures: Record<RedisFailure, number> = { timeout: 0, error: 0 };
  #probe: NodeJS.Timeout | null = null;
  #probing = false;
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
      connectTimeout: 1_000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // Ready once connected. The ready check (an INFO under that same time-out) would drop and
      // remake a sound connection whenever this process stalled a moment; a Redis still loading
      // its data answers errors, which open the breaker like silence does.
      enableReadyCheck: false,
      // Reconnect for ever, backing off to one attempt every 2 s.
      retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2_000),
    });
    this.client.on('ready', () => {
      this.#connected = true;
      // A new connection does not show that Redis answers again: the breaker asks it first.
      if (this.#answering) this.#back();
      else void this.#tryAgain();
    });
    // Without an 'error' listener ioredis prints every failed attempt itself.
    this.client.on('error', (error: Error) => this.#disconnected(error.message));
    this.client.on('close', () => this.#disconnected('connection closed'));
  }

  get state(): RedisState {
    if (!this.#connected) return 'unavailable';
    return this.#answering ? 'ok' : 'not answering';
  }

  /** Commands are sent: connected, and the breaker is closed. */
  get available(): boolean {
    return this.state === 'ok';
  }

  /** Commands failed so far (probes included), by why (for metrics). */
  failures(): Record<RedisFailure, number> {
    return { ...this.#failures };
  }

  /**
   * `command`'s result while Redis is available; otherwise, or when the command fails (an error,
   * or no answer within the time-out), `fallback`'s, which is never sent to Redis.
   */
  async run<T>(command: (client: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!this.available) return fallback();
    let result: T;
    try {
      result = await command(this.client);
    } catch (error) {
      this.#failed(error);
      return fallback();
    }
    this.#failuresInARow = 0;
    return result;
  }

  /**
   * Redis's state as one PING finds it now, answered within the command time-out or not, whatever
   * this process last saw: a process that has sent no command since Redis began to hang learns of
   * it here (readiness, /readyz). Counts like any command: an answer closes an open breaker, a
   * failure counts towards opening it.
   */
  async probe(): Promise<RedisState> {
    if (!this.#connected) return 'unavailable';
    try {
      await this.client.ping();
    } catch (error) {
      this.#failed(error);
      return this.#connected ? 'not answering' : 'unavailable';
    }
    this.#failuresInARow = 0;
    if (!this.#answering) {
      this.#answering = true;
      this.#back();
    }
    return this.state;
  }

  /** Closes the connection at once: pending commands fail over to the callers' fallback. */
  close(): void {
    this.#closing = true;
    if (this.#probe) clearTimeout(this.#probe);
    this.client.disconnect();
  }

  #failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.#failures[message === TIMED_OUT ? 'timeout' : 'error'] += 1;
    this.#failuresInARow += 1;
    if (!this.#answering || this.#failuresInARow < FAILURES_TO_OPEN) return;
    this.#answering = false;
    this.#down(`${FAILURES_TO_OPEN} commands in a row failed or had no answer within ${COMMAND_TIMEOUT_MS} ms, the last with: ${message}`);
    this.#probeLater();
  }

  #probeLater(): void {
    if (this.#probe || this.#closing) return;
    this.#probe = setTimeout(() => {
      this.#probe = null;
      void this.#tryAgain();
    }, PROBE_EVERY_MS);
    this.#probe.unref();
  }

  /** The half-open breaker's probe: one PING; answered, the breaker closes, else it waits for the next. */
  async #tryAgain(): Promise<void> {
    if (this.#answering || this.#probing || this.#closing) return;
    if (!this.#connected) return; // 'ready' asks again
    this.#probing = true;
    try {
      await this.client.ping();
      this.#answering = true;
      this.#failuresInARow = 0;
      this.#back();
    } catch (error) {
      this.#failed(error);
      this.#probeLater();
    } finally {
      this.#probing = false;
    }
  }

  #disconnected(reason: string): void {
    this.#connected = false;
    this.#down(reason);
  }

  #down(reason: string): void {
    if (this.#closing || this.#reportedDown) return;
    this.#reportedDown = true;
    // The reason is the error's message alone: an error object can carry the AUTH command's arguments.
    this.log.warn({ reason }, 'Redis is unavailable: rate limits are counted in each process until it is back');
  }

  #back(): void {
    if (!this.available || !this.#reportedDown) return;
    this.#reportedDown = false;
    this.log.info('Redis is back: rate limits are shared by every process again');
  }
}
