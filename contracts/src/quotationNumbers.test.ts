// Quotation numbers as the send makes them and as anything reading them takes them: the branch's code in every new
// one, and the old form (sent before the codes) still read.
import { BRANCH_VAT_COUNTRY, QUOTATION_NUMBER_PATTERN, quotationNumber } from './quotationsApi';

describe('quotationNumber', () => {
  it("is QT-<the branch's country code>-<year>-<the counter on six digits>", () => {
    expect(quotationNumber('Dubai', 2026, 1)).toBe('QT-AE-2026-000001');
    expect(quotationNumber('Oman', 2026, 1)).toBe('QT-OM-2026-000001');
    expect(quotationNumber('Bahrain', 2026, 1)).toBe('QT-BH-2026-000001');
    expect(quotationNumber('Saudi Arabia', 2027, 123)).toBe('QT-SA-2027-000123');
    expect(quotationNumber('Oman', 2026, 1_234_567)).toBe('QT-OM-2026-1234567');
  });

  it('gives two branches’ first quotations of a year two numbers', () => {
    expect(quotationNumber('Oman', 2026, 1)).not.toBe(quotationNumber('Bahrain', 2026, 1));
  });

  it('carries the code of the country whose VAT the branch charges', () => {
    expect(BRANCH_VAT_COUNTRY).toEqual({ Dubai: 'AE', Oman: 'OM', Bahrain: 'BH', 'Saudi Arabia': 'SA' });
  });
});

describe('QUOTATION_NUMBER_PATTERN', () => {
  it('takes new numbers, old ones and their revisions', () => {
    for (const number of [
      'QT-AE-2026-000001',
      'QT-OM-2026-000123-R1',
      'QT-SA-2027-1234567-R12',
      'QT-2026-000001',
      'QT-2026-000001-R2',
    ])
      expect(number).toMatch(QUOTATION_NUMBER_PATTERN);
  });

  it('refuses anything else', () => {
    for (const number of [
      'QT-QA-2026-000001',
      'QT-om-2026-000001',
      'QT-OM-26-000001',
      'QT-OM-2026-00001',
      'QT-OM-2026-000001-R0',
      'QT-OM-2026-000001-R',
      'RFQ-OM-2026-000001',
      ' QT-OM-2026-000001',
    ])
      expect(number).not.toMatch(QUOTATION_NUMBER_PATTERN);
  });
});
