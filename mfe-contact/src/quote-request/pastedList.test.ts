// What a pasted list adds when the basket (its lines' codes) is nearly full: variants already in it always (their
// quantities add up), new ones while there is room; the rest is said, never counted as added.
import { QUOTE_LIMITS } from '@site/content/validation';
import { pastedLine, splitByRoom, type PastedAddition } from './pastedList';
import { CABLE, LSZH_CABLE, WIRE } from '../testing/quoteLines';

const add = (product: PastedAddition['product'], quantity: number): PastedAddition => ({
  product,
  variant: { productId: product.id, code: product.code, label: '', unit: product.unit },
  quantity,
});

describe('splitByRoom', () => {
  const others = Array.from({ length: QUOTE_LIMITS.maxLines - 2 }, (_, index) => `other_${index}`);

  it('adds new products while the basket has room, then leaves the rest out', () => {
    const inBasket = new Set([CABLE.code, ...others]); // one place left
    const { fit, overLimit } = splitByRoom([add(CABLE, 5), add(WIRE, 2), add(LSZH_CABLE, 7)], inBasket);
    expect(fit.map(({ product }) => product.id)).toEqual([CABLE.id, WIRE.id]);
    expect(overLimit.map(({ product }) => product.id)).toEqual([LSZH_CABLE.id]);
    expect(inBasket.size).toBe(QUOTE_LIMITS.maxLines - 1);
  });

  it('still adds to products already in a full basket, and a product pasted twice takes one place', () => {
    const full = new Set([CABLE.code, WIRE.code, ...others]);
    expect(splitByRoom([add(WIRE, 1), add(LSZH_CABLE, 1)], full)).toEqual({
      fit: [add(WIRE, 1)],
      overLimit: [add(LSZH_CABLE, 1)],
    });
    const roomForOne = new Set([CABLE.code, ...others]);
    const twice = splitByRoom([add(WIRE, 1), add(WIRE, 3), add(LSZH_CABLE, 1)], roomForOne);
    expect(twice.fit).toEqual([add(WIRE, 1), add(WIRE, 3)]);
    expect(twice.overLimit).toEqual([add(LSZH_CABLE, 1)]);
  });

  it('gives what was left out back as lines to paste again', () => {
    expect(pastedLine(add(LSZH_CABLE, 7))).toBe(`${LSZH_CABLE.code} 7`);
  });
});
