import { QUOTE_LIMITS } from '@site/content/validation';
import { makeStore } from '../store';
import {
  quoteBasketCleared,
  quoteLineAdded,
  quoteLineName,
  quoteLineRemoved,
  quoteLinesDescribed,
  quoteQuantityChanged,
  selectQuoteBasketFull,
  selectQuoteLineCount,
  selectQuoteLines,
  type QuoteLineAdded,
} from './quoteBasketSlice';

const cable: QuoteLineAdded = {
  productId: 'swa-cable',
  code: 'OC-SWA-416',
  productCategoryId: 'cables',
  image: 'swa-cable',
  unit: 'metre',
  quantity: 200,
  locale: 'en',
  name: 'Armoured cable',
  label: '',
};
const gland: QuoteLineAdded = {
  ...cable,
  productId: 'gland',
  code: 'GL-20',
  unit: 'piece',
  quantity: 40,
  name: 'Cable gland',
};
/** Two sizes of one product: two variants, two lines. */
const cw25: QuoteLineAdded = {
  ...gland,
  productId: 'hex_cw_brass_cable_gland',
  code: 'HEX-CW-25',
  quantity: 100,
  name: 'CW Brass Cable Gland',
  label: 'Size 25 (M25)',
};
const cw32: QuoteLineAdded = { ...cw25, code: 'HEX-CW-32', quantity: 50, label: 'Size 32 (M32)' };

describe('the quote basket', () => {
  it('adds a product once and sums its quantity when added again, keeping each language seen', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded({ ...cable, quantity: 0.25, locale: 'ar', name: 'كابل مدرّع' }));
    store.dispatch(quoteLineAdded(gland));
    const lines = selectQuoteLines(store.getState());
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['swa-cable', 200.25],
      ['gland', 40],
    ]);
    expect(quoteLineName(lines[0]!, 'ar')).toBe('كابل مدرّع');
    expect(quoteLineName(lines[1]!, 'ar')).toBe('Cable gland');
    expect(selectQuoteLineCount(store.getState())).toBe(2);
  });

  it('caps a sum at the largest quantity', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded({ ...gland, quantity: QUOTE_LIMITS.maxQuantity - 1 }));
    store.dispatch(quoteLineAdded({ ...gland, quantity: 5 }));
    expect(selectQuoteLines(store.getState())[0]!.quantity).toBe(QUOTE_LIMITS.maxQuantity);
  });

  it('adds nothing for a quantity its unit refuses (it used to jump to the largest quantity)', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(gland));
    store.dispatch(quoteLineAdded({ ...gland, quantity: 2.5 }));
    store.dispatch(quoteLineAdded({ ...cable, quantity: -3 }));
    expect(selectQuoteLines(store.getState()).map((line) => [line.productId, line.quantity])).toEqual([['gland', 40]]);
  });

  it(`takes at most ${QUOTE_LIMITS.maxLines} products, and still adds to one already in it`, () => {
    const store = makeStore();
    for (let index = 0; index < QUOTE_LIMITS.maxLines; index += 1)
      store.dispatch(quoteLineAdded({ ...gland, productId: `p${index}`, code: `P-${index}`, quantity: 1 }));
    expect(selectQuoteBasketFull(store.getState())).toBe(true);
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded({ ...gland, productId: 'p0', code: 'P-0', quantity: 2 }));
    const lines = selectQuoteLines(store.getState());
    expect(lines).toHaveLength(QUOTE_LIMITS.maxLines);
    expect(lines.some((line) => line.productId === 'swa-cable')).toBe(false);
    expect(lines[0]!.quantity).toBe(3);
  });

  it('changes a quantity only to one valid for the unit; removes and clears', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded(gland));
    store.dispatch(quoteQuantityChanged({ code: 'GL-20', quantity: 12 }));
    store.dispatch(quoteQuantityChanged({ code: 'GL-20', quantity: 1.5 }));
    store.dispatch(quoteQuantityChanged({ code: 'OC-SWA-416', quantity: 12.5 }));
    expect(selectQuoteLines(store.getState()).map((line) => line.quantity)).toEqual([12.5, 12]);
    store.dispatch(quoteLineRemoved({ code: 'OC-SWA-416' }));
    expect(selectQuoteLines(store.getState()).map((line) => line.productId)).toEqual(['gland']);
    store.dispatch(quoteBasketCleared());
    expect(selectQuoteLineCount(store.getState())).toBe(0);
  });

  it('names the lines in the page language from the catalogue, drops parts it no longer knows, keeps the withdrawn', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded(gland));
    store.dispatch(quoteLineAdded(cw25));
    store.dispatch(
      quoteLinesDescribed({
        locale: 'ar',
        described: { 'OC-SWA-416': { name: 'كابل مدرّع', label: '' } },
        kept: ['HEX-CW-25'],
      }),
    );
    const lines = selectQuoteLines(store.getState());
    expect(lines.map((line) => line.code)).toEqual(['OC-SWA-416', 'HEX-CW-25']);
    expect(quoteLineName(lines[0]!, 'ar')).toBe('كابل مدرّع');
    expect(quoteLineName(lines[0]!, 'en')).toBe('Armoured cable');
    // the withdrawn size keeps what the buyer saw: the page says it is no longer available
    expect(quoteLineName(lines[1]!, 'en')).toBe('CW Brass Cable Gland – Size 25 (M25)');
  });

  it('keeps two sizes of one product as two lines, each by its code, and names each size', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cw25));
    store.dispatch(quoteLineAdded(cw32));
    // the same size again: added to its line
    store.dispatch(quoteLineAdded({ ...cw25, quantity: 20 }));
    let lines = selectQuoteLines(store.getState());
    expect(lines.map((line) => [line.productId, line.code, line.quantity])).toEqual([
      ['hex_cw_brass_cable_gland', 'HEX-CW-25', 120],
      ['hex_cw_brass_cable_gland', 'HEX-CW-32', 50],
    ]);
    expect(lines.map((line) => quoteLineName(line, 'en'))).toEqual([
      'CW Brass Cable Gland – Size 25 (M25)',
      'CW Brass Cable Gland – Size 32 (M32)',
    ]);
    store.dispatch(
      quoteLinesDescribed({
        locale: 'ar',
        described: {
          'HEX-CW-32': { name: 'جلبة كابل نحاسية CW', label: 'مقاس 32 (M32)' },
          'HEX-CW-25': { name: 'جلبة كابل نحاسية CW', label: 'مقاس 25 (M25)' },
        },
        kept: [],
      }),
    );
    lines = selectQuoteLines(store.getState());
    expect(quoteLineName(lines[1]!, 'ar')).toBe('جلبة كابل نحاسية CW – مقاس 32 (M32)');
    expect(quoteLineName(lines[1]!, 'en')).toBe('CW Brass Cable Gland – Size 32 (M32)');
    store.dispatch(quoteQuantityChanged({ code: 'HEX-CW-32', quantity: 60 }));
    store.dispatch(quoteLineRemoved({ code: 'HEX-CW-25' }));
    expect(selectQuoteLines(store.getState()).map((line) => [line.code, line.quantity])).toEqual([['HEX-CW-32', 60]]);
  });
});
