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
};
const gland: QuoteLineAdded = { ...cable, productId: 'gland', code: 'GL-20', unit: 'piece', quantity: 40, name: 'Cable gland' };

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
    for (let index = 0; index < QUOTE_LIMITS.maxLines; index += 1) store.dispatch(quoteLineAdded({ ...gland, productId: `p${index}`, quantity: 1 }));
    expect(selectQuoteBasketFull(store.getState())).toBe(true);
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded({ ...gland, productId: 'p0', quantity: 2 }));
    const lines = selectQuoteLines(store.getState());
    expect(lines).toHaveLength(QUOTE_LIMITS.maxLines);
    expect(lines.some((line) => line.productId === 'swa-cable')).toBe(false);
    expect(lines[0]!.quantity).toBe(3);
  });

  it('changes a quantity only to one valid for the unit; removes and clears', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded(gland));
    store.dispatch(quoteQuantityChanged({ productId: 'gland', quantity: 12 }));
    store.dispatch(quoteQuantityChanged({ productId: 'gland', quantity: 1.5 }));
    store.dispatch(quoteQuantityChanged({ productId: 'swa-cable', quantity: 12.5 }));
    expect(selectQuoteLines(store.getState()).map((line) => line.quantity)).toEqual([12.5, 12]);
    store.dispatch(quoteLineRemoved({ productId: 'swa-cable' }));
    expect(selectQuoteLines(store.getState()).map((line) => line.productId)).toEqual(['gland']);
    store.dispatch(quoteBasketCleared());
    expect(selectQuoteLineCount(store.getState())).toBe(0);
  });

  it('names the lines in the page language from the catalogue and drops products it no longer has', () => {
    const store = makeStore();
    store.dispatch(quoteLineAdded(cable));
    store.dispatch(quoteLineAdded(gland));
    store.dispatch(quoteLinesDescribed({ locale: 'ar', names: { 'swa-cable': 'كابل مدرّع' } }));
    const lines = selectQuoteLines(store.getState());
    expect(lines.map((line) => line.productId)).toEqual(['swa-cable']);
    expect(quoteLineName(lines[0]!, 'ar')).toBe('كابل مدرّع');
    expect(quoteLineName(lines[0]!, 'en')).toBe('Armoured cable');
  });
});
