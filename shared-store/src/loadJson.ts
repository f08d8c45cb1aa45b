/** Where a data load stands: slices keep this instead of a bare loader flag so a failure can be shown and retried. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * Fetches a same-origin JSON file (e.g. /data/products-category.json) and fails with a message a
 * visitor can read when the server answers non-ok or the body is not JSON. A thunk passes its store's fetch
 * (`fetchOf(extra)`): on the server it reads the server's own files.
 */
export async function loadJson<T>(
  path: string,
  signal?: AbortSignal,
  fetchJson: typeof fetch = (input, init) => fetch(input, init),
): Promise<T> {
  const response = await fetchJson(path, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`Could not load ${path} (HTTP ${response.status})`);
  }
  return (await response.json()) as T;
}
