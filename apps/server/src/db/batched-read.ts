import DataLoader from "dataloader";

/** Keys per query at most: a query's text and its result stay small. */
export const BATCH_READ_MAX = 500;

/**
 * A read of one key's rows that goes to the database together with the reads of other keys
 * asked for in the same turn of the event loop: one query for many players instead of one
 * each (thousands of sockets of a dead process hydrate at once, docs/core/processes.md).
 * `read` gets distinct keys and returns what it found by key; a key it did not find gets
 * `missing()`. Nothing is cached: every call reads the database as it is. Callers asking for
 * the same key in one turn share its value, so they must not change it.
 */
export function batchedRead<K, V>(
  read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  missing: () => V,
  maxBatchSize = BATCH_READ_MAX,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(
    async (keys) => {
      const found = await read([...new Set(keys)]);
      return keys.map((k) => (found.has(k) ? (found.get(k) as V) : missing()));
    },
    { cache: false, maxBatchSize, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}

/** Rows grouped by `keyOf`, each group in the rows' order (a batched read's result). */
export function groupBy<K, R>(rows: Iterable<R>, keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
