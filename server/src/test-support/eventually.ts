// Waiting on a condition instead of for a while: a change reaches a reader asynchronously (a NOTIFY, a cache
// following the catalogue's version), so a test reads until the reader shows it, for at most the time the contract
// allows. A fixed sleep is either too long (slow tests) or, on a busy machine, too short (flaky ones).
import assert from 'node:assert/strict';

const POLL_MS = 25;

/** Reads `read` until `holds`, for up to `withinMs` (2 s: the catalogue's contract); returns the last value read,
 * which the caller asserts on, so that a failure shows what was seen. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  holds: (value: T) => boolean,
  withinMs = 2_000,
): Promise<T> {
  const elapsed = stopwatch();
  for (;;) {
    const value = await read();
    if (holds(value) || elapsed() > withinMs) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** How long `read` took to show `holds`, in ms; fails with the last value seen when it did not within `withinMs`. */
export async function timeUntil<T>(
  read: () => Promise<T> | T,
  holds: (value: T) => boolean,
  withinMs = 2_000,
): Promise<number> {
  const elapsed = stopwatch();
  const last = await eventually(read, holds, withinMs);
  if (!holds(last)) assert.fail(`not within ${withinMs} ms: ${JSON.stringify(last)}`);
  return elapsed();
}

/** Starts timing; the function returned gives the whole milliseconds since. */
export function stopwatch(): () => number {
  const started = performance.now();
  return () => Math.round(performance.now() - started);
}
