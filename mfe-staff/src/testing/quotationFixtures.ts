// A quotation as the server answers it, for the quotation editor's tests: a draft of request RFQ-OM-2026-000123 to the
// Oman branch, in rials at 1 AED = 0.10477 OMR and 5 % VAT, with one line of 40 glands (120 in stock at Muscat now);
// `overrides` change it.
import { VAT_ROUNDING_TEXT, type ExpiringQuotation, type Quotation } from '@site/contracts/quotations-api';

export function quotation(overrides: Partial<Quotation> = {}): Quotation {
  return {
    id: 5,
    requestId: 12,
    requestReference: 'RFQ-OM-2026-000123',
    branch: 'Oman',
    currency: 'OMR',
    decimals: 3,
    rate: { rate: '0.10477', setAt: '2026-11-27T08:00:00.000Z', setBy: 'admin@crescent.example' },
    vatCountry: 'OM',
    vatDate: '2026-11-28',
    vatPercent: '5',
    state: 'draft',
    number: null,
    revision: 0,
    version: 3,
    validUntil: '2026-12-28',
    paymentTerms: '30 days',
    deliveryTerms: '',
    buyerNote: '',
    incoterm: 'DAP',
    deliveryPlace: 'Sohar',
    seller: {
      legalName: 'Crescent Electrical Trading L.L.C. (Oman)',
      taxLabel: 'VATIN',
      taxNumber: 'OM1100023456',
      commercialRegistration: '1234567',
    },
    salesperson: null,
    sendBlockers: [],
    lines: [
      {
        position: 1,
        code: 'HEX-CW-20S',
        description: 'CW Brass Cable Gland — Size 20S (M20)',
        unit: 'piece',
        quantity: '40',
        unitPrice: '1.257',
        discountPercent: '0',
        lineTotal: '50.280',
        vatPercent: '5',
        vat: '2.514',
        availabilityNote: '',
        availabilityNow: 'In stock: 120 pieces',
        quantityNote: '',
        lineNote: '',
      },
    ],
    totals: { subtotal: '50.280', vat: '2.514', total: '52.794' },
    vatRounding: VAT_ROUNDING_TEXT,
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:30:00.000Z',
    updatedBy: 'oman@crescent.example',
    sentAt: null,
    ...overrides,
  };
}

/** A sent quotation of the "Expiring in 3 days" list as the server answers it: Dubai's, valid 2 more days, not reminded. */
export function expiringQuotation(overrides: Partial<ExpiringQuotation> = {}): ExpiringQuotation {
  return {
    id: 41,
    number: 'QT-AE-2026-000041',
    state: 'viewed',
    requestId: 12,
    requestReference: 'RFQ-AE-2026-000123',
    buyerCompany: 'Gulf Build LLC',
    branch: 'Dubai',
    currency: 'AED',
    total: '504.00',
    validUntil: '2026-11-30',
    daysLeft: 2,
    sentBy: 'dubai@crescent.example',
    reminderSentAt: null,
    ...overrides,
  };
}
