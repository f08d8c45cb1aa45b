import { formatAmount, priceText } from './priceText';

describe('priceText', () => {
  it('writes amounts as Intl does for English with at most two decimals', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    const amounts = [0, 0.5, 0.125, 1, 1.005, 2.675, 9.99, 12.3, 99.999, 100, 999.995, 1000, 1234.5, 12345.678, 1234567.891, 1e9, 0.01, 0.004];
    for (const amount of amounts) expect(formatAmount(amount)).toBe(intl.format(amount));
  });

  it('says "Price on request" when a product has no price', () => {
    expect(priceText(undefined)).toBe('Price on request');
    expect(priceText(1250)).toBe('AED 1,250');
    expect(priceText(18.5)).toBe('AED 18.5');
  });
});
