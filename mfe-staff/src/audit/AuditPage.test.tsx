import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSent, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { ADMIN, fakeStaffServer, staffHandlers } from '../testing/handlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';
import { withHiddenCharactersShown } from '../ui/VisibleText';
import { auditPageOf } from './AuditPage';

describe('the audit log', () => {
  it('shows the entries in a table and pages with the address', async () => {
    const fake = fakeStaffServer();
    fake.audit = { ...fake.audit, page: 1, pageCount: 3 };
    server.use(...staffHandlers(fake));
    renderStaffApp('/audit');
    const table = await screen.findByRole('table', { name: 'Page 1 of 3, newest first' });
    expect(within(table).getByRole('cell', { name: ADMIN.email })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'new → handled' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fake.audit = { ...fake.audit, page: 2 };
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentAddress()).toBe('/audit?page=2'));
    expect(await screen.findByRole('table', { name: 'Page 2 of 3, newest first' })).toBeInTheDocument();
    expect(requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.audit}`))).toEqual([
      `GET ${STAFF_API.audit}`,
      `GET ${STAFF_API.audit}?page=2`,
    ]);
  });

  it("reaches the buyers' accounts log from its link: the buyer as who, the change and its colleague, the device", async () => {
    server.use(...staffHandlers(fakeStaffServer()));
    renderStaffApp('/audit');
    await screen.findByRole('table', { name: 'Page 1 of 1, newest first' });
    fireEvent.click(screen.getByRole('link', { name: 'Buyers’ accounts log' }));
    await waitFor(() => expect(currentAddress()).toBe('/audit/buyers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyers’ accounts log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Page 1 of 1, newest first' });
    const row = within(table).getByRole('row', { name: /buyer\.company-invited/ });
    expect(within(row).getByRole('cell', { name: 'aisha.rahman@gulf-build.example' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'omar.said@gulf-build.example' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Chrome — Windows' })).toBeInTheDocument();
    expect(requestsSent().filter((request) => request.startsWith('GET /api/staff/audit'))).toEqual([
      `GET ${STAFF_API.audit}`,
      `GET ${STAFF_API.buyerAudit}`,
    ]);
  });

  it('shows typed text with its hidden characters written out and isolated: a forged line or reversed address shows as what it is', async () => {
    const fake = fakeStaffServer();
    const forged = 'password; e-mail x@crescent.example\naddress 10.0.0.1\u202e; address 9.113.0.302';
    fake.audit = {
      ...fake.audit,
      entries: [
        {
          id: 99,
          at: '2026-11-23T10:00:00.000Z',
          actor: null,
          action: 'sign-in failed',
          target: null,
          detail: forged,
          fields: null,
        },
      ],
    };
    server.use(...staffHandlers(fake));
    renderStaffApp('/audit');
    const table = await screen.findByRole('table');
    const cell = within(table).getByText(/^password; e-mail/);
    expect(cell.tagName).toBe('BDI');
    expect(cell.textContent).toBe(
      'password; e-mail x@crescent.example⟨U+000A⟩address 10.0.0.1⟨U+202E⟩; address 9.113.0.302',
    );
    expect(table.textContent).not.toMatch(/[\n\u202e]/);
  });

  it("shows an entry's fields as name and value: an e-mail holding '; address 10.9.9.9' stays the e-mail's value", async () => {
    const fake = fakeStaffServer();
    const fields = { step: 'password', email: 'admin@rt.test; address 10.9.9.9', address: '127.0.3.1' };
    fake.audit = {
      ...fake.audit,
      entries: [
        {
          id: 98,
          at: '2026-11-23T10:00:00.000Z',
          actor: null,
          action: 'sign-in failed',
          target: null,
          detail: null,
          fields,
        },
      ],
    };
    server.use(...staffHandlers(fake));
    renderStaffApp('/audit');
    const table = await screen.findByRole('table');
    const shown = within(table)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(shown).toEqual([
      ['Step', 'password'],
      ['E-mail', 'admin@rt.test; address 10.9.9.9'],
      ['Address', '127.0.3.1'],
    ]);
  });

  it('writes out tag characters, soft hyphens and other invisible format characters', () => {
    const tagged = `admin\u00ad\u{E0041}\u{E0042}\u2063\u180e\u3164x`;
    expect(withHiddenCharactersShown(tagged)).toBe('admin⟨U+00AD⟩⟨U+E0041⟩⟨U+E0042⟩⟨U+2063⟩⟨U+180E⟩⟨U+3164⟩x');
    expect(withHiddenCharactersShown('عائشة 😀 e\u0301')).toBe('عائشة 😀 e\u0301');
  });

  it('reads the page from the address', () => {
    expect(auditPageOf('?page=4')).toBe(4);
    expect(auditPageOf('?page=-1')).toBe(1);
    expect(auditPageOf('')).toBe(1);
  });
});
