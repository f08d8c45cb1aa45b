/** What loadJson reads of a response (jsdom has no Response class). */
export function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/**
 * Replaces fetch with one whose answers the test gives one at a time, in order; `restore` puts the real one back.
 * Aborted requests reject as the browser's fetch does.
 */
export function controlledFetch() {
  const realFetch = globalThis.fetch;
  const pending: ((response: Response) => void)[] = [];
  const mock = jest.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        pending.push(resolve);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The request was aborted', 'AbortError')));
      }),
  );
  globalThis.fetch = mock;
  return {
    mock,
    /** Answers the oldest request still waiting. */
    answer: (status: number, body: unknown) => pending.shift()?.(jsonResponse(status, body)),
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
}
