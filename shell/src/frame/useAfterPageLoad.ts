import { startTransition, useEffect, useState } from 'react';

/** Longest wait for the load event (a slow third-party frame such as the map can hold it back for seconds). */
export const MAX_WAIT_FOR_LOAD_MS = 3000;
/** Longest wait for the browser to be idle once the page has loaded. */
export const MAX_WAIT_FOR_IDLE_MS = 1000;

/**
 * Calls `callback` once the page has loaded (or after MAX_WAIT_FOR_LOAD_MS) and the main thread is idle. Returns a
 * function that cancels it.
 */
export function afterPageLoad(callback: () => void, win: Window = window): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const onIdle = () => {
    if (!cancelled) callback();
  };
  const waitForIdle = () => {
    if (cancelled || idleHandle !== undefined) return;
    idleHandle =
      typeof win.requestIdleCallback === 'function'
        ? win.requestIdleCallback(onIdle, { timeout: MAX_WAIT_FOR_IDLE_MS })
        : win.setTimeout(onIdle, 0);
  };
  const loadTimer = win.setTimeout(waitForIdle, MAX_WAIT_FOR_LOAD_MS);
  if (win.document.readyState === 'complete') waitForIdle();
  else win.addEventListener('load', waitForIdle, { once: true });
  return () => {
    cancelled = true;
    win.clearTimeout(loadTimer);
    win.removeEventListener('load', waitForIdle);
    if (idleHandle !== undefined && typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idleHandle);
  };
}

/**
 * False until the page has loaded and the browser is idle: for what is not part of the page a visitor came for
 * (the chat), so that it does not compete with the page's own files and rendering for the first paint.
 */
export function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  // As a transition, what appears then (the chat) is rendered in slices of a few ms, not in one task that holds
  // the main thread; only its commit (DOM, styles, effects) runs whole.
  useEffect(() => afterPageLoad(() => startTransition(() => setReady(true))), []);
  return ready;
}
