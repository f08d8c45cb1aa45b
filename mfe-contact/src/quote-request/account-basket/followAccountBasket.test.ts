// The basket that follows the signed-in buyer, as the request page runs it: the shell's persistQuoteBasket first, then
// followAccountBasket, against the account's calls (MSW). A short rest (debounceMs) keeps the tests quick; the calls are the same.
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { BASKET_API } from '@site/contracts/basket-api';
import {
  makeStore,
  persistQuoteBasket,
  QUOTE_BASKET_STORAGE_KEY,
  quoteLineRemoved,
  quoteQuantityChanged,
  readStoredBasket,
  selectQuoteLines,
  type AppStore,
  type QuoteLine,
} from '@site/shared-store';
import { CABLE, lineOf, sizeLineOf, WIRE } from '../../testing/quoteLines';
import { followAccountBasket, type AccountBasketSync } from './followAccountBasket';

// the request page's test lines: a cable in metres, a gland size in pieces, a wire in coils
const cable = lineOf(CABLE, 200);
const gland = sizeLineOf('HEX-CW-25', 'Size 25', 40);
const lamp = lineOf(WIRE, 12);

const REST_MS = 20;
const MERGE = `POST ${BASKET_API.merge}`;
const PUT = `PUT ${BASKET_API.basket}`;
const linkedCookie = () => document.cookie.split('; ').includes('basket_linked=1');
const stored = () => readStoredBasket(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the rest before a PUT, with its answer: whatever was due has been sent. */
const settle = () => sleep(REST_MS * 4);

let stops: (() => void)[] = [];
/** The newest page's sync, and what it was told when the server said the browser is connected no more. */
let sync: AccountBasketSync;
let onUnlinked: jest.Mock;
/** The store's fetch (as the shell gives it, localized): what the calls must be made with. */
let storeFetch: jest.Mock<ReturnType<typeof fetch>, Parameters<typeof fetch>>;

/** A page of the site opened with `lines` in the browser's storage (the shell's order: storage, then account). */
function openPage(lines: QuoteLine[] = []): AppStore {
  if (lines.length > 0) localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, JSON.stringify({ lines }));
  const store = makeStore(undefined, { fetch: storeFetch });
  sync = followAccountBasket(store, { debounceMs: REST_MS, onUnlinked });
  stops.push(persistQuoteBasket(store), sync.stop);
  return store;
}

/** The account's basket, as the server answers merge. */
const accountHolds = (lines: unknown[]) => server.use(http.post(BASKET_API.merge, () => HttpResponse.json({ lines })));
const putAnswers = (status: number) =>
  server.use(http.put(BASKET_API.basket, () => new HttpResponse(null, { status })));

/** The bodies of the requests sent so far, by request ('PUT /api/basket'), in order. */
async function bodiesOf(request: string): Promise<unknown[]> {
  return (await requestsSentWithBodies()).filter((sent) => sent.request === request).map((sent) => sent.body);
}

/** The buyer leaves the tab and comes back to it. */
function pageSeenAgain() {
  for (const state of ['hidden', 'visible'] as const) {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }
}

beforeEach(() => {
  storeFetch = jest.fn((input, init) => fetch(input, init));
  onUnlinked = jest.fn();
  localStorage.clear();
  document.cookie = 'basket_linked=1; Path=/';
  putAnswers(204);
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  document.cookie = 'basket_linked=; Max-Age=0; Path=/';
});

describe('a browser not connected to an account', () => {
  it('makes no call at all, whatever the buyer does', async () => {
    document.cookie = 'basket_linked=; Max-Age=0; Path=/';
    const store = openPage([cable]);
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    pageSeenAgain();
    await settle();
    expect(requestsSent()).toEqual([]);
  });
});

describe('a connected browser', () => {
  it('sends the stored basket once it is read, as JSON, and takes the account’s answer (storage too)', async () => {
    accountHolds([gland, { ...cable, quantity: 300 }]);
    const store = openPage([cable]);
    await waitFor(() => expect(selectQuoteLines(store.getState())).toEqual([gland, { ...cable, quantity: 300 }]));
    expect(stored()).toEqual([gland, { ...cable, quantity: 300 }]);
    expect(await bodiesOf(MERGE)).toEqual([{ lines: [cable] }]);
    expect(storeFetch).toHaveBeenCalledWith(
      BASKET_API.merge,
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      }),
    );
    // the answer is the account's already: it is not sent back
    await settle();
    expect(requestsSent()).toEqual([MERGE]);
  });

  it('drops a line of the answer that is not a valid line, and keeps the basket when the answer has no lines', async () => {
    accountHolds([gland, { ...cable, quantity: -5 }, { ...lamp, unit: 'barrel' }]);
    const store = openPage([gland]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    await settle();
    expect(selectQuoteLines(store.getState())).toEqual([gland]);

    server.use(http.post(BASKET_API.merge, () => HttpResponse.json({ items: [] })));
    pageSeenAgain();
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, MERGE]));
    await settle();
    expect(selectQuoteLines(store.getState())).toEqual([gland]);
  });

  it('PUTs a change once it rests: rapid changes make one PUT, with the latest lines', async () => {
    accountHolds([cable]);
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    for (const quantity of [210, 220, 230]) store.dispatch(quoteQuantityChanged({ code: cable.code, quantity }));
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT]));
    expect(await bodiesOf(PUT)).toEqual([{ lines: [{ ...cable, quantity: 230 }] }]);
    await settle();
    expect(requestsSent()).toEqual([MERGE, PUT]);
  });

  it('never has two PUTs on their way: a change made during one goes after it', async () => {
    accountHolds([cable, gland]);
    let answerPut: () => void = () => undefined;
    server.use(
      http.put(
        BASKET_API.basket,
        () => new Promise<Response>((resolve) => (answerPut = () => resolve(new Response(null, { status: 204 })))),
        { once: true },
      ),
    );
    const store = openPage([cable, gland]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT]));
    store.dispatch(quoteLineRemoved({ code: gland.code }));
    await settle();
    expect(requestsSent()).toEqual([MERGE, PUT]);
    answerPut();
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT, PUT]));
    expect(await bodiesOf(PUT)).toEqual([
      { lines: [{ ...cable, quantity: 250 }, gland] },
      { lines: [{ ...cable, quantity: 250 }] },
    ]);
  });

  it('keeps the basket when a PUT fails, and sends it again at the next change and when the page is seen again', async () => {
    accountHolds([cable]);
    server.use(
      http.put(BASKET_API.basket, () => HttpResponse.error(), { once: true }),
      http.put(BASKET_API.basket, () => new HttpResponse(null, { status: 503 }), { once: true }),
    );
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT]));
    await settle();
    // a 503 answers the next one: neither failure changes the basket the buyer made
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 260 }));
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT, PUT]));
    await settle();
    expect(selectQuoteLines(store.getState())).toEqual([{ ...cable, quantity: 260 }]);
    expect(stored()).toEqual([{ ...cable, quantity: 260 }]);
    // seen again: the change goes first, then the account's basket is read
    pageSeenAgain();
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT, PUT, PUT, MERGE]));
    expect((await bodiesOf(PUT)).at(-1)).toEqual({ lines: [{ ...cable, quantity: 260 }] });
  });

  it('takes another device’s changes when the page is seen again', async () => {
    accountHolds([cable]);
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    accountHolds([cable, lamp]);
    pageSeenAgain();
    await waitFor(() => expect(selectQuoteLines(store.getState())).toEqual([cable, lamp]));
    expect(stored()).toEqual([cable, lamp]);
    await settle();
    expect(requestsSent()).toEqual([MERGE, MERGE]);
  });

  it('keeps a change made while the merge was on its way over the answer, and sends it', async () => {
    let answerMerge: () => void = () => undefined;
    server.use(
      http.post(
        BASKET_API.merge,
        () =>
          new Promise<Response>(
            (resolve) => (answerMerge = () => resolve(HttpResponse.json({ lines: [cable, lamp] }))),
          ),
      ),
    );
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 275 }));
    answerMerge();
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT]));
    expect(selectQuoteLines(store.getState())).toEqual([{ ...cable, quantity: 275 }, lamp]);
    expect(await bodiesOf(PUT)).toEqual([{ lines: [{ ...cable, quantity: 275 }, lamp] }]);
  });

  it('keeps a change the last page could not send over the next page’s merge, and sends it', async () => {
    accountHolds([cable]);
    const first = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    putAnswers(503);
    first.dispatch(quoteLineRemoved({ code: cable.code }));
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT]));
    stops.forEach((stop) => stop());
    stops = [];
    // the next page: the account still holds the cable (and a lamp from another device); the buyer removed the cable
    accountHolds([cable, lamp]);
    putAnswers(204);
    const next = openPage();
    await waitFor(() => expect(requestsSent()).toEqual([MERGE, PUT, MERGE, PUT]));
    expect(selectQuoteLines(next.getState())).toEqual([lamp]);
    expect((await bodiesOf(PUT)).at(-1)).toEqual({ lines: [lamp] });
  });

  it.each([
    ['the merge', () => server.use(http.post(BASKET_API.merge, () => HttpResponse.json({}, { status: 401 })))],
    [
      'a PUT',
      () => {
        accountHolds([cable]);
        putAnswers(401);
      },
    ],
  ])('stops syncing on a 401 to %s, clears the cookie and keeps the basket', async (_, answers) => {
    answers();
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    await waitFor(() => expect(onUnlinked).toHaveBeenCalledTimes(1));
    expect(linkedCookie()).toBe(false);
    const calls = requestsSent().length;
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 300 }));
    pageSeenAgain();
    await settle();
    expect(requestsSent()).toHaveLength(calls);
    expect(selectQuoteLines(store.getState())).toEqual([{ ...cable, quantity: 300 }]);
    expect(stored()).toEqual([{ ...cable, quantity: 300 }]);
  });

  it('disconnects when the buyer keeps the basket to this device, then makes no more calls', async () => {
    accountHolds([cable]);
    server.use(http.post(BASKET_API.disconnect, () => new HttpResponse(null, { status: 204 })));
    const store = openPage([cable]);
    await waitFor(() => expect(requestsSent()).toEqual([MERGE]));
    await expect(sync.disconnect()).resolves.toBe(true);
    expect(requestsSent()).toEqual([MERGE, `POST ${BASKET_API.disconnect}`]);
    expect(linkedCookie()).toBe(false);
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    pageSeenAgain();
    await settle();
    expect(requestsSent()).toEqual([MERGE, `POST ${BASKET_API.disconnect}`]);
  });

  it('stays connected when the disconnect fails', async () => {
    accountHolds([cable]);
    server.use(http.post(BASKET_API.disconnect, () => HttpResponse.error()));
    const store = openPage([cable]);
    await expect(sync.disconnect()).resolves.toBe(false);
    expect(linkedCookie()).toBe(true);
    // still syncing: a change goes to the account
    await waitFor(() => expect(requestsSent()).toContain(MERGE));
    store.dispatch(quoteQuantityChanged({ code: cable.code, quantity: 250 }));
    await waitFor(() => expect(requestsSent()).toContain(PUT));
  });

  it('sends one merge when started, stopped and started again at once (React’s StrictMode effects)', async () => {
    accountHolds([cable]);
    const store = makeStore(undefined, { fetch: storeFetch });
    stops.push(persistQuoteBasket(store));
    followAccountBasket(store, { debounceMs: REST_MS }).stop();
    stops.push(followAccountBasket(store, { debounceMs: REST_MS }).stop);
    await settle();
    expect(requestsSent()).toEqual([MERGE]);
  });
});
