import { testI18n } from '@test/render';
import type { Text } from '../i18n/text';
import { formatAmount, formatPrice, priceText } from './priceText';

const textIn = (locale: 'en' | 'ar'): Text => {
  const i18n = testI18n(locale);
  return (id, values) => i18n._(id, values);
};
const english = textIn('en');
const arabic = textIn('ar');

describe('priceText', () => {
  it('writes amounts as Intl does for English with at most two decimals', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    const amounts = [
      0, 0.5, 0.125, 1, 1.005, 2.675, 9.99, 12.3, 99.999, 100, 999.995, 1000, 1234.5, 12345.678, 1234567.891, 1e9, 0.01,
      0.004,
    ];
    for (const amount of amounts) expect(formatAmount(amount)).toBe(intl.format(amount));
  });

  it('writes fils in two digits and a whole price without them', () => {
    expect([13.5, 13.05, 0.5, 12, 1250, 1234.1, 99.99, 100.004].map(formatPrice)).toEqual([
      '13.50',
      '13.05',
      '0.50',
      '12',
      '1,250',
      '1,234.10',
      '99.99',
      '100',
    ]);
  });

  it('says "Price on request" when a product has no price', () => {
    expect(priceText(undefined, english)).toBe('Price on request');
    expect(priceText(undefined, english, true)).toBe('Price on request');
    expect(priceText(1250, english)).toBe('AED 1,250');
    expect(priceText(18.5, english)).toBe('AED 18.50');
  });

  it('says "from" the lowest price of variants priced differently', () => {
    expect(priceText(12, english, true)).toBe('from AED 12');
    expect(priceText(13.5, english, true)).toBe('from AED 13.50');
  });

  it('writes Arabic prices in dirhams with Western digits', () => {
    expect(priceText(undefined, arabic)).toBe('السعر عند الطلب');
    expect(priceText(1250, arabic)).toBe('1,250 درهم');
    expect(priceText(18.5, arabic)).toBe('18.50 درهم');
    expect(priceText(12, arabic, true)).toBe('ابتداءً من 12 درهم');
  });

  it("prints the server's amounts in the visitor's currency, grouped, never converting; AED where the answer has none", () => {
    // what the server sent (decision 044): each AED price's text with its amount in OMR, three decimals
    const display = { currency: 'OMR' as const, amounts: { '12': '1.257', '12500': '1309.625' } };
    expect(priceText(12, english, false, display)).toBe('OMR 1.257');
    expect(priceText(12, english, true, display)).toBe('from OMR 1.257');
    expect(priceText(12500, english, false, display)).toBe('OMR 1,309.625');
    expect(priceText(12, arabic, false, display)).toBe('1.257 ريال عُماني');
    expect(priceText(12, arabic, true, display)).toBe('ابتداءً من 1.257 ريال عُماني');
    expect(priceText(12, arabic, false, { currency: 'BHD', amounts: { '12': '1.232' } })).toBe('1.232 دينار بحريني');
    // a price the answer did not convert stays in AED, as does a page with no display
    expect(priceText(13.5, english, false, display)).toBe('AED 13.50');
    expect(priceText(13.5, english, false, null)).toBe('AED 13.50');
    expect(priceText(13.5, arabic)).toBe('13.50 درهم');
    expect(priceText(undefined, english, false, display)).toBe('Price on request');
  });
});
