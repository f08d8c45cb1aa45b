import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import type { CopiedQuotation, CopySource, Quotation } from '@site/contracts/quotations-api';
import type { SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { http } from '../testing/contractHttp';
import { fakeStaffServer, staffHandlers } from '../testing/handlers';
import { quotation } from '../testing/quotationFixtures';
import { renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';
import { formatDateTime } from '../ui/format';

const MUSCAT_BUILD: CopySource = {
  id: 7,
  number: 'QT-OM-2026-000001',
  state: 'accepted',
  requestReference: 'RFQ-OM-2026-000101',
  buyerCompany: 'Muscat Build LLC',
  sentAt: '2026-10-02T08:00:00.000Z',
  lineCount: 2,
  currency: 'OMR',
  total: '64.260',
};
const SOHAR: CopySource = {
  ...MUSCAT_BUILD,
  id: 8,
  number: 'QT-OM-2026-000002',
  state: 'expired',
  requestReference: 'RFQ-OM-2026-000102',
  buyerCompany: 'Sohar Traders',
  lineCount: 1,
  total: '15.750',
};
const COPIED: CopiedQuotation = {
  source: MUSCAT_BUILD,
  lines: [
    {
      code: 'HEX-CW-20S',
      description: 'CW Brass Cable Gland — Size 20S (M20)',
      unit: 'piece',
      quantity: '40',
      unitPrice: '1.200',
      discountPercent: '5',
      cataloguePrice: '1.257',
      priceCheck:
        "HEX-CW-20S: quoted at 1.200 OMR in QT-OM-2026-000001; the catalogue's price today is 1.257 OMR (dearer now).",
      availabilityNote: 'In stock: 25 pieces · Lead time: about 10 days',
    },
    {
      code: null,
      description: 'Delivery to Sohar',
      unit: '',
      quantity: '1',
      unitPrice: '15.000',
      discountPercent: '0',
      cataloguePrice: null,
      priceCheck: '',
      availabilityNote: '',
    },
  ],
};

let stored: Quotation;
beforeEach(() => {
  stored = quotation();
  server.use(
    http.get('/api/staff/quotations/5', () => HttpResponse.json(stored)),
    http.get('/api/staff/quotations/5/copy-sources', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return HttpResponse.json({
        quotations: [SOHAR, MUSCAT_BUILD].filter(
          (source) => source.number.toLowerCase().includes(q) || source.buyerCompany.toLowerCase().includes(q),
        ),
      });
    }),
    http.get('/api/staff/quotations/5/copy-from/7', () => HttpResponse.json(COPIED)),
    http.get('/api/staff/quotations/5/copy-from/8', () =>
      HttpResponse.json({ error: 'This belongs to another branch.' }, { status: 403 }),
    ),
    http.put('/api/staff/quotations/5', () => HttpResponse.json(stored)),
    ...staffHandlers(fakeStaffServer()),
  );
});

const searchField = () => screen.getByRole('textbox', { name: /^Quotation number or buyer company/ });
const totals = () =>
  within(screen.getByRole('region', { name: 'Totals' }))
    .getAllByRole('definition')
    .map((shown) => shown.textContent);

describe('copying a previous quotation into a draft', () => {
  it('finds the branch’s sent quotations by buyer company; Enter finds, it does not save', async () => {
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' });
    fireEvent.change(searchField(), { target: { value: 'muscat' } });
    fireEvent.keyDown(searchField(), { key: 'Enter' });
    const found = await screen.findByRole('list', { name: 'Quotations found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      // the time in the browser's zone
      `Copy QT-OM-2026-000001 Muscat Build LLC · RFQ-OM-2026-000101 · sent ${formatDateTime(MUSCAT_BUILD.sentAt)} · 2 lines · 64.260 OMR`,
    ]);
    expect(requestsSent()).toContain('GET /api/staff/quotations/5/copy-sources?q=muscat');
    expect(requestsSent().filter((request) => request.startsWith('PUT'))).toEqual([]);
    fireEvent.change(searchField(), { target: { value: 'Nizwa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find quotations' }));
    expect(
      await screen.findByText('No quotation the Oman branch sent has a number or buyer company holding “Nizwa”.'),
    ).toBeInTheDocument();
  });

  it('a quotation picked says how its prices compare with today’s catalogue; its lines go after the draft’s, totals live, and are saved', async () => {
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' });
    fireEvent.change(searchField(), { target: { value: 'QT-OM-2026-000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find quotations' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy QT-OM-2026-000001' }));
    const picked = await screen.findByRole('group', { name: 'QT-OM-2026-000001: 2 lines to copy' });
    expect(within(picked).getByRole('list', { name: 'Price checks' })).toHaveTextContent(
      "HEX-CW-20S: quoted at 1.200 OMR in QT-OM-2026-000001; the catalogue's price today is 1.257 OMR (dearer now).",
    );
    expect(
      within(picked).getByRole('checkbox', { name: 'Use today’s catalogue prices where they differ (1 line)' }),
    ).not.toBeChecked();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(picked).getByRole('button', { name: 'Add its lines after this draft’s' }));

    const table = screen.getByRole('table', { name: '3 lines in OMR' });
    expect(within(table).getByRole('textbox', { name: 'Code, line 2' })).toHaveValue('HEX-CW-20S');
    expect(within(table).getByRole('textbox', { name: 'Unit price (OMR), line 2' })).toHaveValue('1.200');
    expect(within(table).getByRole('textbox', { name: 'Discount %, line 2' })).toHaveValue('5');
    expect(within(table).getByRole('textbox', { name: 'Availability, line 2' })).toHaveAccessibleDescription(
      'Now: In stock: 25 pieces · Lead time: about 10 days',
    );
    expect(within(table).getByRole('textbox', { name: 'Code, line 3' })).toHaveValue('');
    expect(
      screen.getByText(
        'Copied 2 lines of QT-OM-2026-000001 after this draft’s, at the prices quoted, with the price checks below. Save the draft to keep them.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('list', { name: 'Price checks of the lines copied from QT-OM-2026-000001' }),
    ).toHaveTextContent(/the catalogue's price today is 1\.257 OMR/);
    // 50.280 (VAT 2.514) + 40 × 1.200 × 0.95 = 45.600 (2.280) + 15.000 (0.750), worked out as typed
    expect(totals()).toEqual(['110.880 OMR', '5.544 OMR', '116.424 OMR']);

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('The draft is saved.');
    const [put] = (await requestsSentWithBodies()).filter(({ request }) => request === 'PUT /api/staff/quotations/5');
    expect((put?.body as SaveQuotationBody).lines.slice(1)).toEqual([
      {
        code: 'HEX-CW-20S',
        description: 'CW Brass Cable Gland — Size 20S (M20)',
        unit: 'piece',
        quantity: '40',
        unitPrice: '1.200',
        discountPercent: '5',
        availabilityNote: 'In stock: 25 pieces · Lead time: about 10 days',
        lineNote: '',
      },
      {
        code: null,
        description: 'Delivery to Sohar',
        unit: '',
        quantity: '1',
        unitPrice: '15.000',
        discountPercent: '0',
        availabilityNote: '',
        lineNote: '',
      },
    ]);
  });

  it('at today’s catalogue prices, in place of the draft’s lines', async () => {
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' });
    fireEvent.click(screen.getByRole('button', { name: 'Find quotations' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy QT-OM-2026-000001' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Use today’s catalogue prices/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Replace this draft’s lines with its lines' }));
    const table = screen.getByRole('table', { name: '2 lines in OMR' });
    expect(within(table).getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveValue('1.257');
    expect(within(table).getByRole('textbox', { name: 'Unit price (OMR), line 2' })).toHaveValue('15.000');
    expect(
      screen.getByText(/in place of this draft’s, at today’s catalogue prices where it has one/),
    ).toBeInTheDocument();
  });

  it('a refusal of the server is said beside the search field, and nothing is copied', async () => {
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' });
    fireEvent.change(searchField(), { target: { value: 'sohar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find quotations' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy QT-OM-2026-000002' }));
    expect(await screen.findByText('This belongs to another branch.')).toBeInTheDocument();
    expect(searchField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('table', { name: '1 line in OMR' })).toBeInTheDocument();
  });
});
