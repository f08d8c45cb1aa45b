import { StrictMode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { BASKET_API } from '@site/contracts/basket-api';
import {
  makeStore,
  QUOTE_BASKET_STORAGE_KEY,
  readStoredBasket,
  selectQuoteLines,
  type QuoteLine,
} from '@site/shared-store';
import { QuoteBasketStorage } from './QuoteBasketStorage';

const cable: QuoteLine = {
  productId: 'swa-cable',
  code: 'OC-SWA-416',
  productCategoryId: 'cables',
  image: 'swa-cable',
  unit: 'metre',
  names: { en: 'Armoured cable' },
  labels: { en: '' },
  quantity: 200,
};
const lamp: QuoteLine = {
  ...cable,
  productId: 'lamp',
  code: 'LED-9',
  unit: 'piece',
  names: { en: 'LED lamp' },
  quantity: 12,
};

/** The shell's tree as far as the basket goes (StrictMode: its effects run twice in development). */
function renderShell() {
  const store = makeStore();
  render(
    <StrictMode>
      <Provider store={store}>
        <QuoteBasketStorage />
      </Provider>
    </StrictMode>,
  );
  return store;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, JSON.stringify({ lines: [cable] }));
});
afterEach(() => {
  document.cookie = 'basket_linked=; Max-Age=0; Path=/';
});

describe('QuoteBasketStorage', () => {
  it('restores the stored basket and makes no call in a browser not connected to an account', async () => {
    const store = renderShell();
    expect(selectQuoteLines(store.getState())).toEqual([cable]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsSent()).toEqual([]);
  });

  it("sends the stored basket to a connected browser's account once, and keeps the account's answer", async () => {
    document.cookie = 'basket_linked=1; Path=/';
    server.use(http.post(BASKET_API.merge, () => HttpResponse.json({ lines: [cable, lamp] })));
    const store = renderShell();
    await waitFor(() => expect(selectQuoteLines(store.getState())).toEqual([cable, lamp]));
    expect(readStoredBasket(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY))).toEqual([cable, lamp]);
    expect(await requestsSentWithBodies()).toEqual([{ request: `POST ${BASKET_API.merge}`, body: { lines: [cable] } }]);
  });
});
