// Left on plain msw, not testing/contractHttp: these test the transport (the CSRF header, a FormData body, how a
// refusal, a proxy's HTML page, a 204 or a network failure becomes a StaffFailure, which endpoints a 401 signs out) on
// made-up addresses with made-up bodies, and the 401 on every staff address at once (http.all); no answer here stands
// for a server call's, so there is no contracts' schema to hold it to. A test of a real call's answer fakes it through
// contractHttp.
import { http, HttpResponse } from 'msw';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { requestsSent, server } from '@test/msw';
import { CSRF_HEADER } from '@site/contracts/staff-api';
import { queryString, staffBaseQuery, type StaffRequest } from './staffBaseQuery';

/** What RTK Query hands the base query: a query (GET) or a mutation, from an endpoint, with the session's token. */
function call(
  args: StaffRequest,
  {
    type = 'query',
    endpoint = 'thing',
    csrfToken = 'token-1',
  }: { type?: 'query' | 'mutation'; endpoint?: string; csrfToken?: string | null } = {},
) {
  const dispatched: unknown[] = [];
  const api: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: (action: unknown) => dispatched.push(action),
    getState: () => ({ session: { csrfToken } }),
    extra: undefined,
    endpoint,
    type,
  };
  return Promise.resolve(staffBaseQuery(args, api, {})).then((result) => ({ ...result, dispatched }));
}

describe('staffBaseQuery', () => {
  it('sends the CSRF token on a state-changing call, never on a read', async () => {
    const headers: Record<string, string | null> = {};
    server.use(
      http.get('/api/staff/thing', ({ request }) => {
        headers.get = request.headers.get(CSRF_HEADER);
        return HttpResponse.json({ ok: 1 });
      }),
      http.post('/api/staff/thing', ({ request }) => {
        headers.post = request.headers.get(CSRF_HEADER);
        return HttpResponse.json({ ok: 2 });
      }),
    );
    expect((await call('/api/staff/thing')).data).toEqual({ ok: 1 });
    expect(
      (await call({ url: '/api/staff/thing', method: 'POST', body: { a: 1 } }, { type: 'mutation' })).data,
    ).toEqual({ ok: 2 });
    expect(headers).toEqual({ get: null, post: 'token-1' });
  });

  it('sends a FormData as it is, its multipart Content-Type (with the boundary) left to fetch', async () => {
    const seen: { type: string | null; csrf: string | null; field: string | null } = {
      type: null,
      csrf: null,
      field: null,
    };
    server.use(
      http.post('/api/staff/upload', async ({ request }) => {
        seen.type = request.headers.get('content-type');
        seen.csrf = request.headers.get(CSRF_HEADER);
        const field = (await request.formData()).get('note');
        seen.field = typeof field === 'string' ? field : null;
        return HttpResponse.json({ ok: 3 });
      }),
    );
    const form = new FormData();
    form.append('note', 'hello');
    expect(
      (await call({ url: '/api/staff/upload', method: 'POST', body: form }, { type: 'mutation', csrfToken: 'token-2' }))
        .data,
    ).toEqual({ ok: 3 });
    expect(seen).toEqual({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      csrf: 'token-2',
      field: 'hello',
    });
  });

  it("fails with the server's sentence, status and problems; 204 is nothing", async () => {
    const problems = [{ path: ['content', 'price'], message: 'price must be a number' }];
    server.use(
      http.post('/api/staff/refused', () => HttpResponse.json({ error: 'Only spam can be deleted.' }, { status: 409 })),
      http.put('/api/staff/invalid', () =>
        HttpResponse.json({ error: 'content.price: price must be a number', problems }, { status: 400 }),
      ),
      http.post(
        '/api/staff/proxy',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
      http.delete('/api/staff/gone', () => new HttpResponse(null, { status: 204 })),
    );
    const mutation = { type: 'mutation' as const };
    expect((await call({ url: '/api/staff/refused', method: 'POST' }, mutation)).error).toEqual({
      status: 409,
      message: 'Only spam can be deleted.',
      problems: [],
      body: { error: 'Only spam can be deleted.' },
    });
    expect((await call({ url: '/api/staff/invalid', method: 'PUT', body: {} }, mutation)).error).toMatchObject({
      status: 400,
      message: 'content.price: price must be a number',
      problems,
    });
    expect((await call({ url: '/api/staff/proxy', method: 'POST' }, mutation)).error).toMatchObject({
      status: 502,
      message: 'The server answered 502 Bad Gateway.',
    });
    const gone = await call({ url: '/api/staff/gone', method: 'DELETE' }, mutation);
    expect([gone.data, gone.error]).toEqual([null, undefined]);
    expect(requestsSent()).toEqual([
      'POST /api/staff/refused',
      'PUT /api/staff/invalid',
      'POST /api/staff/proxy',
      'DELETE /api/staff/gone',
    ]);
  });

  it('turns a network failure into status 0 with a message a person can act on', async () => {
    server.use(http.get('/api/staff/down', () => HttpResponse.error()));
    expect((await call('/api/staff/down')).error).toMatchObject({
      status: 0,
      message: expect.stringContaining('could not be reached'),
    });
  });

  it('ends the session on a 401, except where the 401 is the answer itself (a wrong password, nobody signed in)', async () => {
    server.use(http.all('/api/staff/*', () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 })));
    expect((await call('/api/staff/inbox', { endpoint: 'inbox' })).dispatched).toEqual([
      { type: 'session/sessionExpired' },
    ]);
    expect(
      (await call({ url: '/api/staff/sign-in', method: 'POST' }, { endpoint: 'signIn', type: 'mutation' })).dispatched,
    ).toEqual([]);
    expect((await call('/api/staff/session', { endpoint: 'session' })).dispatched).toEqual([]);
  });
});

describe('queryString', () => {
  it('keeps the defined, non-empty values in order, encoded', () => {
    expect(queryString({ kind: 'quote', branch: undefined, q: 'a&b c', page: 2, empty: '' })).toBe(
      '?kind=quote&q=a%26b+c&page=2',
    );
    expect(queryString({ a: undefined })).toBe('');
  });
});
