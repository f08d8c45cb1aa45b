// Long loops on the server's one thread, paced: the site's other requests (a page, /healthz) wait for the thread
// while a loop runs, so a loop over thousands of an import's rows lets them in every few milliseconds.
import { setImmediate } from 'node:timers/promises';

/** How long a paced loop runs before it lets the event loop turn. */
const SLICE_MS = 8;

/**
 * A pause for each turn of a loop: it resolves at once until SLICE_MS have passed since the last time it let the
 * event loop run, then after the loop has (I/O and timers first: setImmediate).
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await setImmediate();
    since = performance.now();
  };
}
