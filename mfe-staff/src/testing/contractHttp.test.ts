import { HttpResponse } from 'msw';
import { server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { http, takeDrifts } from './contractHttp';
import { quotation } from './quotationFixtures';

const get = (path: string) => fetch(new URL(path, window.location.href));

// MSW logs the handler's throw (the drift) as it answers 500: expected here
const quietly = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => jest.restoreAllMocks());

describe("the staff fakes' answers are the contracts'", () => {
  test('an answer its schema takes reaches the app as it is', async () => {
    server.use(
      http.get(STAFF_API.stockHealth, () =>
        HttpResponse.json({ lastFeedAt: null, staleAfterMinutes: 120, stale: false }),
      ),
    );
    const response = await get(STAFF_API.stockHealth);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ lastFeedAt: null, staleAfterMinutes: 120, stale: false });
    expect(takeDrifts()).toEqual([]);
  });

  test('an answer the server cannot give fails: a field missing, a field it never sends', async () => {
    quietly();
    server.use(
      http.get(STAFF_API.stockHealth, () => HttpResponse.json({ lastFeedAt: null, stale: false, late: true })),
    );
    expect((await get(STAFF_API.stockHealth)).status).toBe(500);
    const [drift, ...others] = takeDrifts();
    expect(others).toEqual([]);
    expect(drift).toContain(`GET ${STAFF_API.stockHealth} → 200`);
    expect(drift).toContain('staleAfterMinutes');
    expect(drift).toContain('late');
  });

  test('a refusal is {error, problems?}: another shape fails', async () => {
    quietly();
    server.use(
      http.get(STAFF_API.stockHealth, () => HttpResponse.json({ message: 'Please sign in.' }, { status: 401 })),
    );
    expect((await get(STAFF_API.stockHealth)).status).toBe(500);
    expect(takeDrifts()).toHaveLength(1);
  });

  test('a handler given { once: true } answers one request, then the next handler answers', async () => {
    const health = (stale: boolean) => ({ lastFeedAt: null, staleAfterMinutes: 120, stale });
    server.use(
      http.get(STAFF_API.stockHealth, () => HttpResponse.json(health(true)), { once: true }),
      http.get(STAFF_API.stockHealth, () => HttpResponse.json(health(false))),
    );
    expect(await (await get(STAFF_API.stockHealth)).json()).toEqual(health(true));
    expect(await (await get(STAFF_API.stockHealth)).json()).toEqual(health(false));
    expect(takeDrifts()).toEqual([]);
  });

  test("a quotation's amounts have exactly its currency's decimals", async () => {
    quietly();
    const rials = quotation({ totals: { subtotal: '50.28', vat: '2.514', total: '52.794' } });
    server.use(http.get('/api/staff/quotations/5', () => HttpResponse.json(rials)));
    expect((await get('/api/staff/quotations/5')).status).toBe(500);
    const [drift, ...others] = takeDrifts();
    expect(others).toEqual([]);
    expect(drift).toContain('OMR amounts have exactly 3 decimals');
    expect(drift).toContain('50.28');
  });

  test('a call the contracts name no answer schema for has no fake', () => {
    expect(() => http.get('/api/staff/no-such-call', () => HttpResponse.json({}))).toThrow(
      'No answer schema for GET /api/staff/no-such-call',
    );
  });
});
