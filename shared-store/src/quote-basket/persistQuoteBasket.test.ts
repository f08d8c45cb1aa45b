import { makeStore } from '../store';
import { QUOTE_LIMITS } from '@site/content/validation';
import { persistQuoteBasket, QUOTE_BASKET_STORAGE_KEY, readStoredBasket } from './persistQuoteBasket';
import { quoteLineAdded, selectQuoteBasketRestored, selectQuoteLines, type QuoteLine } from './quoteBasketSlice';

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
const gland: QuoteLine = {
  ...cable,
  productId: 'gland',
  code: 'GL-20',
  unit: 'piece',
  names: { en: 'Cable gland' },
  quantity: 40,
};
const cw32: QuoteLine = {
  ...gland,
  productId: 'hex_cw_brass_cable_gland',
  code: 'HEX-CW-32',
  names: { en: 'CW Brass Cable Gland' },
  labels: { en: 'Size 32 (M32)', ar: 'مقاس 32 (M32)' },
};
const stored = (lines: unknown[]) => JSON.stringify({ lines });

/** Another tab writing the basket: the storage changes, then this page hears the event. */
function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem(QUOTE_BASKET_STORAGE_KEY);
  else localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: QUOTE_BASKET_STORAGE_KEY, newValue: value }));
}

let stops: (() => void)[] = [];
const persisted = (storage?: Storage) => {
  const store = makeStore();
  stops.push(persistQuoteBasket(store, storage));
  return store;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  jest.restoreAllMocks();
});

describe('reading a stored basket (the visitor can edit it: untrusted)', () => {
  it('takes valid lines, once per variant code', () => {
    expect(readStoredBasket(stored([cable, gland, { ...cable, quantity: 5 }, cw32, { ...cw32, quantity: 7 }]))).toEqual(
      [cable, gland, cw32],
    );
  });

  it('reads labels that are not texts as none', () => {
    expect(
      readStoredBasket(
        stored([
          { ...gland, labels: 'Size 25' },
          { ...cable, labels: { en: 25, ar: '' } },
        ]),
      ),
    ).toEqual([
      { ...gland, labels: {} },
      { ...cable, labels: { ar: '' } },
    ]);
  });

  it("reads a basket saved before variants as its products' first variants (the product's code), labels unknown", () => {
    const { labels: _, ...before } = gland;
    const { labels: __, ...gland20S } = { ...cw32, code: 'HEX-CW-20S' };
    expect(readStoredBasket(stored([before, gland20S]))).toEqual([
      { ...gland, labels: {} },
      { ...cw32, code: 'HEX-CW-20S', labels: {} },
    ]);
  });

  it.each([
    ['not JSON', '{"lines": [', []],
    ['no lines', '{"items": []}', []],
    ['lines not a list', '{"lines": {}}', []],
    ['nothing stored', null, []],
  ])('rejects %s', (_, text, expected) => {
    expect(readStoredBasket(text)).toEqual(expected);
  });

  it.each([
    ['an unknown unit', { ...cable, unit: 'barrel' }],
    ['a negative quantity', { ...cable, quantity: -1 }],
    ['a quantity as text', { ...cable, quantity: '200' }],
    ['a fraction of a piece', { ...gland, quantity: 1.5 }],
    ['a quantity beyond the largest', { ...gland, quantity: QUOTE_LIMITS.maxQuantity + 1 }],
    ['no product id', { ...cable, productId: '' }],
    ['names in no known language', { ...cable, names: { fr: 'Câble' } }],
    ['no code', { ...cable, code: '' }],
    ['a line that is not an object', 'swa-cable'],
  ])('drops a line with %s and keeps the others', (_, bad) => {
    expect(readStoredBasket(stored([bad, gland]))).toEqual([gland]);
  });

  it(`keeps at most ${QUOTE_LIMITS.maxLines} lines`, () => {
    const many = Array.from({ length: QUOTE_LIMITS.maxLines + 5 }, (_, index) => ({
      ...gland,
      productId: `p${index}`,
      code: `P-${index}`,
    }));
    expect(readStoredBasket(stored(many))).toHaveLength(QUOTE_LIMITS.maxLines);
  });
});

describe('keeping the basket in the browser', () => {
  it('restores the stored basket when started', () => {
    localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, stored([cable]));
    const store = persisted();
    expect(selectQuoteBasketRestored(store.getState())).toBe(true);
    expect(selectQuoteLines(store.getState())).toEqual([cable]);
  });

  it('writes every change, and removes the key when the basket is emptied', () => {
    const store = persisted();
    const { names, labels, ...line } = gland;
    store.dispatch(quoteLineAdded({ ...line, locale: 'en', name: names.en!, label: labels.en! }));
    expect(readStoredBasket(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY))).toEqual([gland]);
    store.dispatch(quoteLineAdded({ ...line, quantity: 2, locale: 'en', name: names.en!, label: labels.en! }));
    expect(readStoredBasket(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY))).toEqual([{ ...gland, quantity: 42 }]);
    store.dispatch({ type: 'quoteBasket/quoteBasketCleared' });
    expect(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY)).toBeNull();
  });

  it("takes another tab's basket without writing it back", () => {
    const store = persisted();
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const removeItem = jest.spyOn(Storage.prototype, 'removeItem');
    // The other tab's text, with a line this page refuses: written back, it would be rewritten without it.
    otherTabWrites(stored([cable, { ...gland, quantity: -1 }]));
    expect(selectQuoteLines(store.getState())).toEqual([cable]);
    expect(setItem).toHaveBeenCalledTimes(1); // the other tab's own write only
    otherTabWrites(null);
    expect(selectQuoteLines(store.getState())).toEqual([]);
    expect(removeItem).toHaveBeenCalledTimes(1);
    // This page's own changes are still written afterwards.
    const { names, labels, ...line } = gland;
    store.dispatch(quoteLineAdded({ ...line, locale: 'en', name: names.en!, label: labels.en! }));
    expect(readStoredBasket(localStorage.getItem(QUOTE_BASKET_STORAGE_KEY))).toEqual([gland]);
  });

  it('ignores other keys of the storage', () => {
    localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, stored([cable]));
    const store = persisted();
    localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, stored([gland]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else' }));
    expect(selectQuoteLines(store.getState())).toEqual([cable]);
  });

  it('keeps working in the page when the storage throws', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage; // only the three methods persistQuoteBasket uses
    const store = persisted(refusing);
    expect(selectQuoteBasketRestored(store.getState())).toBe(true);
    const { names, labels, ...line } = cable;
    expect(() =>
      store.dispatch(quoteLineAdded({ ...line, locale: 'en', name: names.en!, label: labels.en! })),
    ).not.toThrow();
    expect(selectQuoteLines(store.getState())).toEqual([cable]);
  });
});
