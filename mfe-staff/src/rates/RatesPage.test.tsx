import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../testing/contractHttp';
import { requestsSentWithBodies, server } from '@test/msw';
import { QUOTATIONS_API } from '@site/contracts/quotations-api';
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

  it('is for admins only: not in branch staff’s menu, and the address says so', async () => {
    server.use(...staffHandlers(fakeStaffServer({ session: sessionOf(DUBAI_STAFF) })));
    renderStaffApp('/rates');
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Staff sections' })).not.toHaveTextContent('Rates and VAT');
    expect(screen.queryByRole('form', { name: 'New exchange rate' })).toBeNull();
  });
});
