import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import type { Quotation, QuotationPart, QuotationPartList } from '@site/contracts/quotations-api';
import type { SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { http } from '../testing/contractHttp';
import { fakeStaffServer, staffHandlers } from '../testing/handlers';
import { quotation } from '../testing/quotationFixtures';
import { renderStaffApp } from '../testing/renderStaff';

const DRAFT: Quotation = quotation({
  lines: [],
  totals: { subtotal: '0.000', vat: '0.000', total: '0.000' },
  paymentTerms: '',
});

const GLAND: QuotationPart = {
  code: 'HEX-CW-20S',
  description: 'CW Brass Cable Gland — Size 20S (M20)',
  unit: 'piece',
  unitPrice: '1.257',
  onRequest: false,
  availabilityNote: 'In stock: 40 pieces',
};
const GLAND_25: QuotationPart = {
  ...GLAND,
  code: 'HEX-CW-25',
  description: 'CW Brass Cable Gland — Size 25 (M25)',
  unitPrice: '1.755',
  availabilityNote: '',
};

/** The server's search: a code (any case, any separators) is exact; words find the glands by name. */
function answer(q: string): QuotationPartList {
  const key = q.toLowerCase().replace(/[^a-z0-9]/g, '');
  const exact = [GLAND, GLAND_25].find((part) => part.code.toLowerCase().replace(/[^a-z0-9]/g, '') === key) ?? null;
  const parts = exact !== null ? [exact] : /gland/i.test(q) ? [GLAND, GLAND_25] : [];
  return { exact, parts };
}

beforeEach(() => {
  server.use(
    http.get('/api/staff/quotations/5', () => HttpResponse.json(DRAFT)),
    http.get('/api/staff/quotations/5/parts', ({ request }) =>
      HttpResponse.json(answer(new URL(request.url).searchParams.get('q') ?? '')),
    ),
    // the draft as the server answers it once the gland's line is saved: 1 × 1.257 OMR, VAT 5 % rounded on the line
    http.put('/api/staff/quotations/5', async ({ request }) =>
      HttpResponse.json({
        ...DRAFT,
        version: 4,
        buyerNote: ((await request.json()) as SaveQuotationBody).buyerNote,
        lines: [
          {
            ...quotation().lines[0]!,
            quantity: '1',
            lineTotal: '1.257',
            vat: '0.063',
            availabilityNote: 'In stock: 40 pieces',
          },
        ],
        totals: { subtotal: '1.257', vat: '0.063', total: '1.320' },
      }),
    ),
    ...staffHandlers(fakeStaffServer()),
  );
});

const field = () => screen.getByRole('textbox', { name: /^Variant code or name/ });

describe('adding a catalogue part to a quotation', () => {
  it('a code typed fills the line with its name, its price at the quotation’s rate and its stock; saving sends it', async () => {
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Variant code or name/ }), {
      target: { value: 'hex-cw-20s' },
    });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(
      await screen.findByText('Added HEX-CW-20S as the last line. Save the draft to keep it.'),
    ).toBeInTheDocument();
    expect(requestsSent()).toContain('GET /api/staff/quotations/5/parts?q=hex-cw-20s');
    // Enter in the field adds: it does not save the draft
    expect(requestsSent().filter((request) => request.startsWith('PUT'))).toEqual([]);
    const table = screen.getByRole('table', { name: '1 line in OMR' });
    expect(within(table).getByRole('textbox', { name: 'Code, line 1' })).toHaveValue('HEX-CW-20S');
    expect(within(table).getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(GLAND.description);
    expect(within(table).getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveValue('1.257');
    expect(within(table).getByRole('textbox', { name: 'Availability, line 1' })).toHaveValue('In stock: 40 pieces');
    expect(within(table).getByText('Now: In stock: 40 pieces')).toBeInTheDocument();
    // its figures before the save: 1 × 1.257 OMR, VAT 5 % of it 0.06285 → 0.063
    expect(screen.getByText('1.320 OMR')).toBeInTheDocument();
    expect(field()).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft is saved.')).toBeInTheDocument();
    expect(screen.getByText('1.320 OMR')).toBeInTheDocument();
    const [put] = (await requestsSentWithBodies()).filter(({ request }) => request === 'PUT /api/staff/quotations/5');
    expect((put?.body as SaveQuotationBody).lines).toEqual([
      {
        code: 'HEX-CW-20S',
        description: GLAND.description,
        unit: 'piece',
        quantity: '1',
        unitPrice: '1.257',
        discountPercent: '0',
        availabilityNote: 'In stock: 40 pieces',
        lineNote: '',
      },
    ]);
  });

  it('words of a name list the parts found, and one is picked', async () => {
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Variant code or name/ }), {
      target: { value: 'brass gland' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    expect(
      await screen.findByText('“brass gland” is not a variant code: pick the part from those found below.'),
    ).toBeInTheDocument();
    const found = screen.getByRole('list', { name: 'Parts found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Add HEX-CW-20S HEX-CW-20S · ${GLAND.description} · 1.257 OMR · In stock: 40 pieces`,
      `Add HEX-CW-25 HEX-CW-25 · ${GLAND_25.description} · 1.755 OMR`,
    ]);
    fireEvent.click(within(found).getByRole('button', { name: 'Add HEX-CW-25' }));
    expect(await screen.findByRole('textbox', { name: 'Code, line 1' })).toHaveValue('HEX-CW-25');
    expect(screen.getByText('Now: the stock feed says nothing of it here')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Parts found' })).toBeNull();
  });

  it('an unknown code is refused beside the field, and no line is added', async () => {
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Variant code or name/ }), {
      target: { value: 'NO-SUCH-99' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    const message = 'No part of the catalogue has the code “NO-SUCH-99”, and no product’s name holds it.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('table', { name: '0 lines in OMR' })).toBeInTheDocument();
  });
});
