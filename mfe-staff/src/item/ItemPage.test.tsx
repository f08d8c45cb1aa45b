import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../testing/contractHttp';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import {
  ADMIN,
  DUBAI_STAFF,
  detail,
  fakeStaffServer,
  HOSTILE,
  quoteDetail,
  staffHandlers,
  type FakeStaffServer,
} from '../testing/handlers';
import { fakeOrders, sentQuotation } from '../testing/orderHandlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

const posts = async (path: string) =>
  (await requestsSentWithBodies()).filter(({ request }) => request === `POST ${path}`).map(({ body }) => body);

describe('an inbox item', () => {
  it('shows everything the visitor sent as text: markup and script stay characters, nothing runs', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderStaffApp('/inbox/contact/7');
    const heading = await screen.findByRole('heading', { level: 1, name: `Contact message from ${HOSTILE}` });
    expect(heading).toBeInTheDocument();
    const sent = screen.getByRole('region', { name: 'What was sent' });
    expect(within(sent).getAllByText(HOSTILE)).toHaveLength(1);
    expect(
      within(sent).getByText(
        (_, element) =>
          element?.tagName === 'DD' && element.textContent === 'Please call me.\n<script>alert("x")</script>',
      ),
    ).toBeInTheDocument();
    // No element came from the visitor's text anywhere in the page.
    expect(document.querySelector('main img, main script')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    expect(document.title).toBe(`Contact message from ${HOSTILE} · Staff · Crescent Electrical Trading`);
  });

  it("shows a quote request's lines as a table", async () => {
    renderStaffApp('/inbox/quote/12');
    await screen.findByRole('heading', { level: 1, name: 'Quote request RFQ-AE-2026-000123 from Aisha Rahman' });
    const table = within(screen.getByRole('region', { name: 'Quote lines' })).getByRole('table', {
      name: '2 lines requested',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Code', 'Product', 'Quantity', 'Unit'],
      ['CG-20', 'Cable gland – Size 20 (M20)', '200', 'pcs'],
      ['XL-4', 'XLPE cable 4 core', '150.5', 'm'],
    ]);
  });

  it("shows the buyers' company account a quote request came from: its name, domain and buyers", async () => {
    renderStaffApp('/inbox/quote/12');
    const section = await screen.findByRole('region', { name: 'Buyer’s company account' });
    expect(within(section).getByText('Gulf Build LLC')).toBeInTheDocument();
    expect(within(section).getByText('gulf-build.example')).toBeInTheDocument();
    expect(
      within(within(section).getByRole('list', { name: 'Buyers of Gulf Build LLC' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aisha.rahman@gulf-build.example', 'omar.said@gulf-build.example']);
  });

  it('shows no company account for a request from an address in none', async () => {
    renderStaffApp('/inbox/contact/7');
    await screen.findByRole('region', { name: 'What was sent' });
    expect(screen.queryByRole('region', { name: 'Buyer’s company account' })).toBeNull();
  });

  it("lists each mail with its delivery state and last error; a failed one is re-sent with the session's CSRF token", async () => {
    let csrf: string | null = null;
    renderStaffApp('/inbox/contact/7');
    const mails = within(await screen.findByRole('table', { name: 'Mails and their delivery' }));
    expect(mails.getByRole('cell', { name: 'Not sent' })).toBeInTheDocument();
    expect(mails.getByRole('cell', { name: '550 mailbox unavailable' })).toBeInTheDocument();
    expect(mails.getByRole('cell', { name: 'Sent' })).toBeInTheDocument();
    expect(mails.getAllByRole('button', { name: /^Re-send/ })).toHaveLength(1);
    // Looks at the request, then lets the fake answer it (a resolver that returns nothing falls through).
    server.use(
      http.post('/api/staff/inbox/contact/7/resend', ({ request }) => {
        csrf = request.headers.get(CSRF_HEADER);
      }),
    );
    fireEvent.click(mails.getByRole('button', { name: 'Re-send the to the branch mail to dubai@crescent.example' }));
    expect(await screen.findByText('The mail to dubai@crescent.example is queued again.')).toBeInTheDocument();
    expect(mails.getByRole('cell', { name: 'Waiting to be sent' })).toBeInTheDocument();
    expect(mails.queryByRole('button', { name: /^Re-send/ })).toBeNull();
    expect(await posts('/api/staff/inbox/contact/7/resend')).toEqual([{ mailId: 31 }]);
    expect(csrf).toBe(fake.session?.csrfToken);
  });

  it('assigns to a colleague from the accounts list, sets the status and adds a note', async () => {
    renderStaffApp('/inbox/contact/7');
    // the item loaded: its controls are there
    const assignee = await screen.findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() =>
      expect(
        within(assignee)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Nobody', `${ADMIN.email} (administrator)`, `${DUBAI_STAFF.email} (Dubai)`]),
    );
    fireEvent.change(assignee, { target: { value: String(DUBAI_STAFF.id) } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned.')).toBeInTheDocument();
    expect(screen.getByText(`Assigned to: ${DUBAI_STAFF.email}`)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'in_progress' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('The status is now In progress.')).toBeInTheDocument();
    expect(screen.getByText('Status: In progress')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note first.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), {
      target: { value: `Called back. ${HOSTILE}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('The note is added.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    const notes = screen.getByRole('region', { name: 'Internal notes' });
    expect(within(notes).getByRole('listitem')).toHaveTextContent(`${ADMIN.email}, `);
    expect(within(notes).getByText(`Called back. ${HOSTILE}`).tagName).toBe('P');

    expect(await posts('/api/staff/inbox/contact/7/assign')).toEqual([{ assigneeId: DUBAI_STAFF.id }]);
    expect(await posts('/api/staff/inbox/contact/7/status')).toEqual([{ status: 'in_progress' }]);
    expect(await posts('/api/staff/inbox/contact/7/notes')).toEqual([{ text: `Called back. ${HOSTILE}` }]);
    expect(requestsSent()).toContain(`GET ${STAFF_API.accounts}`);
  });

  it('restores a spam item (status new)', async () => {
    fake.items = [detail({ status: 'spam' })];
    renderStaffApp('/inbox/contact/7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Marked as spam' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore (not spam)' }));
    expect(await screen.findByText('Restored: it is new again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Marked as spam' })).toBeNull();
    expect(await posts('/api/staff/inbox/contact/7/status')).toEqual([{ status: 'new' }]);
  });

  it('deletes a spam item only after a confirmation, then returns to the inbox view it came from', async () => {
    fake.items = [detail({ status: 'spam' })];
    renderStaffApp('/inbox?status=spam');
    fireEvent.click(await screen.findByRole('link', { name: HOSTILE }));
    await screen.findByRole('heading', { level: 2, name: 'Marked as spam' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this item for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsSent().filter((request) => request.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentAddress()).toBe('/inbox?status=spam'));
    expect(requestsSent().filter((request) => request.startsWith('DELETE'))).toEqual([
      'DELETE /api/staff/inbox/contact/7',
    ]);
    expect(await screen.findByText('No items match these filters.')).toBeInTheDocument();
  });

  it('a quote request whose quotation was sent: spam is not offered, a spam-flagged one cannot be deleted, and the reason is shown', async () => {
    const reason =
      'Its quotation QT-AE-2026-000041 was sent to the buyer: this request is kept, and cannot be marked as spam or deleted.';
    fake.quotationLinks = fakeOrders({
      sentQuotations: { 12: [sentQuotation({ number: 'QT-AE-2026-000041', state: 'accepted' })] },
    });
    const { unmount } = renderStaffApp('/inbox/quote/12');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await waitFor(() => expect(within(status).getByRole('option', { name: 'Spam' })).toBeDisabled());
    expect(screen.getByText(reason)).toBeInTheDocument();
    unmount();

    // flagged before the rule: the box says why, and Delete is not offered
    fake.items = [{ ...quoteDetail(), status: 'spam' }];
    renderStaffApp('/inbox/quote/12');
    const box = await screen.findByRole('region', { name: 'Marked as spam' });
    await waitFor(() => expect(within(box).getByRole('button', { name: 'Delete…' })).toBeDisabled());
    expect(within(box).getByText(reason)).toBeInTheDocument();
  });

  it("the server's refusal of spam is shown in its words", async () => {
    const refusal =
      "This request cannot be marked as spam: its quotation QT-AE-2026-000041 was sent to the buyer (sent), and it is kept with the quotation and the buyer's answers";
    server.use(
      http.post('/api/staff/inbox/quote/12/status', () => HttpResponse.json({ error: refusal }, { status: 409 })),
    );
    renderStaffApp('/inbox/quote/12');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status' }), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('says so when the item does not exist, or the address names none', async () => {
    renderStaffApp('/inbox/contact/404');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such item.');
  });

  it('an address that names no item makes no request', async () => {
    renderStaffApp('/inbox/letters/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
    expect(requestsSent()).toEqual([`GET ${STAFF_API.session}`]);
  });

  it('a change refused for a stale form shows the reason', async () => {
    server.use(
      http.post('/api/staff/inbox/contact/7/status', () =>
        HttpResponse.json(
          { error: 'Your session has expired or the form is stale. Please reload the page.' },
          { status: 403 },
        ),
      ),
    );
    renderStaffApp('/inbox/contact/7');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status' }), { target: { value: 'handled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired or the form is stale. Please reload the page.',
    );
  });
});
