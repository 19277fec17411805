// Statements that many concurrent callers make one row at a time (the outbox finishing jobs,
// webhook deliveries reading events and logging attempts) gathered into one statement: calls made
// within a few milliseconds of each other are run together, each caller getting its own result.
import DataLoader from 'dataloader';

/** How long a first call waits for others to join it: next to a delivery's round trip, nothing. */
const GATHER_MS = 2;
/** Far below either database's limit on bound parameters, for rows of up to ~30 columns. */
const MAX_BATCH = 500;

/**
 * `run` receives the gathered keys and answers one value per key, in order (an Error in a slot
 * fails only that caller). Nothing is cached: every call reaches the database.
 */
export function batched<K, V>(run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V, K>((keys) => run(keys), {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: (dispatch) => setTimeout(dispatch, GATHER_MS),
  });
  return (key) => loader.load(key);
}

/** A batched lookup by id: one `where id in (…)` per batch; undefined for an id with no row. */
export function batchedById<Row extends { id: number }>(read: (ids: number[]) => Promise<Row[]>): (id: number) => Promise<Row | undefined> {
  return batched(async (ids: readonly number[]) => {
    const byId = new Map((await read([...new Set(ids)])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  });
}
