// Bounded memory: a map that keeps at most `limit` entries, forgetting the least recently used
// (read or written) first, and a memo built on it.

export class LeastRecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }
}

/** `make(key)` once per key while the key stays among the `limit` most recently used (made again if asked for later). */
export function leastRecentlyUsed<K, V extends {}>(limit: number, make: (key: K) => V): (key: K) => V {
  const entries = new LeastRecentlyUsed<K, V>(limit);
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = make(key);
      entries.set(key, value);
    }
    return value;
  };
}
