// Request mocking for the browser packages' tests: one MSW server intercepts the fetch calls of the code under test.
// jest.config.cjs loads this file (setupFilesAfterEnv) in every browser project; tests import it as '@test/msw' and add
// the handlers they need with `server.use(...)`. A request no handler answers fails (and logs an error), so a test
// never quietly depends on a request it did not plan for.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

/** A request as the tests name it: 'METHOD /path', and its JSON body when it has one. */
export interface SentRequest {
  request: string;
  body?: unknown;
}

const started: { request: string; body: Promise<unknown> }[] = [];

/** The parsed JSON body; the text when it is not JSON; undefined when there is none. */
async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Recorded as each request starts, before any handler runs, so that "nothing was sent" can be asserted too.
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  started.push({ request: `${request.method} ${url.pathname}${url.search}`, body: bodyOf(request.clone()) });
});

/** Every request the code under test has started in this test, in order, as 'METHOD /path'. */
export const requestsSent = (): string[] => started.map(({ request }) => request);

/** Every request the code under test has started in this test, in order, with its JSON body. */
export async function requestsSentWithBodies(): Promise<SentRequest[]> {
  const sent: SentRequest[] = [];
  for (const { request, body } of started) {
    const read = await body;
    sent.push(read === undefined ? { request } : { request, body: read });
  }
  return sent;
}

/**
 * Holds each `method` request to `path` until the test answers it, so a test can look at the page while it waits.
 * `answer` goes to the oldest request still waiting, or, when none has arrived yet, to the next one.
 */
export function answerByHand(method: 'get' | 'post', path: string) {
  const waiting: ((response: Response) => void)[] = [];
  const given: Response[] = [];
  server.use(
    http[method](path, ({ request }) => {
      const ready = given.shift();
      if (ready) return ready;
      return new Promise<Response>((resolve) => {
        waiting.push(resolve);
        // An aborted request (the visitor left) gets no answer: the next answer is for the next request.
        request.signal.addEventListener('abort', () => {
          const index = waiting.indexOf(resolve);
          if (index >= 0) waiting.splice(index, 1);
        });
      });
    }),
  );
  return {
    answer(status: number, body: JsonBodyType): void {
      const response = HttpResponse.json(body, { status });
      const next = waiting.shift();
      if (next) next(response);
      else given.push(response);
    },
  };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  started.length = 0;
});
afterAll(() => server.close());
