import { keepLocalChanges, sameLines } from './keepLocalChanges';
import type { QuoteLine } from '@site/shared-store';

const line = (code: string, quantity: number): QuoteLine => ({
  productId: code.toLowerCase(),
  code,
  productCategoryId: 'cables',
  image: 'cable',
  unit: 'piece',
  names: { en: code },
  labels: {},
  quantity,
});
const A = line('A', 1);
const B = line('B', 2);
const C = line('C', 3);

describe('keeping what the buyer did here over the account’s answer', () => {
  it('is the account’s basket when nothing was done here', () => {
    expect(keepLocalChanges([A, B], [A, B], [B, { ...A, quantity: 9 }, C])).toEqual([B, { ...A, quantity: 9 }, C]);
  });

  it('keeps a line added here and a quantity changed here, after the account’s lines', () => {
    expect(keepLocalChanges([A], [{ ...A, quantity: 5 }, B], [A, C])).toEqual([{ ...A, quantity: 5 }, C, B]);
  });

  it('keeps a line removed here removed, and one removed on another device removed', () => {
    expect(keepLocalChanges([A, B], [B], [A])).toEqual([]);
  });

  it('keeps a line changed here that another device removed (the buyer’s latest word)', () => {
    expect(keepLocalChanges([A, B], [A, { ...B, quantity: 7 }], [A])).toEqual([A, { ...B, quantity: 7 }]);
  });

  it('compares parts and quantities, not the words they are named with', () => {
    expect(sameLines([A, B], [{ ...A, names: { ar: 'أ' } }, B])).toBe(true);
    expect(sameLines([A, B], [B, A])).toBe(false);
    expect(sameLines([A], [{ ...A, quantity: 2 }])).toBe(false);
  });
});
