// The staff app's journey against the real server: what visitors send through the public pages (a chat
// registration and enquiry, a product review, a quote request from the basket, a contact message) while the site's
// SMTP server is down, then an administrator's first sign-in (TOTP set up from the key the page shows, recovery
// codes), the inbox newest first and its filters in the address, the contact message with its failed mail re-sent once
// SMTP is back (received by the loopback SMTP server), its status and a note kept across reloads, the review hidden and
// gone from the public product page and the listing's rating, and the sign-out that ends the session on the server.
import type { Page } from '@playwright/test';
import { productViewSearch } from '@site/contracts/product-view';
import { STAFF_API } from '@site/contracts/staff-api';
import { startSmtpServer, type TestSmtpServer } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { cardNames } from '../support/product-cards';
import { mailsTo, quoteProduct } from '../support/quote-basket';
import { freePort } from '../support/site-server';
import {
  ADMIN,
  confirmCodesSaved,
  heading,
  inboxCount,
  inboxRows,
  mailRows,
  mailsTable,
  sentFields,
  setUpTotp,
  startStaffSite,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';
import { englishData } from '../support/ui-strings';

localOnly('starts its own server with staff accounts it creates and a mail catcher');

const branches = englishData<{ name: string; email: string }[]>('branches.json');
const branchEmail = (name: string) => branches.find((branch) => branch.name === name)!.email;

/** The wires listing's last product: no seed review, so its rating is the review below alone. */
const REVIEWED = quoteProduct('oc_6242y_flat_twin_and_earth_cable');
/** A product of the same listing with seed reviews (a rating shown whatever happens to the one above). */
const SEEDED = quoteProduct('oc_6491x_pvc_single_core_wire');
const GLAND = quoteProduct('hex_cw_brass_cable_gland');

const REVIEW = { name: 'Karim Nasser', comment: 'Clean insulation, easy to strip. Would buy again.' };
const CHAT_VISITOR = { name: 'Omar Saleh', email: 'omar.saleh@example.com', branch: 'Bahrain' };
const ENQUIRY = 'Please quote 500 m of 2.5 mm² flexible cable for our warehouse.';
const BUYER = {
  company: 'Gulf Build LLC',
  name: 'Aisha Rahman',
  email: 'aisha.buyer@example.com',
  phone: '+968 9123 4567',
  notes: 'Delivery to Sohar port.',
};
// 'busbar' is in this message only: the inbox's search finds it alone
const CONTACT = {
  name: 'Layla Haddad',
  email: 'layla.haddad@example.com',
  phone: '+971 50 765 4321',
  country: 'Dubai',
  companyName: 'Haddad Contracting',
  companyLocation: 'Dubai, UAE',
  message: 'Do you stock copper busbar 40x5 mm?\nWe need 60 lengths by next month.',
};

/** The listing's card of `name` and its rating, as the visitor sees it. */
const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Wires products', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The visitor's part: registration and enquiry in the chat, a review, a quote request, a contact message (newest). */
async function visitorsSubmit(page: Page, url: string): Promise<void> {
  // the chat's welcome form (a registration), then an enquiry from it
  await page.goto(`${url}${REVIEWED.pagePath}`);
  const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
  await chat.getByLabel('Full Name *').fill(CHAT_VISITOR.name);
  await chat.getByLabel('Email Address *').fill(CHAT_VISITOR.email);
  await chat.getByLabel('Region/Branch You Want to Inquire About *').selectOption(CHAT_VISITOR.branch);
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/send-user-registration'));
  await chat.getByRole('button', { name: 'Start Chat', exact: true }).click();
  expect((await registered).status()).toBe(200);
  await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText(`Thank you, ${CHAT_VISITOR.name}!`);
  await chat.getByRole('button', { name: 'Send Inquiry' }).click();
  const inquiry = page.getByRole('dialog', { name: 'Send Inquiry' });
  await inquiry.getByLabel('Your Inquiry *').fill(ENQUIRY);
  await inquiry.getByLabel('Company Name').fill('Saleh Trading');
  const enquired = page.waitForResponse((response) => response.url().endsWith('/api/send-inquiry'));
  await inquiry.getByRole('button', { name: 'Submit Inquiry' }).click();
  expect((await enquired).status()).toBe(200);
  await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText(
    'Your inquiry has been sent successfully.',
  );
  await chat.getByRole('button', { name: 'Minimize chat' }).click();

  // a five-star review of a product nobody reviewed yet
  const form = page.getByRole('form', { name: 'Write a Review' });
  await form.getByLabel('Name*').fill(REVIEW.name);
  await form.getByLabel('Write Your Review*').fill(REVIEW.comment);
  await form.getByLabel('Select Rating*').selectOption('Five');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your review has been added.');
  const reviews = page.getByRole('list', { name: 'Customer reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first()).toContainText(REVIEW.comment);

  // the listing rates it, and sorts it first by rating
  await page.goto(`${url}${REVIEWED.listingPath}`);
  await expect(
    card(page, REVIEWED.productName).getByRole('img', { name: 'Rated 5 out of 5 (1 review)', exact: true }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort products' }).selectOption({ label: 'Sort by average rating' });
  await expect.poll(async () => (await cardNames(page, 'Wires products'))[0]).toBe(REVIEWED.productName);

  // a quote request: one product into the basket, the request page's form sent to Oman
  // its first size chosen: a product of several variants has "Add to quote" in its summary once one is
  await page.goto(`${url}${GLAND.pagePath}${productViewSearch(GLAND.code)}`);
  await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill('40');
  await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 40 pieces to your quote basket.' })).toBeVisible();
  await page.goto(`${url}/request-quote`);
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(
    page.getByRole('table', { name: 'Products to quote' }).getByRole('row').filter({ hasText: GLAND.code }),
  ).toBeVisible();
  await textbox('Company').fill(BUYER.company);
  await textbox('Your name').fill(BUYER.name);
  await textbox('Email').fill(BUYER.email);
  await textbox('Phone').fill(BUYER.phone);
  await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption({ label: 'Oman' });
  await textbox('Notes').fill(BUYER.notes);
  await textbox('23 - 14 = ?').fill('9');
  await page.getByRole('button', { name: 'Send request', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Request sent', exact: true })).toBeVisible();

  // the contact message, to Dubai
  await page.goto(`${url}/contact-us`);
  const contact = page.getByRole('form', { name: 'Send us a message' });
  const field = (label: string) => contact.getByRole('textbox', { name: label, exact: true });
  await field('Name').fill(CONTACT.name);
  await field('Email').fill(CONTACT.email);
  await field('Phone').fill(CONTACT.phone);
  await contact.getByRole('combobox', { name: 'Country' }).selectOption(CONTACT.country);
  await field('Company Name').fill(CONTACT.companyName);
  await field('Company Location').fill(CONTACT.companyLocation);
  await field('Message').fill(CONTACT.message);
  await field('23 - 14 = ?').fill('9');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(contact.locator('#message-form-status')).toHaveText(
    "Thank you for your message! We'll get back to you within 24 hours.",
  );
}

test.describe('the staff app', { tag: ['@local', '@staff'] }, () => {
  test('visitors send through the public pages with SMTP down; an admin sets up TOTP, works the inbox, re-sends the failed mail, hides the review, signs out', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const staffConsole = watchStaffConsole(page);
    // SMTP down at first: its port is chosen, nothing listens on it until the admin brings it up
    const smtpPort = await freePort();
    const staffSite = await startStaffSite([ADMIN], {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Crescent website <website@example.com>',
      MAIL_POLL_SECONDS: '0.2',
      // no retry by itself during the test: only the admin's Re-send sends the mail again
      MAIL_RETRY_BASE_SECONDS: '3000',
    });
    let smtp: TestSmtpServer | undefined;
    const { url, staffUrl } = staffSite;
    const at = (path: string) => `${url}${path}`;
    const staffAt = (path: string) => `${staffUrl}${path}`;
    try {
      await visitorsSubmit(page, url);

      // ---- the admin's first sign-in: password, TOTP set-up from the key shown, recovery codes ----
      await page.goto(staffAt('/staff/inbox'));
      await expect(page).toHaveURL(staffAt('/staff/sign-in'));
      await submitPassword(page, ADMIN);
      await setUpTotp(page);
      await confirmCodesSaved(page);
      await expect(page).toHaveURL(staffAt('/staff/inbox'));
      await expect(heading(page, 'Inbox')).toBeVisible();
      await expect(page.getByText(`${ADMIN.email} (Administrator)`, { exact: true })).toBeVisible();

      // ---- the inbox: everything sent, newest first ----
      await expect(inboxCount(page)).toHaveText('Showing all 4 items');
      expect(await inboxRows(page)).toEqual([
        {
          kind: 'Contact message',
          from: CONTACT.name,
          company: CONTACT.companyName,
          branch: 'Dubai',
          status: 'New',
          message: CONTACT.message,
        },
        {
          kind: 'Quote request',
          from: BUYER.name,
          company: BUYER.company,
          branch: 'Oman',
          status: 'New',
          message: BUYER.notes,
        },
        {
          kind: 'Enquiry',
          from: CHAT_VISITOR.name,
          company: 'Saleh Trading',
          branch: CHAT_VISITOR.branch,
          status: 'New',
          message: ENQUIRY,
        },
        {
          kind: 'Registration',
          from: CHAT_VISITOR.name,
          company: '',
          branch: CHAT_VISITOR.branch,
          status: 'New',
          message: '',
        },
      ]);

      // filters: each choice is in the address (one order), the list follows it, back returns to the previous view
      await page.getByRole('combobox', { name: 'Kind', exact: true }).selectOption({ label: 'Enquiries' });
      await expect(page).toHaveURL(staffAt('/staff/inbox?kind=enquiry'));
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      expect((await inboxRows(page)).map((row) => row.kind)).toEqual(['Enquiry']);
      await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption('Bahrain');
      await expect(page).toHaveURL(staffAt('/staff/inbox?kind=enquiry&branch=Bahrain'));
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption('Dubai');
      await expect(page).toHaveURL(staffAt('/staff/inbox?kind=enquiry&branch=Dubai'));
      await expect(inboxCount(page)).toHaveText('No items match these filters.');
      await page.goBack();
      await expect(page).toHaveURL(staffAt('/staff/inbox?kind=enquiry&branch=Bahrain'));
      await expect(page.getByRole('combobox', { name: 'Branch', exact: true })).toHaveValue('Bahrain');
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/inbox'));
      await expect(inboxCount(page)).toHaveText('Showing all 4 items');
      await page.getByRole('searchbox', { name: 'Search' }).fill('busbar');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/inbox?q=busbar'));
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      expect((await inboxRows(page)).map((row) => row.from)).toEqual([CONTACT.name]);

      // ---- the contact message: every field as text, its mail not sent with the error ----
      await page.getByRole('link', { name: CONTACT.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^${staffUrl}/staff/inbox/contact/\\d+$`));
      const itemUrl = page.url();
      await expect(heading(page, `Contact message from ${CONTACT.name}`)).toBeVisible();
      await expect(page.getByText('Branch: Dubai', { exact: true })).toBeVisible();
      await expect(page.getByText('Status: New', { exact: true })).toBeVisible();
      expect(await sentFields(page)).toEqual([
        ['Name', CONTACT.name],
        ['Email', CONTACT.email],
        ['Phone', CONTACT.phone],
        ['Country', CONTACT.country],
        ['Company Name', CONTACT.companyName],
        ['Company Location', CONTACT.companyLocation],
        ['Message', CONTACT.message],
        ['Language', 'English'],
      ]);
      const dubai = branchEmail('Dubai');
      const [failed] = await mailRows(page);
      expect(failed).toMatchObject({ kind: 'contact_message', to: dubai, state: 'Not sent', sent: '' });
      expect(Number(failed!.tries)).toBeGreaterThanOrEqual(1);
      // the SMTP client's own words for a port nobody listens on
      expect(failed!.lastError).toMatch(/ECONNREFUSED/);

      // SMTP back up: Re-send, and the loopback server receives the mail (and only it: the others wait their backoff)
      smtp = await startSmtpServer(smtpPort);
      await mailsTable(page)
        .getByRole('button', { name: `Re-send the contact_message mail to ${dubai}`, exact: true })
        .click();
      await expect(page.getByText(`The mail to ${dubai} is queued again.`, { exact: true })).toBeVisible();
      await expect(mailsTable(page).getByRole('button', { name: /^Re-send/ })).toHaveCount(0);
      const [mail] = await mailsTo(smtp, dubai);
      expect(mail!.text).toContain('copper busbar 40x5 mm');
      expect(mail!.text).toContain(CONTACT.name);
      expect(smtp.received).toHaveLength(1);
      // its state as stored: sent, no error (the worker marks it right after the SMTP server's answer)
      await expect(async () => {
        await page.reload();
        await expect(mailsTable(page)).toBeVisible();
        expect(await mailRows(page)).toEqual([expect.objectContaining({ to: dubai, state: 'Sent', lastError: '' })]);
      }).toPass({ timeout: 20_000 });

      // ---- status and a note, kept after a reload and shown in the list ----
      await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Handled' });
      await page.getByRole('button', { name: 'Set status', exact: true }).click();
      await expect(page.getByText('The status is now Handled.', { exact: true })).toBeVisible();
      await expect(page.getByText('Status: Handled', { exact: true })).toBeVisible();
      const note = 'Called Layla back: 60 lengths in stock at Jebel Ali, quote sent.';
      await page.getByRole('textbox', { name: 'New note', exact: true }).fill(note);
      await page.getByRole('button', { name: 'Add note', exact: true }).click();
      await expect(page.getByText('The note is added.', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'New note', exact: true })).toHaveValue('');
      await page.reload();
      await expect(page.getByText('Status: Handled', { exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('handled');
      const notes = page.getByRole('region', { name: 'Internal notes', exact: true }).getByRole('listitem');
      await expect(notes).toHaveCount(1);
      await expect(notes.first()).toContainText(`${ADMIN.email}, `);
      await expect(notes.first().getByText(note, { exact: true })).toBeVisible();
      await page.goto(staffAt('/staff/inbox'));
      await expect(inboxCount(page)).toHaveText('Showing all 4 items');
      expect((await inboxRows(page)).map((row) => [row.from, row.status])).toEqual([
        [CONTACT.name, 'Handled'],
        [BUYER.name, 'New'],
        [CHAT_VISITOR.name, 'New'],
        [CHAT_VISITOR.name, 'New'],
      ]);
      await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Handled' });
      await expect(page).toHaveURL(staffAt('/staff/inbox?status=handled'));
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      expect((await inboxRows(page)).map((row) => row.from)).toEqual([CONTACT.name]);

      // ---- the review hidden: gone from the product page and from the listing's rating and sort ----
      await page
        .getByRole('navigation', { name: 'Staff sections' })
        .getByRole('link', { name: 'Reviews', exact: true })
        .click();
      await expect(page).toHaveURL(staffAt('/staff/reviews'));
      await expect(heading(page, 'Reviews')).toBeVisible();
      const review = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({
          has: page.getByRole('heading', {
            level: 2,
            name: `${REVIEWED.productName}: 5 of 5 stars from ${REVIEW.name}`,
            exact: true,
          }),
        });
      await expect(review).toContainText('Visible');
      await expect(review.getByText(REVIEW.comment, { exact: true })).toBeVisible();
      await review.getByRole('button', { name: 'Hide', exact: true }).click();
      await expect(review.getByText('Hidden.', { exact: true })).toBeVisible();
      await expect(review.getByRole('button', { name: 'Unhide', exact: true })).toBeVisible();
      await page.reload();
      await expect(review).toContainText('Hidden');

      await page.goto(at(REVIEWED.pagePath));
      await expect(page.getByRole('heading', { level: 2, name: REVIEWED.productName })).toBeVisible();
      await expect(page.getByText('No Reviews Yet.', { exact: true })).toBeVisible();
      await expect(page.getByText(REVIEW.comment)).toHaveCount(0);
      await page.goto(at(REVIEWED.listingPath));
      // the seeded product's rating shows: the ratings have arrived, and the hidden review counts in none
      await expect(card(page, SEEDED.productName).getByRole('img', { name: /^Rated / })).toBeVisible();
      await expect(card(page, REVIEWED.productName).getByRole('img', { name: /^Rated / })).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Sort products' }).selectOption({ label: 'Sort by average rating' });
      await expect.poll(async () => (await cardNames(page, 'Wires products'))[0]).toBe(SEEDED.productName);

      // ---- sign-out: back to the sign-in page, and the old session is dead on the server ----
      await page.goto(staffAt('/staff/inbox'));
      await expect(heading(page, 'Inbox')).toBeVisible();
      const session = (await page.context().cookies(staffUrl)).find((cookie) => cookie.name === 'staff_session');
      expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/sign-in'));
      await expect(page.getByText('You have signed out.', { exact: true })).toBeVisible();
      await page.goto(staffAt('/staff/inbox'));
      await expect(page).toHaveURL(staffAt('/staff/sign-in'));
      await expect(heading(page, 'Staff sign-in')).toBeVisible();
      await page.goto(itemUrl);
      await expect(page).toHaveURL(
        staffAt(`/staff/sign-in?next=${encodeURIComponent(new URL(itemUrl).pathname.slice('/staff'.length))}`),
      );
      const oldCookie = { cookie: `staff_session=${session!.value}` };
      const read = await request.get(staffAt(STAFF_API.session), { headers: oldCookie });
      expect(read.status()).toBe(200);
      expect(await read.json()).toEqual({ session: null });
      expect((await request.get(staffAt(STAFF_API.inbox), { headers: oldCookie })).status()).toBe(401);
      // the signed-out pages (the first visit, the two after the sign-out) log nothing either
      expect(staffConsole.problems).toEqual([]);
      expect(staffConsole.expectedRefusals).toEqual([]);
    } finally {
      await staffSite.stop();
      await smtp?.close();
    }
  });
});
