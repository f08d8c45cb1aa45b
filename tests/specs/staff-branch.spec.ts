// Branch staff. An Oman account signs in with its password alone (no second factor), sees only Oman's rows
// (the list, the CSV), never a branch filter or the admins' pages; a Dubai row opened by its address says it belongs
// to another branch, and the API refuses it (403) to a GET and to changes that carry the session's valid CSRF token.
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { test, expect, localOnly } from '../support/fixtures';
import { QUOTE_REQUESTS } from '../support/submission-stream';
import {
  heading,
  inboxCount,
  inboxRows,
  OMAN_STAFF,
  sentFields,
  staffSession,
  startStaffSite,
  submit,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const contact = (name: string, country: string) => ({
  name,
  email: 'visitor@example.com',
  message: `A message from ${name}.`,
  country,
  website: '',
});
const enquiry = (name: string, country: string) => ({
  userName: name,
  userEmail: 'visitor@example.com',
  userCountry: country,
  inquiryMessage: `An enquiry from ${name}.`,
});

test.describe('branch staff', { tag: ['@local', '@staff'] }, () => {
  test('an Oman account signs in without a second factor and sees Oman rows only; a Dubai row is refused in the page and by the API', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const staffSite = await startStaffSite([OMAN_STAFF]);
    const { url, staffUrl } = staffSite;
    const staffAt = (path: string) => `${staffUrl}${path}`;
    try {
      // what visitors sent, oldest first: Oman's three, Dubai's two, a registration for Bahrain
      const request = page.request;
      const omanContact = await submit(request, url, '/api/send-contact-form', contact('Salim Al Harthy', 'Oman'));
      const dubaiContact = await submit(request, url, '/api/send-contact-form', contact('Rashid Al Maktoum', 'Dubai'));
      await submit(request, url, '/api/send-inquiry', enquiry('Nasser Al Balushi', 'Oman'));
      const dubaiEnquiry = await submit(request, url, '/api/send-inquiry', enquiry('Mariam Al Falasi', 'Dubai'));
      await submit(request, url, '/api/quote-requests', { ...QUOTE_REQUESTS.body('Hamed Al Rawahi'), branch: 'Oman' });
      await submit(request, url, '/api/send-user-registration', {
        userName: 'Ali Isa',
        userEmail: 'ali@example.com',
        userCountry: 'Bahrain',
      });
      // the page's console (the page has loaded nothing yet): the Dubai rows' 403s are the point of the test, nothing else
      const staffConsole = watchStaffConsole(page, [
        `403 ${staffApiPath(STAFF_API.inboxItem, { kind: 'contact', id: dubaiContact.id! })}`,
        `403 ${staffApiPath(STAFF_API.inboxItem, { kind: 'enquiry', id: dubaiEnquiry.id! })}`,
      ]);

      // the password alone signs branch staff in: straight to the inbox
      await page.goto(staffAt('/staff/sign-in'));
      await submitPassword(page, OMAN_STAFF);
      await expect(page).toHaveURL(staffAt('/staff/inbox'));
      await expect(heading(page, 'Inbox')).toBeVisible();
      await expect(page.getByText(`${OMAN_STAFF.email} (Branch staff, Oman)`, { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link')).toHaveText([
        'Inbox',
        'Orders',
        'Expiring quotations',
      ]);
      await expect(page.getByRole('combobox', { name: 'Branch', exact: true })).toHaveCount(0);

      // Oman's rows only, newest first
      const omanRows = [
        { kind: 'Quote request', from: 'Hamed Al Rawahi', branch: 'Oman' },
        { kind: 'Enquiry', from: 'Nasser Al Balushi', branch: 'Oman' },
        { kind: 'Contact message', from: 'Salim Al Harthy', branch: 'Oman' },
      ];
      await expect(inboxCount(page)).toHaveText('Showing all 3 items');
      expect(await inboxRows(page)).toEqual(omanRows.map((row) => expect.objectContaining(row)));
      // another branch in a shared address changes nothing for them
      await page.goto(staffAt('/staff/inbox?branch=Dubai'));
      await expect(inboxCount(page)).toHaveText('Showing all 3 items');
      expect(await inboxRows(page)).toEqual(omanRows.map((row) => expect.objectContaining(row)));

      // their own row opens
      await page.goto(staffAt(`/staff/inbox/contact/${omanContact.id}`));
      await expect(heading(page, 'Contact message from Salim Al Harthy')).toBeVisible();
      expect(await sentFields(page)).toContainEqual(['Country', 'Oman']);

      // a Dubai row by its address: the page says whose it is, and shows nothing of it
      for (const [kind, id] of [
        ['contact', dubaiContact.id],
        ['enquiry', dubaiEnquiry.id],
      ] as const) {
        await page.goto(staffAt(`/staff/inbox/${kind}/${id}`));
        await expect(heading(page, kind === 'contact' ? 'Contact message' : 'Enquiry')).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText('This belongs to another branch.');
        await expect(page.getByRole('region', { name: 'What was sent' })).toHaveCount(0);
        await expect(page.getByText(/Rashid|Mariam/)).toHaveCount(0);
      }

      // the API: 403 to a GET, and to changes carrying the session's valid token (which works on their own row)
      const { csrfToken } = await staffSession(request, staffUrl);
      const headers = { [CSRF_HEADER]: csrfToken };
      const dubaiRow = { kind: 'contact', id: dubaiContact.id! };
      const read = await request.get(staffAt(staffApiPath(STAFF_API.inboxItem, dubaiRow)));
      expect(read.status()).toBe(403);
      expect(await read.json()).toEqual({ error: 'This belongs to another branch.' });
      for (const [pattern, data] of [
        [STAFF_API.inboxStatus, { status: 'handled' }],
        [STAFF_API.inboxNote, { text: 'Not ours.' }],
        [STAFF_API.inboxAssign, { assigneeId: null }],
      ] as const) {
        const change = await request.post(staffAt(staffApiPath(pattern, dubaiRow)), { headers, data });
        expect(change.status(), pattern).toBe(403);
        expect(await change.json(), pattern).toEqual({ error: 'This belongs to another branch.' });
      }
      const own = await request.post(
        staffAt(staffApiPath(STAFF_API.inboxStatus, { kind: 'contact', id: omanContact.id! })),
        { headers, data: { status: 'in_progress' } },
      );
      expect(own.status(), await own.text()).toBe(200);
      expect(await own.json()).toMatchObject({ status: 'in_progress', branch: 'Oman' });
      expect((await request.get(staffAt(`${STAFF_API.inbox}?branch=Dubai`))).status()).toBe(403);
      // the CSV export holds Oman's rows and nothing else
      const csv = await request.get(staffAt(STAFF_API.inboxCsv));
      expect(csv.status()).toBe(200);
      const csvText = await csv.text();
      for (const name of ['Salim Al Harthy', 'Nasser Al Balushi', 'Hamed Al Rawahi']) expect(csvText).toContain(name);
      for (const name of ['Rashid Al Maktoum', 'Mariam Al Falasi', 'Ali Isa']) expect(csvText).not.toContain(name);

      // the admins' pages and calls
      expect((await request.get(staffAt(STAFF_API.audit))).status()).toBe(403);
      expect(
        (await request.put(staffAt(STAFF_API.settings), { headers, data: { holdNewReviews: true } })).status(),
      ).toBe(403);
      // review moderation is the admins': no list (with reviewers' e-mails), no hiding
      expect((await request.get(staffAt(STAFF_API.reviews))).status()).toBe(403);
      expect(
        (
          await request.post(staffAt(staffApiPath(STAFF_API.reviewVisibility, { id: 1 })), {
            headers,
            data: { hidden: true },
          })
        ).status(),
      ).toBe(403);
      await page.goto(staffAt('/staff/reviews'));
      await expect(heading(page, 'Reviews')).toBeVisible();
      await expect(page.getByText('Only administrators can open this page.', { exact: true })).toBeVisible();
      await page.goto(staffAt('/staff/settings'));
      await expect(heading(page, 'Settings')).toBeVisible();
      await expect(page.getByText('Only administrators can open this page.', { exact: true })).toBeVisible();

      // the change made through the API shows in the list
      await page.goto(staffAt('/staff/inbox'));
      await expect(inboxCount(page)).toHaveText('Showing all 3 items');
      expect((await inboxRows(page)).map((row) => [row.from, row.status])).toEqual([
        ['Hamed Al Rawahi', 'New'],
        ['Nasser Al Balushi', 'New'],
        ['Salim Al Harthy', 'In progress'],
      ]);
      expect(staffConsole.problems).toEqual([]);
      expect(staffConsole.expectedRefusals).toEqual([
        `403 /api/staff/inbox/contact/${dubaiContact.id}`,
        `403 /api/staff/inbox/enquiry/${dubaiEnquiry.id}`,
      ]);
    } finally {
      await staffSite.stop();
    }
  });
});
