// How the processes sharing a PostgreSQL database learn of each other's writes without polling
// (docs/architecture.md, "How processes learn of each other's writes"): a process that committed
// feed rows or outbox jobs says so with a NOTIFY on the kind's channel, and readers LISTEN on one
// connection of their own, outside the query pool, and read when woken. A NOTIFY goes out after the
// commit, not in the transaction: PostgreSQL serialises the commits of transactions that notify,
// disk flush included (docs/decisions.md, "Wake-ups by LISTEN/NOTIFY"). A notification can thus
// be lost (a process killed between its commit and its NOTIFY, the connection down): readers also
// read on a slow heartbeat, and at their old polling pace while not listening. SQLite has no
// wake-ups: its readers poll, as a read there is a call into the process's own file.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../executor.ts';

/** What a notification is about; each kind is one channel. */
export type WakeupKind = 'feed' | 'outbox';

const CHANNELS: Readonly<Record<WakeupKind, string>> = { feed: 'prelaunch_feed', outbox: 'prelaunch_outbox' };
const KIND_OF = new Map(Object.entries(CHANNELS).map(([kind, channel]) => [channel, kind as WakeupKind]));

/** While notifications arrive, how often readers read all the same: what a lost notification costs at most. */
export const HEARTBEAT_MS = 5_000;

/** The listening connection's application_name: how pg_stat_activity shows it. */
export const LISTENER_NAME = 'prelaunch-wakeups';

/**
 * A process sends at most one NOTIFY per kind in this long: the first of a burst at once, the rest
 * as one at the window's end. So a reader reads at most this often per process writing, whatever
 * the signup rate, and learns of a change at most this much later.
 */
export const ANNOUNCE_WINDOW_MS = 50;

/** Reconnection after the listening connection dropped: from this delay, doubling, up to the last. */
const RECONNECT_MS = { first: 250, last: 10_000 };

export interface WakeupListener {
  /** A notification of the kind, with its payload ('' when it has none). */
  woken(payload: string): void;
  /** Notifications started or stopped arriving (connected, or dropped): what came meanwhile is unknown. */
  listeningChanged(listening: boolean): void;
}

/** A PostgreSQL database's notifications, for one process: see the file's comment. */
export class Wakeups {
  readonly #listeners = new Map<WakeupKind, Set<WakeupListener>>();
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #reconnectMs = RECONNECT_MS.first;
  #reconnect: NodeJS.Timeout | null = null;
  /** Per kind, a NOTIFY or its window under way, and the payload of the one to send at its end (null: none). */
  readonly #sending = new Map<WakeupKind, { done: Promise<void>; next: string | null }>();
  #received = 0;

  constructor(
    private readonly url: string,
    private readonly db: Db,
  ) {}

  /** Whether notifications arrive now: readers read at their polling pace while they do not. */
  get listening(): boolean {
    return this.#listening;
  }

  /** Notifications received since the process started (tests, diagnostics). */
  get received(): number {
    return this.#received;
  }

  /** Calls `listener` on each notification of `kind` until the returned function is called. The connection opens with the first. */
  listen(kind: WakeupKind, listener: WakeupListener): () => void {
    let set = this.#listeners.get(kind);
    if (!set) {
      this.#listeners.set(kind, (set = new Set()));
      if (this.#listening) void this.#client?.query(`LISTEN ${CHANNELS[kind]}`).catch(() => this.#client?.end().catch(() => {}));
    }
    set.add(listener);
    if (!this.#client && !this.#reconnect && !this.#closed) this.#connect();
    return () => set.delete(listener);
  }

  /**
   * Tells every listening process of `kind` (this one too) that rows were committed; the payload
   * is small (an outbox job's due time, or nothing). At most one NOTIFY per kind goes out in
   * ANNOUNCE_WINDOW_MS: those asked for meanwhile go as one at its end, with the earliest payload
   * ('' first).
   * A failure is not reported: the readers' heartbeat stands for a lost notification.
   */
  announce(kind: WakeupKind, payload = ''): void {
    if (this.#closed) return;
    const sending = this.#sending.get(kind);
    if (sending) {
      sending.next = sending.next === null || payload < sending.next ? payload : sending.next;
      return;
    }
    const entry: { done: Promise<void>; next: string | null } = { done: Promise.resolve(), next: null };
    this.#sending.set(kind, entry);
    entry.done = (async () => {
      for (let next: string | null = payload; next !== null; next = entry.next, entry.next = null) {
        const windowEnds = Date.now() + ANNOUNCE_WINDOW_MS;
        await this.#notify(CHANNELS[kind], next).catch(() => {});
        if (entry.next !== null || !this.#closed) await sleep(Math.max(0, windowEnds - Date.now()));
      }
      this.#sending.delete(kind);
    })();
  }

  /** Sends what is left to announce, then closes the listening connection; nothing is announced after. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#sending.values()].map((entry) => entry.done));
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#reconnect = null;
    const client = this.#client;
    this.#client = null;
    this.#setListening(false);
    await client?.end().catch(() => {});
  }

  /**
   * On the listening connection when it is up: it commits without waiting for the disk
   * (synchronous_commit off), as a notification needs no durability. Otherwise (a process that
   * listens to nothing, the CLI; or the connection down) through the pool, the same way.
   */
  async #notify(channel: string, payload: string): Promise<void> {
    if (this.#client && this.#listening) {
      await this.#client.query('SELECT pg_notify($1, $2)', [channel, payload]);
      return;
    }
    await sql`select pg_notify(${channel}, ${payload}), set_config('synchronous_commit', 'off', true)`.execute(this.db);
  }

  #connect(): void {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_NAME });
    this.#client = client;
    const dropped = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#setListening(false);
      client.end().catch(() => {});
      if (this.#closed) return;
      this.#reconnect = setTimeout(() => {
        this.#reconnect = null;
        if (!this.#closed) this.#connect();
      }, this.#reconnectMs).unref();
      this.#reconnectMs = Math.min(this.#reconnectMs * 2, RECONNECT_MS.last);
    };
    client.on('error', dropped);
    client.on('end', dropped);
    let ownPid: number | null = null;
    client.on('notification', (message) => {
      const kind = KIND_OF.get(message.channel);
      // This process's own feed announcements: it read the feed after the commits they announce.
      // (Its own jobs do wake its runner: the runner claims them.)
      if (!kind || (kind === 'feed' && message.processId === ownPid)) return;
      this.#received += 1;
      for (const listener of this.#listeners.get(kind) ?? []) listener.woken(message.payload ?? '');
    });
    void (async () => {
      await client.connect();
      await client.query('SET synchronous_commit = off');
      ownPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      for (const kind of this.#listeners.keys()) await client.query(`LISTEN ${CHANNELS[kind]}`);
      if (this.#client !== client) return;
      this.#reconnectMs = RECONNECT_MS.first;
      this.#setListening(true);
    })().catch(dropped);
  }

  #setListening(listening: boolean): void {
    if (this.#listening === listening) return;
    this.#listening = listening;
    for (const set of this.#listeners.values()) for (const listener of set) listener.listeningChanged(listening);
  }
}

const registry = new WeakMap<Db, Wakeups>();

/** Registers a PostgreSQL database's wake-ups (database.ts). */
export function registerWakeups(db: Db, wakeups: Wakeups): void {
  registry.set(db, wakeups);
}

/** The database's wake-ups; none on SQLite. */
export function wakeupsOf(db: Db): Wakeups | undefined {
  return registry.get(db);
}

/**
 * Calls `read` when `kind` is announced, and on a timer: every HEARTBEAT_MS while notifications
 * arrive, every `pollMs` while they cannot (SQLite, or the connection down), and at once when
 * notifications start or stop arriving (whatever was announced meanwhile is unknown). `read`
 * coalesces the calls of a burst itself (Rounds). Returns what stops it.
 */
export function readOnWakeups(db: Db, kind: WakeupKind, pollMs: number, read: () => void): () => void {
  const wakeups = wakeupsOf(db);
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, wakeups?.listening ? HEARTBEAT_MS : pollMs).unref();
    read();
  };
  timer = setTimeout(fire, pollMs).unref();
  const stopListening = wakeups?.listen(kind, { woken: fire, listeningChanged: fire });
  return () => {
    clearTimeout(timer);
    stopListening?.();
  };
}
