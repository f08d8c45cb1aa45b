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
});
