// Rows nearly every request reads and almost nothing writes (an API key, a beta, a beta's webhook
// endpoints and questions), kept in the process for at most READ_CACHE_TTL_MS. Writers in this
// process drop what they change at once, so the process reads its own writes; another process's
// change is seen within the TTL, inside the 1 s the consistency contract allows
// (docs/architecture.md, "Consistency contract"; docs/decisions.md, "Configuration read from
// memory").
import type { Db, Executor } from './database.ts';
import { afterCommit, isCommandTransaction } from './transaction.ts';

/** How long a row read from the database may be served from memory. */
export const READ_CACHE_TTL_MS = 500;

/** Entries per cache: far more betas and keys than one process serves at once. */
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: Promise<V>;
  expires: number;
}

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Bumped by every invalidation: a load that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = READ_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The cached value, or `load()`'s, shared by the callers that ask while it loads. A value of
   * undefined (no such row) is not kept: the row may be made any moment, by any process.
   */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    const generation = this.generation;
    const value = load();
    const loading: Entry<V> = { value, expires: now + this.ttlMs };
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, loading);
    value.then(
      (loaded) => {
        if ((loaded === undefined || this.generation !== generation) && this.entries.get(key) === loading) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === loading) this.entries.delete(key);
      },
    );
    return value;
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

const cachesByDatabase = new WeakMap<Db, Map<string, ReadCache<unknown, unknown>>>();

/** The database's cache of one kind of row, shared by its readers and writers in this process. */
export function readCache<K, V>(db: Db, name: string): ReadCache<K, V> {
  let caches = cachesByDatabase.get(db);
  if (!caches) cachesByDatabase.set(db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new ReadCache()));
  return cache as ReadCache<K, V>;
}
