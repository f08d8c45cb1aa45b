// How long the database takes to answer, for the operator's metrics (platform/metrics.ts): every query made through
// Kysely (db/kyselyDialect.ts) is timed while something listens. Process-wide, as the database client is.

/** Told of each query: its duration in seconds, and whether it failed. */
export type QueryListener = (seconds: number, failed: boolean) => void;

const listeners = new Set<QueryListener>();

/** Listens to every query's duration until the function returned is called. */
export function observeQueries(listener: QueryListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any listener would be told (timing costs nothing when none). */
export const queriesObserved = (): boolean => listeners.size > 0;

export function reportQuery(seconds: number, failed: boolean): void {
  for (const listener of listeners) listener(seconds, failed);
}
