// MSW's `http`, for the staff fakes: each handler's JSON answer is parsed with the contracts' schema for its call
// (answerSchemas.ts) before it reaches the app, so a fake cannot answer what the server cannot. A call with no schema
// there cannot be faked at all (the handler throws when made). An answer that breaks its schema fails the test: the
// handler throws (the app gets MSW's 500) and the test's afterEach names the call and the problems.
import { http as mswHttp } from 'msw';
import { answerSchemasOf, type AnswerSchema } from './answerSchemas';

type Method = 'get' | 'post' | 'put' | 'delete';
type Resolver = Parameters<typeof mswHttp.get>[1];
/** msw's handler options, passed on as they are: `{ once: true }` answers one request, then the next handler does. */
type Options = Parameters<typeof mswHttp.get>[2];

/** The answers that broke their schema in the running test. */
const drifted: string[] = [];

/** The drifts found so far in this test, forgotten once read (contractHttp.test.ts reads the ones it causes). */
export const takeDrifts = (): string[] => drifted.splice(0);

afterEach(() => {
  const found = takeDrifts();
  if (found.length > 0) throw new Error(`A fake answered what the server cannot:\n${found.join('\n')}`);
});

const passes = (schemas: readonly AnswerSchema[], body: unknown) =>
  schemas.some((schema) => schema.safeParse(body).success);

async function check(
  call: string,
  response: Response,
  answer: AnswerSchema,
  refusals: readonly AnswerSchema[],
): Promise<void> {
  // no content (204) and files (CSV, XLSX, PDF) have no JSON schema
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
  const body: unknown = await response.clone().json();
  const schemas = response.ok ? [answer] : refusals;
  if (passes(schemas, body)) return;
  const problems = schemas.map((schema) => schema.safeParse(body).error?.message).join('\n');
  const drift = `${call} → ${response.status} ${JSON.stringify(body).slice(0, 300)}\n${problems}`;
  drifted.push(drift);
  throw new Error(drift);
}

function checked(method: Method) {
  return (path: string, resolver: Resolver, options?: Options) => {
    const call = `${method.toUpperCase()} ${path}`;
    const { answer, refusals } = answerSchemasOf(call);
    return mswHttp[method](
      path,
      async (info) => {
        const response = await resolver(info);
        if (response instanceof Response) await check(call, response, answer, refusals);
        return response;
      },
      options,
    );
  };
}

/** msw's http.get/post/put/delete, each answer checked against the contracts (see above). */
export const http = { get: checked('get'), post: checked('post'), put: checked('put'), delete: checked('delete') };
