import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { requestsSentWithBodies, server } from '@test/msw';
import { CSRF_HEADER } from '@site/contracts/staff-api';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import type { SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { http } from '../testing/contractHttp';
import { fakeStaffServer, quoteDetail, staffHandlers, type FakeStaffServer } from '../testing/handlers';
import { quotation } from '../testing/quotationFixtures';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';

const STALE =
  'Someone else saved this quotation after you opened it (dubai2@crescent.example, 2026-11-28 10:04 UTC): reload to see their changes';

let fake: FakeStaffServer;
let stored: Quotation;
beforeEach(() => {
  fake = fakeStaffServer();
  stored = quotation();
  server.use(
    http.get('/api/staff/quotations/5', () => HttpResponse.json(stored)),
    http.post(QUOTATIONS_API.quotations, ({ request }) =>
      request.headers.get(CSRF_HEADER) === fake.session?.csrfToken
        ? HttpResponse.json(stored, { status: 201 })
        : HttpResponse.json({ error: 'stale' }, { status: 403 }),
    ),
    ...staffHandlers(fake),
  );
});

const puts = async () =>
  (await requestsSentWithBodies())
    .filter(({ request }) => request === 'PUT /api/staff/quotations/5')
    .map(({ body }) => body as SaveQuotationBody);

describe('the quotation editor', () => {
  it('"Prepare quotation" on a quote request opens its draft', async () => {
    fake.items = [quoteDetail()];
    renderStaffApp('/inbox/quote/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare quotation' }));
    await waitFor(() => expect(currentAddress()).toBe('/quotations/5'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' }),
    ).toBeInTheDocument();
    expect(
      (await requestsSentWithBodies())
        .filter(({ request }) => request === `POST ${QUOTATIONS_API.quotations}`)
        .map(({ body }) => body),
    ).toEqual([{ requestId: 12 }]);
  });

  it('shows the lines, the rate and the totals as the server worked them out, with how VAT was rounded', async () => {
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' });
    expect(screen.getByText('Rate: 1 AED = 0.10477 OMR')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '1 line in OMR' });
    expect(within(table).getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveValue('1.257');
    expect(within(table).getByRole('cell', { name: '50.280' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2.514 (5 %)' })).toBeInTheDocument();
    expect(screen.getByText('52.794 OMR')).toBeInTheDocument();
    expect(screen.getByText(/^VAT rounded per line\./)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('totals follow the lines as they are typed, before "Save draft", worked out as the save works them out', async () => {
    renderStaffApp('/quotations/5');
    const table = await screen.findByRole('table', { name: '1 line in OMR' });
    const totals = () =>
      within(screen.getByRole('region', { name: 'Totals' }))
        .getAllByRole('definition')
        .map((shown) => shown.textContent);
    // worked out by hand, half-up to the baisa per line, 5 % VAT per line:
    // 12.5 × 1.257 × 0.975 = 15.3196875 → 15.320 (VAT 0.766); 3 × 3.333 × 0.9 = 8.9991 → 8.999 (VAT 0.44995 → 0.450)
    fireEvent.change(within(table).getByRole('textbox', { name: 'Quantity, line 1' }), { target: { value: '12.5' } });
    fireEvent.change(within(table).getByRole('textbox', { name: 'Discount %, line 1' }), { target: { value: '2.5' } });
    expect(within(table).getByRole('cell', { name: '15.320' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '0.766 (5 %)' })).toBeInTheDocument();
    expect(totals()).toEqual(['15.320 OMR', '0.766 OMR', '16.086 OMR']);
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    const lines = screen.getByRole('table', { name: '2 lines in OMR' });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Description, line 2' }), {
      target: { value: 'Cable ties' },
    });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Quantity, line 2' }), { target: { value: '3' } });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Unit price (OMR), line 2' }), {
      target: { value: '3.333' },
    });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Discount %, line 2' }), { target: { value: '10' } });
    expect(within(lines).getByRole('cell', { name: '8.999' })).toBeInTheDocument();
    expect(within(lines).getByRole('cell', { name: '0.450 (5 %)' })).toBeInTheDocument();
    expect(totals()).toEqual(['24.319 OMR', '1.216 OMR', '25.535 OMR']);
    expect(
      screen.getByText('VAT rounded per line. Worked out as you type, as “Save draft” stores them.'),
    ).toBeInTheDocument();

    // a figure the save would refuse: that line and the totals wait for it, in the save's words
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Unit price (OMR), line 1' }), {
      target: { value: '1.2345' },
    });
    expect(totals()).toEqual(['—', '—', '—']);
    expect(
      screen.getByText(
        'The totals wait for line 1: its unit price “1.2345” has 4 decimals: OMR amounts have 3 (baisa), and an amount is never rounded for you: type at most 3 decimals.',
      ),
    ).toBeInTheDocument();
    expect(within(lines).getByRole('cell', { name: '8.999' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a VAT rate in force today the totals say why they are not worked out', async () => {
    stored = quotation({ vatPercent: null });
    renderStaffApp('/quotations/5');
    expect(
      await screen.findByText(
        'No VAT rate of Oman is in force today: the totals are worked out once an administrator adds it to the VAT table.',
      ),
    ).toBeInTheDocument();
  });

  it('each line says its stock at the branch now, beside the note the document keeps', async () => {
    stored = quotation({
      lines: [
        {
          ...quotation().lines[0]!,
          availabilityNote: 'In stock: 40 pieces',
          availabilityNow: 'In stock: 12 pieces · Lead time: about 4 weeks',
        },
      ],
    });
    renderStaffApp('/quotations/5');
    const note = await screen.findByRole('textbox', { name: 'Availability, line 1' });
    expect(note).toHaveValue('In stock: 40 pieces');
    expect(note).toHaveAccessibleDescription('Now: In stock: 12 pieces · Lead time: about 4 weeks');
    // another code is another part: what its stock is now is said once it is saved
    fireEvent.change(screen.getByRole('textbox', { name: 'Code, line 1' }), { target: { value: 'HEX-CW-25' } });
    expect(screen.queryByText(/^Now:/)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("each line says what its saved quantity breaks of the part's minimum order and pack, until the quantity changes", async () => {
    const said = 'Below the minimum order of 10 pieces. Not a multiple of the pack of 5: 5 would be whole packs.';
    stored = quotation({ lines: [{ ...quotation().lines[0]!, quantity: '3', quantityNote: said }] });
    renderStaffApp('/quotations/5');
    const quantity = await screen.findByRole('textbox', { name: 'Quantity, line 1' });
    expect(quantity).toHaveAccessibleDescription(said);
    fireEvent.change(quantity, { target: { value: '10' } });
    expect(screen.queryByText(said)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('saves the draft on the version read, and shows the answer', async () => {
    server.use(
      http.put('/api/staff/quotations/5', async ({ request }) => {
        const body = (await request.json()) as SaveQuotationBody;
        // the two lines sent, as the server prices them: 40 × 1.250 and 1 × 15.000 OMR, VAT 5 % rounded per line
        stored = quotation({
          version: 4,
          buyerNote: body.buyerNote,
          lines: [
            { ...stored.lines[0]!, unitPrice: '1.250', lineTotal: '50.000', vat: '2.500' },
            {
              ...stored.lines[0]!,
              position: 2,
              code: null,
              description: 'Delivery to Sohar',
              unit: '',
              quantity: '1',
              unitPrice: '15.000',
              lineTotal: '15.000',
              vat: '0.750',
            },
          ],
          totals: { subtotal: '65.000', vat: '3.250', total: '68.250' },
        });
        return HttpResponse.json(stored);
      }),
    );
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Unit price (OMR), line 1' }), {
      target: { value: '1.25' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note to the buyer' }), { target: { value: 'Thank you.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Description, line 2' }), {
      target: { value: 'Delivery to Sohar' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Unit price (OMR), line 2' }), { target: { value: '15' } });
    // the figures the save stores, shown before it
    expect(screen.getByText('68.250 OMR')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft is saved.')).toBeInTheDocument();
    expect(screen.getByText('68.250 OMR')).toBeInTheDocument();
    const [sent] = await puts();
    expect(sent).toMatchObject({
      version: 3,
      buyerNote: 'Thank you.',
      validUntil: '2026-12-28',
      paymentTerms: '30 days',
      incoterm: 'DAP',
      deliveryPlace: 'Sohar',
    });
    expect(sent?.lines).toEqual([
      {
        code: 'HEX-CW-20S',
        description: 'CW Brass Cable Gland — Size 20S (M20)',
        unit: 'piece',
        quantity: '40',
        unitPrice: '1.25',
        discountPercent: '0',
        availabilityNote: '',
        lineNote: '',
      },
      {
        code: null,
        description: 'Delivery to Sohar',
        unit: '',
        quantity: '1',
        unitPrice: '15',
        discountPercent: '0',
        availabilityNote: '',
        lineNote: '',
      },
    ]);
  });

  it('marks each field the server refused, with its words', async () => {
    const message =
      'lines[0].unitPrice "1.2345" has 4 decimals: OMR amounts have 3 (baisa), and an amount is never rounded for you: type at most 3 decimals';
    server.use(
      http.put('/api/staff/quotations/5', () =>
        HttpResponse.json(
          { error: message, problems: [{ path: ['lines', 0, 'unitPrice'], message }] },
          { status: 400 },
        ),
      ),
    );
    renderStaffApp('/quotations/5');
    const price = await screen.findByRole('textbox', { name: 'Unit price (OMR), line 1' });
    fireEvent.change(price, { target: { value: '1.2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toHaveValue('1.2345');
  });

  it('a save someone else overtook says so, and Reload shows their changes', async () => {
    server.use(
      http.put('/api/staff/quotations/5', () =>
        HttpResponse.json(
          { error: STALE, version: 4, savedBy: 'dubai2@crescent.example', savedAt: '2026-11-28T10:04:00.000Z' },
          { status: 409 },
        ),
      ),
    );
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Note to the buyer' }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    stored = quotation({ version: 4, buyerNote: 'Theirs' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note to the buyer' })).toHaveValue('Theirs'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a sent quotation is read only', async () => {
    stored = quotation({ state: 'sent', number: 'QT-OM-2026-000001' });
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation QT-OM-2026-000001' });
    expect(
      screen.getByText('This quotation was sent as QT-OM-2026-000001: it can no longer be changed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send quotation' })).toBeNull();
  });

  it('"Send quotation" sends the saved draft on its version, and the page turns read only with its number', async () => {
    server.use(
      http.post('/api/staff/quotations/5/send', () => {
        stored = quotation({
          state: 'sent',
          number: 'QT-OM-2026-000007',
          version: 4,
          sentAt: '2026-11-28T10:00:00.000Z',
        });
        return HttpResponse.json(stored);
      }),
    );
    renderStaffApp('/quotations/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Send quotation' }));
    expect(
      await screen.findByText('Sent as QT-OM-2026-000007: mailed to the buyer with its PDF and link.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Quotation QT-OM-2026-000007' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unit price (OMR), line 1' })).toBeDisabled();
    expect(
      (await requestsSentWithBodies())
        .filter(({ request }) => request === 'POST /api/staff/quotations/5/send')
        .map(({ body }) => body),
    ).toEqual([{ version: 3 }]);
  });

  it('names the Incoterms rule and place, saved with the draft; the seller shown as the document names it', async () => {
    server.use(
      http.put('/api/staff/quotations/5', async ({ request }) => {
        const { incoterm, deliveryPlace } = (await request.json()) as SaveQuotationBody;
        stored = quotation({ version: 4, incoterm, deliveryPlace });
        return HttpResponse.json(stored);
      }),
    );
    renderStaffApp('/quotations/5');
    const rule = await screen.findByRole('combobox', { name: 'Incoterms 2020' });
    expect(rule).toHaveValue('DAP');
    expect(
      screen.getByText(/Seller: Crescent Electrical Trading L\.L\.C\. \(Oman\), VATIN OM1100023456, CR 1234567/),
    ).toBeInTheDocument();
    fireEvent.change(rule, { target: { value: 'FOB' } });
    expect(within(rule).getByRole('option', { name: 'FOB – Free on Board' })).toBeInTheDocument();
    const place = screen.getByRole('textbox', { name: /^Delivery place/ });
    expect(place).toHaveValue('Sohar');
    fireEvent.change(place, { target: { value: 'Port Sultan Qaboos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () => expect(await puts()).toHaveLength(1));
    const [sent] = await puts();
    expect(sent).toMatchObject({ incoterm: 'FOB', deliveryPlace: 'Port Sultan Qaboos' });
    // the page shows the saved draft's answer: the rule and place as stored
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Incoterms 2020' })).toHaveValue('FOB'));
    expect(screen.getByRole('textbox', { name: /^Delivery place/ })).toHaveValue('Port Sultan Qaboos');
  });

  it('says what keeps a draft from being sent and where it is set; the server’s refusal of the send in its words', async () => {
    const where = 'an administrator sets it on the Rates and VAT page, under Branch details';
    stored = quotation({
      seller: null,
      sendBlockers: [
        { field: 'legalName', message: `The Oman branch has no legal name: ${where}` },
        { field: 'taxNumber', message: `The Oman branch has no VATIN: ${where}` },
        { field: 'commercialRegistration', message: `The Oman branch has no commercial registration number: ${where}` },
      ],
    });
    const refusal = `This quotation is not sent: The Oman branch has no legal name: ${where}`;
    server.use(
      http.post('/api/staff/quotations/5/send', () =>
        HttpResponse.json({ error: refusal, problems: [{ path: ['legalName'], message: refusal }] }, { status: 409 }),
      ),
    );
    renderStaffApp('/quotations/5');
    const section = await screen.findByRole('region', { name: 'Before this quotation can be sent' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `The Oman branch has no legal name: ${where}.`,
      `The Oman branch has no VATIN: ${where}.`,
      `The Oman branch has no commercial registration number: ${where}.`,
    ]);
    expect(screen.getByText('Seller: not set')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send quotation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(await axeViolations()).toEqual([]);
  });

  it('unsaved edits are not sent: the page asks for a save first', async () => {
    renderStaffApp('/quotations/5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Unit price (OMR), line 1' }), {
      target: { value: '1.3' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send quotation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Save the draft before sending it: the buyer gets the quotation as last saved.',
    );
    expect(
      (await requestsSentWithBodies()).filter(({ request }) => request === 'POST /api/staff/quotations/5/send'),
    ).toEqual([]);
  });

  it('"Prepare revision" on a quotation the buyer asked to change opens the new draft', async () => {
    stored = quotation({ state: 'changes_asked', number: 'QT-OM-2026-000007', version: 6 });
    const revision = quotation({ id: 9, revision: 1, version: 1 });
    server.use(
      http.post('/api/staff/quotations/5/revise', () => HttpResponse.json(revision, { status: 201 })),
      http.get('/api/staff/quotations/9', () => HttpResponse.json(revision)),
    );
    renderStaffApp('/quotations/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare revision' }));
    await waitFor(() => expect(currentAddress()).toBe('/quotations/9'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quotation draft for RFQ-OM-2026-000123' }),
    ).toBeInTheDocument();
    expect(
      (await requestsSentWithBodies())
        .filter(({ request }) => request === 'POST /api/staff/quotations/5/revise')
        .map(({ body }) => body),
    ).toEqual([{ version: 6 }]);
  });

  it('an accepted quotation has no "Prepare revision"', async () => {
    stored = quotation({ state: 'accepted', number: 'QT-OM-2026-000007' });
    renderStaffApp('/quotations/5');
    await screen.findByRole('heading', { level: 1, name: 'Quotation QT-OM-2026-000007' });
    expect(screen.queryByRole('button', { name: 'Prepare revision' })).toBeNull();
  });
});
