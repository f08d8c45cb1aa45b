// POSTs to the site's own API (same origin as the page). Answers what the server said, never throws for a non-ok status.

export interface JsonAnswer<T> {
  ok: boolean;
  status: number;
  /** The JSON body, or undefined when there was none or it was not JSON. */
  body: T | undefined;
}

/**
 * Resolves in a new task. A POST starts from there, not inside the tap that asked for it: starting a request costs a
 * few ms of the main thread (~10 ms on a mid-range phone), and after an input Chromium draws the next frame before it
 * runs other tasks, so the visitor sees their message (or the form's next step) without waiting for that.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function postJson<T>(path: string, payload: unknown, timeoutMs = 30_000): Promise<JsonAnswer<T>> {
  await nextTask();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => undefined)) as T | undefined;
    return { ok: response.ok, status: response.status, body };
  } finally {
    clearTimeout(timer);
  }
}

/** The `error` field of a failed call's body, for the log. */
export const errorOf = (answer: JsonAnswer<unknown>): string => {
  const error = (answer.body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : `HTTP ${answer.status}`;
};
