import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../testing/contractHttp';
import { requestsSentWithBodies, server } from '@test/msw';
import { BRANCH_DETAILS_API, QUOTATIONS_API } from '@site/contracts/quotations-api';
import { DUBAI_STAFF, fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../testing/handlers';
import { renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

const puts = async (address: string) =>
  (await requestsSentWithBodies()).filter(({ request }) => request === `PUT ${address}`);

describe('the rates and VAT page', () => {
  it('lists the rates in use with the moment each started, the history, and each country’s VAT from its day', async () => {
    renderStaffApp('/rates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rates and VAT' })).toBeInTheDocument();
    const inUse = await screen.findByRole('table', { name: 'Rates in use' });
    expect(within(inUse).getByRole('row', { name: /^OMR/ })).toHaveTextContent('0.10477 OMR');
    expect(within(inUse).getByRole('row', { name: /^OMR/ })).toHaveTextContent('27 Nov 2026');
    expect(within(inUse).getByRole('row', { name: /^BHD/ })).toHaveTextContent(
      'Not set: quotations in BHD cannot be prepared yet',
    );
    const vat = screen.getByRole('table', { name: 'VAT rates by country, each from the day it starts' });
    expect(within(vat).getByRole('row', { name: /^Saudi Arabia/ })).toHaveTextContent('15 %2020-07-01Yes');
    expect(await axeViolations()).toEqual([]);
  });

  // the fake refuses a change without the session's CSRF token (handlers.ts), as the server does
  it('sets a new exchange rate as a new row of the history', async () => {
    renderStaffApp('/rates');
    const form = await screen.findByRole('form', { name: 'New exchange rate' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Currency' }), { target: { value: 'BHD' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^1 AED in BHD/ }), { target: { value: '0.10238' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set rate' }));
    expect(
      await screen.findByText('1 AED = 0.10238 BHD is in use from now on for new quotations.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Rates in use' })).getByRole('row', { name: /^BHD/ }),
    ).toHaveTextContent('0.10238 BHD');
    const history = screen.getByRole('table', { name: 'Every rate set, newest first' });
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringMatching(/^BHD0\.10238 BHD/), expect.stringMatching(/^OMR0\.10477 OMR/)]);
    const [sent] = await puts('/api/staff/quotation-rates/BHD');
    expect(sent?.body).toEqual({ rate: '0.10238' });
  });

  it('shows a refused rate beside its field in the server’s words', async () => {
    const message = 'rate must be more than 0';
    server.use(
      http.put('/api/staff/quotation-rates/:currency', () =>
        HttpResponse.json({ error: message, problems: [{ path: ['rate'], message }] }, { status: 400 }),
      ),
    );
    renderStaffApp('/rates');
    const form = await screen.findByRole('form', { name: 'New exchange rate' });
    const field = within(form).getByRole('textbox', { name: /^1 AED in OMR/ });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveValue('0');
  });

  it('adds a VAT rate from a day; a rate a sent quotation charged is refused with the day a new one can start', async () => {
    renderStaffApp('/rates');
    const form = await screen.findByRole('form', { name: 'New VAT rate' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), { target: { value: 'OM' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^VAT \(%\)/ }), { target: { value: '7.5' } });
    fireEvent.change(within(form).getByLabelText(/^Starts on/), { target: { value: '2027-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add VAT rate' }));
    expect(await screen.findByText('Oman: VAT 7.5 % from 2027-01-01.')).toBeInTheDocument();
    const vat = screen.getByRole('table', { name: 'VAT rates by country, each from the day it starts' });
    expect(
      within(vat)
        .getAllByRole('row', { name: /^Oman/ })
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^Oman5 %2021-04-16Yes/),
      expect.stringMatching(/^Oman7\.5 %2027-01-01admin@crescent\.example/),
    ]);
    expect((await puts(QUOTATIONS_API.vatRates)).map(({ body }) => body)).toEqual([
      { country: 'OM', ratePercent: '7.5', startsOn: '2027-01-01' },
    ]);

    const used =
      "United Arab Emirates's VAT of 2026-11-28 was charged by quotation QT-AE-2026-000001, and a rate a quotation used is kept as it was: add the new rate from 2026-11-29 or later";
    server.use(http.put(QUOTATIONS_API.vatRates, () => HttpResponse.json({ error: used }, { status: 409 })));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), { target: { value: 'AE' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^VAT \(%\)/ }), { target: { value: '6' } });
    fireEvent.change(within(form).getByLabelText(/^Starts on/), { target: { value: '2026-11-28' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add VAT rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
  });

  it('lists each branch’s seller details, or that its quotations cannot be sent yet', async () => {
    renderStaffApp('/rates');
    const table = await screen.findByRole('table', { name: 'Each branch’s seller details' });
    expect(within(table).getByRole('row', { name: /^Oman/ })).toHaveTextContent(
      'Crescent Electrical Trading L.L.C. (Oman)VATIN OM11000234561234567',
    );
    expect(within(table).getByRole('row', { name: /^Dubai/ })).toHaveTextContent(
      'Not set: quotations of Dubai cannot be sent yet',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('checks each country’s number in words before sending, names it TRN or VATIN, and saves the details', async () => {
    renderStaffApp('/rates');
    const form = await screen.findByRole('form', { name: 'Branch details' });
    // Dubai first: its number is a TRN of 15 digits
    const trn = within(form).getByRole('textbox', { name: /^TRN \(Tax Registration Number\)/ });
    expect(trn).toHaveAccessibleDescription(expect.stringContaining('15 digits, such as 100123456700003.'));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Legal name/ }), {
      target: { value: 'Crescent Electrical Trading L.L.C.' },
    });
    fireEvent.change(trn, { target: { value: '1002345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save branch details' }));
    const wrong = 'TRN "1002345678" is not valid: A UAE TRN is 15 digits, such as 100123456700003';
    expect(trn).toHaveAccessibleDescription(expect.stringContaining(wrong));
    expect(trn).toHaveAttribute('aria-invalid', 'true');
    const registration = within(form).getByRole('textbox', { name: /^Commercial registration number/ });
    expect(registration).toHaveAccessibleDescription(
      expect.stringContaining('Commercial registration number is required'),
    );
    expect(await puts('/api/staff/branch-details/Dubai')).toEqual([]);

    fireEvent.change(trn, { target: { value: '100 2345 6780 0003' } });
    fireEvent.change(registration, { target: { value: '765432' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save branch details' }));
    expect(
      await screen.findByText('Dubai: its quotations name Crescent Electrical Trading L.L.C. as the seller.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Each branch’s seller details' })).getByRole('row', { name: /^Dubai/ }),
    ).toHaveTextContent('Crescent Electrical Trading L.L.C.TRN 100234567800003765432');
    expect((await puts('/api/staff/branch-details/Dubai')).map(({ body }) => body)).toEqual([
      {
        legalName: 'Crescent Electrical Trading L.L.C.',
        taxNumber: '100 2345 6780 0003',
        commercialRegistration: '765432',
      },
    ]);

    // Bahrain's is a VATIN; Oman's, kept already, fills the form to change it
    fireEvent.change(within(form).getByRole('combobox', { name: 'Branch' }), { target: { value: 'Bahrain' } });
    const vatin = within(form).getByRole('textbox', { name: /^VATIN \(VAT Identification Number\)/ });
    fireEvent.change(vatin, { target: { value: 'OM1100012345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save branch details' }));
    expect(vatin).toHaveAccessibleDescription(
      expect.stringContaining('A Bahraini VATIN is 15 digits, such as 200012345600002'),
    );
    fireEvent.change(within(form).getByRole('combobox', { name: 'Branch' }), { target: { value: 'Oman' } });
    expect(within(form).getByRole('textbox', { name: /^VATIN/ })).toHaveValue('OM1100023456');
    expect(within(form).getByRole('textbox', { name: /^Legal name/ })).toHaveValue(
      'Crescent Electrical Trading L.L.C. (Oman)',
    );
  });

  it('shows the server’s refusal of branch details beside the field it names', async () => {
    const message =
      'VATIN "OM110001234" is not valid: An Omani VATIN is OM followed by 10 digits, such as OM1100012345';
    server.use(
      http.put(BRANCH_DETAILS_API.branch, () =>
        HttpResponse.json({ error: message, problems: [{ path: ['taxNumber'], message }] }, { status: 400 }),
      ),
    );
    renderStaffApp('/rates');
    const form = await screen.findByRole('form', { name: 'Branch details' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Branch' }), { target: { value: 'Oman' } });
    // details the page's own checks take, which the server refuses all the same
    const field = within(form).getByRole('textbox', { name: /^VATIN/ });
    const type = (name: RegExp, value: string) =>
      fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
    type(/^Legal name/, 'Crescent Electrical Trading L.L.C. (Oman)');
    type(/^VATIN/, 'OM1100012345');
    type(/^Commercial registration number/, '1234567');
    fireEvent.click(within(form).getByRole('button', { name: 'Save branch details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('is for admins only: not in branch staff’s menu, and the address says so', async () => {
    server.use(...staffHandlers(fakeStaffServer({ session: sessionOf(DUBAI_STAFF) })));
    renderStaffApp('/rates');
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Staff sections' })).not.toHaveTextContent('Rates and VAT');
    expect(screen.queryByRole('form', { name: 'New exchange rate' })).toBeNull();
  });
});
