// Waits for a condition another process (or a NOTIFY) makes true, failing with what was awaited when it does not come.
import assert from 'node:assert/strict';

/** Resolves once `check` holds; fails the test with `what` after `withinMs` (a change must reach every process in 2 s). */
export async function waitFor(what: string, check: () => Promise<boolean>, withinMs = 2000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) assert.fail(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
