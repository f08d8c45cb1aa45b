// A stand-in for window.fetch in component and slice tests (jsdom has none): answers by method and path.

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

export type StubRoute = StubAnswer | ((init: RequestInit | undefined) => StubAnswer | Promise<StubAnswer>);

export interface FetchStub {
  /** Every call, as 'METHOD /path' with the parsed JSON body of a POST. */
  calls: { request: string; body?: unknown }[];
  restore(): void;
}

/**
 * Replaces fetch: `routes` maps 'GET /data/products.json' (or just the path for GET) to an answer.
 * An unknown request answers 404; an answer with status 0 rejects like a network failure.
 */
export function stubFetch(routes: Record<string, StubRoute>): FetchStub {
  const original = globalThis.fetch;
  const calls: FetchStub['calls'] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = String(input);
    const request = `${method} ${path}`;
    calls.push({ request, ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}) });
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const route = routes[request] ?? (method === 'GET' ? routes[path] : undefined);
    const answer = route === undefined ? { status: 404, body: { error: 'Not found' } } : typeof route === 'function' ? await route(init) : route;
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
