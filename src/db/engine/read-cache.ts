// Rows nearly every request reads and almost nothing writes (an API key, a beta, a beta's webhook
// endpoints), kept in the process for at most READ_CACHE_TTL_MS. Writers in this process drop what
// they change at once, so a process reads its own writes. Another process's writes:
// - on SQLite, are seen at once: a read first asks the connection whether any other connection
//   has committed since (PRAGMA data_version, no I/O) and drops every cache if so — once per piece
//   of work (a request, an outbox job: connection-turns.ts), so a commit made before the work
//   began is seen by all its reads;
// - on PostgreSQL, within the TTL, inside the 1 s the consistency contract allows; rows that must
//   change everywhere at once (a revoked API key) are not kept there at all.
// docs/decisions.md, "Configuration read from memory".
import type { Db, Executor } from '../executor.ts';
import { workStartedAt } from './connection-turns.ts';
import { afterCommit, isCommandTransaction } from '../transaction.ts';

/** How long a row read from the database may be served from memory. */
export const READ_CACHE_TTL_MS = 500;

/** Entries per cache: far more betas and keys than one process serves at once. */
const MAX_ENTRIES = 10_000;

/**
 * The last part of a value's time in memory in which a read reloads it while still answering with
 * it: under steady traffic no request waits for a reload (on PostgreSQL every request arriving
 * during one did, a round trip each, twice a second per cached row).
 */
const RENEWED_AHEAD_SHARE = 0.2;

interface Entry<V> {
  value: Promise<V>;
  /** When it may no longer be served: READ_CACHE_TTL_MS after its load began. */
  expires: number;
  /** From when a read renews it (Infinity while it loads). */
  renewFrom: number;
  /** The renewal under way: this entry's successor once loaded. */
  renewal?: Entry<V>;
}

/** How far a cache may trail another process's writes. */
export type Staleness = 'none' | 'ttl';

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Bumped by every invalidation: a load that began before one is not kept. */
  private generation = 0;
  private seenForeignWrites = 0;

  constructor(
    /** The count of other connections' commits (data_version), where the database tells it. */
    private readonly foreignWrites: (() => number) | null,
    private readonly ttlMs = READ_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The cached value, or `load()`'s, shared by the callers that ask while it loads. A value of
   * undefined (no such row) is not kept: the row may be made any moment, by any process. Near the
   * end of its time a value is renewed ahead (RENEWED_AHEAD_SHARE): the reads meanwhile still get
   * it, and none is served longer than the TTL after its load began.
   */
  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.foreignWrites) {
      const seen = this.foreignWrites();
      if (seen !== this.seenForeignWrites) {
        this.seenForeignWrites = seen;
        this.invalidate();
      }
    }
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) {
      if (now >= entry.renewFrom && !entry.renewal) entry.renewal = this.load(key, load, now, entry);
      return entry.value;
    }
    // Expired while its renewal loads: the renewal answers, as a load begun now would.
    if (entry?.renewal) return entry.renewal.value;
    return this.load(key, load, now).value;
  }

  /** A new entry of `load()`'s value: in the map at once, or, renewing `current`, once loaded. */
  private load(key: K, load: () => Promise<V>, now: number, current?: Entry<V>): Entry<V> {
    const generation = this.generation;
    const value = load();
    const loading: Entry<V> = { value, expires: now + this.ttlMs, renewFrom: Number.POSITIVE_INFINITY };
    const held = current ?? loading;
    if (!current) this.place(key, loading);
    value.then(
      (loaded) => {
        if (this.entries.get(key) !== held) return;
        if (loaded === undefined || this.generation !== generation) return void this.entries.delete(key);
        loading.renewFrom = loading.expires - this.ttlMs * RENEWED_AHEAD_SHARE;
        if (current) this.place(key, loading);
      },
      () => {
        if (this.entries.get(key) !== held) return;
        if (current) current.renewal = undefined;
        else this.entries.delete(key);
      },
    );
    return loading;
  }

  /** Puts the entry in as the most recently used, making room for it. */
  private place(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
  }

  /** Forgets `key` (or everything): the next read goes to the database. */
  invalidate(key?: K): void {
    this.generation += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  /**
   * For a write made through `executor`: forgets `key` now and, when the write is part of a
   * command's transaction, again once it commits — a read on another connection between the two
   * would have cached the row as it was before the commit.
   */
  invalidateFor(executor: Executor, key?: K): void {
    this.invalidate(key);
    if (isCommandTransaction(executor)) afterCommit(executor, async () => this.invalidate(key));
  }
}

/** A cache that is never filled: each read goes to the database. */
class NoCache<K, V> extends ReadCache<K, V> {
  constructor() {
    super(null, 0);
  }

  override get(_key: K, load: () => Promise<V>): Promise<V> {
    return load();
  }
}

interface Caches {
  foreignWrites: (() => number) | null;
  byName: Map<string, ReadCache<unknown, unknown>>;
}

const cachesByDatabase = new WeakMap<Db, Caches>();

/**
 * Called as a SQLite database opens: how its caches learn of other connections' commits. The pragma
 * begins and ends a read transaction (locking calls, several microseconds), and a request reads
 * three caches or more: it is asked again only when the current work began after the last asking.
 */
export function watchForeignWrites(db: Db, dataVersion: () => number): void {
  let seen = 0;
  let askedAt = Number.NEGATIVE_INFINITY;
  const foreignWrites = () => {
    const started = workStartedAt();
    if (started === undefined || askedAt <= started) {
      askedAt = performance.now();
      seen = dataVersion();
    }
    return seen;
  };
  cachesByDatabase.set(db, { foreignWrites, byName: new Map() });
}

/**
 * The database's cache of one kind of row, shared by its readers and writers in this process.
 * `staleness: 'none'` caches only where other processes' writes are seen at once (SQLite).
 */
export function readCache<K, V>(db: Db, name: string, staleness: Staleness): ReadCache<K, V> {
  let caches = cachesByDatabase.get(db);
  if (!caches) cachesByDatabase.set(db, (caches = { foreignWrites: null, byName: new Map() }));
  let cache = caches.byName.get(name);
  if (!cache) {
    cache = staleness === 'none' && !caches.foreignWrites ? new NoCache() : new ReadCache(caches.foreignWrites);
    caches.byName.set(name, cache);
  }
  return cache as ReadCache<K, V>;
}
