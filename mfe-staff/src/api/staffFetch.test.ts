import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { CSRF_HEADER } from '@site/contracts/staff-api';
import { queryString, staffFetch, StaffApiError } from './staffFetch';

describe('staffFetch', () => {
  it('sends the CSRF token on a state-changing call, never on a GET', async () => {
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
    await expect(staffFetch('/api/staff/thing', { csrfToken: 'token-1' })).resolves.toEqual({ ok: 1 });
    await expect(staffFetch('/api/staff/thing', { method: 'POST', body: { a: 1 }, csrfToken: 'token-1' })).resolves.toEqual({ ok: 2 });
    expect(headers).toEqual({ get: null, post: 'token-1' });
  });

  it('sends a FormData as it is, its multipart Content-Type (with the boundary) left to fetch', async () => {
    const seen: { type: string | null; csrf: string | null; field: string | null } = { type: null, csrf: null, field: null };
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
    await expect(staffFetch('/api/staff/upload', { method: 'POST', body: form, csrfToken: 'token-2' })).resolves.toEqual({ ok: 3 });
    expect(seen).toEqual({ type: expect.stringMatching(/^multipart\/form-data; boundary=/), csrf: 'token-2', field: 'hello' });
  });

  it("rejects with the server's message and status; 204 resolves with nothing", async () => {
    server.use(
      http.post('/api/staff/refused', () => HttpResponse.json({ error: 'Only spam can be deleted.' }, { status: 409 })),
      http.post('/api/staff/proxy', () => new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
      http.delete('/api/staff/gone', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(staffFetch('/api/staff/refused', { method: 'POST' })).rejects.toEqual(new StaffApiError(409, 'Only spam can be deleted.'));
    await expect(staffFetch('/api/staff/proxy', { method: 'POST' })).rejects.toMatchObject({ status: 502, message: 'The server answered 502 Bad Gateway.' });
    await expect(staffFetch('/api/staff/gone', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(requestsSent()).toEqual(['POST /api/staff/refused', 'POST /api/staff/proxy', 'DELETE /api/staff/gone']);
  });

  it('turns a network failure into status 0 with a message a person can act on', async () => {
    server.use(http.get('/api/staff/down', () => HttpResponse.error()));
    await expect(staffFetch('/api/staff/down')).rejects.toMatchObject({ status: 0, message: expect.stringContaining('could not be reached') });
  });
});

describe('queryString', () => {
  it('keeps the defined, non-empty values in order, encoded', () => {
    expect(queryString({ kind: 'quote', branch: undefined, q: 'a&b c', page: 2, empty: '' })).toBe('?kind=quote&q=a%26b+c&page=2');
    expect(queryString({ a: undefined })).toBe('');
  });
});
