// Webpack (the shell's and each remote's runtime) loads a chunk with a <script data-webpack="<app>:chunk-<id>"> in the
// head and removes it once the chunk has loaded or failed (or after its own 120 s timeout). While the script is there,
// any new request for that chunk is handed the same pending load, and so its outcome.

const CHUNK_SCRIPT = 'script[data-webpack]';

const chunkLoading = (): boolean => document.head.querySelector(CHUNK_SCRIPT) !== null;

/** Resolves once no webpack chunk script is loading on the page: at once when none is (or outside a browser). */
export function chunkLoadsSettled(): Promise<void> {
  if (typeof document === 'undefined' || !chunkLoading()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (chunkLoading()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.head, { childList: true });
  });
}
