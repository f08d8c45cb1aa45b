// The quotations' money without a database: the branches' currencies and minor units, amounts typed by staff (more
// decimals than the currency has refused, never rounded), rates as exact decimals, conversion from the catalogue's
// dirhams, percentages, a line's total and VAT rounded half-up per line, and a document's totals as sums of its lines.
// Examples first, then properties (fast-check, a fixed seed: MONEY_SEED=<n> explores another, MONEY_RUNS=<n> runs more).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BRANCH_CURRENCY, CURRENCY_DECIMALS, QUOTATION_CURRENCIES, type QuotationCurrency } from '../quotationsApi';
import { BRANCH_NAMES } from '@site/content/validation';
import { formatScaled, parseDecimal } from './decimals';
import {
  convertFromAed,
  currencyOfBranch,
  divideRoundingHalfUp,
  documentTotals,
  formatAmount,
  formatPercent,
  formatQuantity,
  formatRate,
  lineTotalOf,
  parseAmount,
  parsePercent,
  parseQuantity,
  parseRate,
  priceLine,
  vatOf,
  type ExactRate,
} from './index';

const SEED = Number(process.env.MONEY_SEED ?? 20_261_128);
const RUNS = Number(process.env.MONEY_RUNS ?? 500);
const runs = <T>(): fc.Parameters<T> => ({ seed: SEED, numRuns: RUNS });

const amount = (text: string, currency: QuotationCurrency): bigint => {
  const parsed = parseAmount(text, currency);
  assert.ok(parsed.ok, `${text} ${currency}: ${parsed.ok ? '' : parsed.message}`);
  return parsed.minor;
};
const rate = (text: string): ExactRate => {
  const parsed = parseRate(text);
  assert.ok(parsed.ok, text);
  return parsed.rate;
};

describe('currencies of the branches', () => {
  test('Dubai prices in dirhams, Oman in rials, Bahrain in dinars, Saudi Arabia in riyals; rials and dinars have three decimals', () => {
    assert.deepEqual(
      BRANCH_NAMES.map((branch) => [branch, currencyOfBranch(branch), CURRENCY_DECIMALS[currencyOfBranch(branch)]]),
      [
        ['Dubai', 'AED', 2],
        ['Oman', 'OMR', 3],
        ['Bahrain', 'BHD', 3],
        ['Saudi Arabia', 'SAR', 2],
      ],
    );
    assert.deepEqual(Object.keys(BRANCH_CURRENCY).sort(), [...BRANCH_NAMES].sort());
  });

  test('amounts are integers of the minor unit, written back with all of its decimals', () => {
    assert.equal(amount('12.5', 'AED'), 1250n);
    assert.equal(amount('12.5', 'OMR'), 12500n);
    assert.equal(amount('0.001', 'BHD'), 1n);
    assert.equal(amount('7', 'SAR'), 700n);
    assert.equal(amount('007.10', 'AED'), 710n);
    assert.equal(formatAmount(1250n, 'AED'), '12.50');
    assert.equal(formatAmount(12500n, 'OMR'), '12.500');
    assert.equal(formatAmount(5n, 'BHD'), '0.005');
    assert.equal(formatAmount(0n, 'SAR'), '0.00');
    assert.equal(formatAmount(99_999_999_999n, 'OMR'), '99999999.999');
  });

  test('more decimals than the currency has is refused with a sentence that says so, never rounded', () => {
    const refused = parseAmount('10.125', 'AED');
    assert.deepEqual(refused, {
      ok: false,
      message:
        'has 3 decimals: AED amounts have 2 (fils), and an amount is never rounded for you: type at most 2 decimals',
    });
    assert.equal(parseAmount('1.2345', 'OMR').ok, false);
    assert.match((parseAmount('1.2345', 'OMR') as { message: string }).message, /OMR amounts have 3 \(baisa\)/);
    assert.equal(parseAmount('1.234', 'OMR').ok, true);
    // a trailing zero is a decimal too: what is typed is what is checked
    assert.equal(parseAmount('12.500', 'SAR').ok, false);
  });

  test('other text is refused: negative, separators, exponents, letters, blanks, too large', () => {
    assert.deepEqual(parseAmount('-1', 'AED'), { ok: false, message: 'cannot be negative' });
    for (const text of ['1,200.00', '1e3', '12.5.0', 'AED 12', '', '.5', '5.', ' ', '١٢'])
      assert.equal(parseAmount(text, 'AED').ok, false, text);
    assert.deepEqual(parseAmount('123456789', 'AED'), { ok: false, message: 'must be less than 100000000 AED' });
    assert.equal(parseAmount('99999999.99', 'AED').ok, true);
  });
});

describe('rates and conversion from the catalogue’s dirhams', () => {
  test('a rate is kept exactly as typed (no trailing zeros)', () => {
    assert.deepEqual(rate('0.10477'), { value: 10477n, scale: 5 });
    assert.deepEqual(rate('0.104770'), { value: 10477n, scale: 5 });
    assert.deepEqual(rate('1.0211'), { value: 10211n, scale: 4 });
    assert.deepEqual(rate('2'), { value: 2n, scale: 0 });
    assert.equal(formatRate(rate('0.10477')), '0.10477');
    assert.equal(parseRate('0').ok, false);
    assert.equal(parseRate('-0.1').ok, false);
    assert.equal(parseRate('0.12345678901').ok, false, 'more than ten decimals');
  });

  test('12.00 AED at 1 AED = 0.10477 OMR is 1.257 OMR (1.25724, half-up to the baisa)', () => {
    assert.equal(convertFromAed(1200n, rate('0.10477'), 'OMR'), 1257n);
    // 0.05 AED × 0.10477 = 0.0052385 → 0.005
    assert.equal(convertFromAed(5n, rate('0.10477'), 'OMR'), 5n);
    // a half goes up: 0.50 AED at 0.001 = 0.0005 → 0.001 BHD
    assert.equal(convertFromAed(50n, rate('0.001'), 'BHD'), 1n);
    assert.equal(convertFromAed(1200n, rate('1.0211'), 'SAR'), 1225n); // 12.2532 → 12.25
    assert.equal(convertFromAed(1250n, { value: 1n, scale: 0 }, 'AED'), 1250n);
  });
});

describe('percentages, lines and totals', () => {
  test('a discount is 0 to 100 %, two decimals at most', () => {
    assert.deepEqual(parsePercent('2.5'), { ok: true, basisPoints: 250 });
    assert.deepEqual(parsePercent('100'), { ok: true, basisPoints: 10_000 });
    assert.deepEqual(parsePercent('0'), { ok: true, basisPoints: 0 });
    assert.deepEqual(parsePercent('100.01'), { ok: false, message: 'must be from 0 to 100' });
    assert.deepEqual(parsePercent('150'), { ok: false, message: 'must be from 0 to 100' });
    assert.deepEqual(parsePercent('-5'), {
      ok: false,
      message: 'must be from 0 to 100: a percentage cannot be negative',
    });
    assert.deepEqual(parsePercent('2.555'), { ok: false, message: 'has 3 decimals: a percentage has at most 2' });
    assert.equal(formatPercent(250), '2.5');
    assert.equal(formatPercent(1500), '15');
  });

  test('a quantity is above 0, two decimals at most, at most 100,000', () => {
    assert.deepEqual(parseQuantity('12.5'), { ok: true, hundredths: 1250n });
    assert.deepEqual(parseQuantity('-3'), { ok: false, message: 'must be greater than 0' });
    assert.deepEqual(parseQuantity('0'), { ok: false, message: 'must be greater than 0' });
    assert.deepEqual(parseQuantity('0.001'), { ok: false, message: 'has 3 decimals: a quantity has at most 2' });
    assert.deepEqual(parseQuantity('100000.01'), { ok: false, message: 'must be at most 100000' });
    assert.equal(formatQuantity(4000n), '40');
    assert.equal(formatQuantity(1250n), '12.5');
  });

  test('line total = quantity × unit price × (1 − discount), half-up to the minor unit; VAT per line', () => {
    // 3 × 3.333 OMR × 0.9 = 8.9991 → 8.999
    assert.equal(lineTotalOf(300n, 3333n, 1000), 8999n);
    // 1 × 0.01 AED × (1 − 0.5) = 0.005 → 0.01 (a half goes up)
    assert.equal(lineTotalOf(100n, 1n, 5000), 1n);
    // 12.5 m × 18.40 AED = 230.00; VAT 5 % = 11.50
    assert.deepEqual(priceLine({ quantity: 1250n, unitPrice: 1840n, discountBasisPoints: 0, vatBasisPoints: 500 }), {
      lineTotal: 23000n,
      vat: 1150n,
    });
    // VAT 15 % of 0.03 SAR = 0.0045 → 0.00; of 0.04 = 0.006 → 0.01
    assert.equal(vatOf(3n, 1500), 0n);
    assert.equal(vatOf(4n, 1500), 1n);
    assert.equal(lineTotalOf(100n, 999n, 10_000), 0n, 'a 100 % discount');
    assert.throws(() => lineTotalOf(100n, 999n, 10_001), RangeError);
    assert.throws(() => lineTotalOf(100n, 999n, -1), RangeError);
  });

  test('VAT rounded per line: three lines of 0.03 SAR at 15 % owe 0.00 each, and the document 0.00 (not 0.01 on 0.09)', () => {
    const lines = [1n, 2n, 3n].map(() =>
      priceLine({ quantity: 100n, unitPrice: 3n, discountBasisPoints: 0, vatBasisPoints: 1500 }),
    );
    assert.deepEqual(documentTotals(lines), { subtotal: 9n, vat: 0n, total: 9n });
  });

  test('half-up division is exact at any size', () => {
    assert.equal(divideRoundingHalfUp(5n, 10n), 1n);
    assert.equal(divideRoundingHalfUp(4n, 10n), 0n);
    assert.equal(divideRoundingHalfUp(-5n, 10n), -1n);
    assert.equal(divideRoundingHalfUp(10n ** 40n + 5n, 10n), 10n ** 39n + 1n);
  });
});

// ---------------------------------------------------------------- properties

const currency = fc.constantFrom(...QUOTATION_CURRENCIES);
/** An amount of a currency in its minor unit, up to the largest unit price. */
const minorOf = (decimals: number) => fc.bigInt({ min: 0n, max: 10n ** BigInt(8 + decimals) - 1n });
const quantity = fc.bigInt({ min: 1n, max: 10_000_000n }); // hundredths: 0.01 to 100,000
const basisPoints = fc.integer({ min: 0, max: 10_000 });
const exactRate = fc.record({ value: fc.bigInt({ min: 1n, max: 10n ** 12n }), scale: fc.integer({ min: 0, max: 10 }) });

describe('properties', () => {
  test('an amount written and read back is the same amount, with exactly its currency’s decimals', () => {
    fc.assert(
      fc.property(
        currency.chain((code) => fc.tuple(fc.constant(code), minorOf(CURRENCY_DECIMALS[code]))),
        ([code, minor]) => {
          const text = formatAmount(minor, code);
          const decimals = text.split('.')[1] ?? '';
          assert.equal(decimals.length, CURRENCY_DECIMALS[code]);
          assert.equal(amount(text, code), minor);
        },
      ),
      runs(),
    );
  });

  test('one decimal more than the currency has is always refused, whatever the digit (a 0 too)', () => {
    fc.assert(
      fc.property(
        currency,
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 9 }),
        (code, whole, digit) => {
          const decimals = CURRENCY_DECIMALS[code];
          const text = `${formatScaled(whole, decimals)}${digit}`;
          const parsed = parseAmount(text, code);
          assert.equal(parsed.ok, false, text);
          assert.ok(
            !parsed.ok && parsed.message.startsWith(`has ${decimals + 1} decimals: ${code} amounts have ${decimals}`),
            text,
          );
        },
      ),
      runs(),
    );
  });

  test('the sum of the lines is the document’s total: no drift, whatever the order of the lines', () => {
    const line = fc.record({
      quantity,
      unitPrice: minorOf(3),
      discountBasisPoints: basisPoints,
      vatBasisPoints: fc.constantFrom(0, 500, 1000, 1500),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 0, maxLength: 200 }), (lines) => {
        const priced = lines.map(priceLine);
        const totals = documentTotals(priced);
        assert.equal(
          totals.subtotal,
          priced.reduce((sum, one) => sum + one.lineTotal, 0n),
        );
        assert.equal(
          totals.vat,
          priced.reduce((sum, one) => sum + one.vat, 0n),
        );
        assert.equal(totals.total, totals.subtotal + totals.vat);
        assert.deepEqual(documentTotals([...priced].reverse()), totals);
        // well within a 64-bit column at the largest document
        assert.ok(totals.total < 2n ** 63n);
      }),
      runs(),
    );
  });

  test('a line total is the exact product rounded half-up: within half a minor unit of it', () => {
    fc.assert(
      fc.property(quantity, minorOf(3), basisPoints, (hundredths, unitPrice, discount) => {
        const total = lineTotalOf(hundredths, unitPrice, discount);
        const exactTimesD = hundredths * unitPrice * BigInt(10_000 - discount); // total × 1,000,000
        const d = 1_000_000n;
        const error = total * d - exactTimesD; // in millionths of the minor unit
        assert.ok(error * 2n <= d && error * 2n > -d, `${total} vs ${exactTimesD}/${d}`);
      }),
      runs(),
    );
  });

  test('a discount takes away, never adds: 0 % is the full price, 100 % is nothing, more discount is never dearer', () => {
    fc.assert(
      fc.property(quantity, minorOf(2), basisPoints, basisPoints, (hundredths, unitPrice, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        assert.ok(lineTotalOf(hundredths, unitPrice, high) <= lineTotalOf(hundredths, unitPrice, low));
        assert.equal(lineTotalOf(hundredths, unitPrice, 10_000), 0n);
        assert.equal(lineTotalOf(100n, unitPrice, 0), unitPrice);
      }),
      runs(),
    );
  });

  test('a discount is taken from 0 to 100 % only', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (hundredthsOfPercent) => {
        const text = formatScaled(BigInt(hundredthsOfPercent), 2);
        const parsed = parsePercent(text);
        assert.equal(parsed.ok, hundredthsOfPercent >= 0 && hundredthsOfPercent <= 10_000, text);
        if (parsed.ok) assert.equal(parsed.basisPoints, hundredthsOfPercent);
      }),
      runs(),
    );
  });

  test('conversion then rounding is stable: the same price always gives the same amount, within half a minor unit of the exact one, never less for a dearer price', () => {
    fc.assert(
      fc.property(currency, exactRate, minorOf(2), minorOf(2), (code, theRate, a, b) => {
        const converted = convertFromAed(a, theRate, code);
        assert.equal(convertFromAed(a, theRate, code), converted);
        // exact: a/100 × value/10^scale in units, × 10^decimals in the minor unit
        const numerator = a * theRate.value * 10n ** BigInt(CURRENCY_DECIMALS[code]);
        const denominator = 10n ** BigInt(2 + theRate.scale);
        const error = converted * denominator - numerator;
        assert.ok(error * 2n <= denominator && error * 2n > -denominator);
        const [low, high] = a <= b ? [a, b] : [b, a];
        assert.ok(convertFromAed(low, theRate, code) <= convertFromAed(high, theRate, code));
        // written and read back in its currency, the converted amount is the same: nothing left to round
        assert.deepEqual(parseDecimal(formatAmount(converted, code), CURRENCY_DECIMALS[code], 40), {
          ok: true,
          value: converted,
        });
      }),
      runs(),
    );
  });

  test('a rate written and read back is the same rate', () => {
    // what an admin can type: up to six whole digits and ten decimals
    const typedRate = fc
      .integer({ min: 0, max: 10 })
      .chain((scale) =>
        fc.record({ value: fc.bigInt({ min: 1n, max: 10n ** BigInt(6 + scale) - 1n }), scale: fc.constant(scale) }),
      );
    fc.assert(
      fc.property(typedRate, ({ value, scale }) => {
        const text = formatRate({ value, scale });
        const parsed = parseRate(text);
        assert.ok(parsed.ok, text);
        assert.equal(formatRate(parsed.rate), text);
        // the same number: value / 10^scale
        assert.equal(parsed.rate.value * 10n ** BigInt(scale), value * 10n ** BigInt(parsed.rate.scale));
      }),
      runs(),
    );
  });

  test('parseDecimal reads every plain decimal of at most its scale exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        const parsed = parseDecimal(formatScaled(value, scale), scale, 30);
        assert.deepEqual(parsed, { ok: true, value });
      }),
      runs(),
    );
  });
});
