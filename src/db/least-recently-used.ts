// A bounded memo: `make(key)` once per key while the key stays among the `limit` most recently
// used; past the limit the least recently used is forgotten (made again if asked for later).
export function leastRecentlyUsed<K, V>(limit: number, make: (key: K) => V): (key: K) => V {
  const entries = new Map<K, V>();
  return (key) => {
    let value = entries.get(key);
    if (value !== undefined || entries.has(key)) {
      entries.delete(key);
    } else {
      value = make(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as K);
    }
    entries.set(key, value as V);
    return value as V;
  };
}
