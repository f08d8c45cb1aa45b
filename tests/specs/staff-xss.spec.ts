// What visitors type is shown to staff as text, never as markup. A contact message (sent through the public
// form) and a review whose name and text hold an <img onerror> and a <script> show as those very characters in the
// inbox, on the item page and in the reviews list, no element comes of them, and nothing they hold runs.
import type { Page } from '@playwright/test';
import { test, expect, localOnly } from '../support/fixtures';
import {
  ADMIN,
  confirmCodesSaved,
  heading,
  inboxCount,
  inboxRows,
  sentFields,
  setUpTotp,
  startStaffSite,
  submit,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const NAME = 'Eve <img src=x onerror="window.__pwned=1">';
const MESSAGE = 'Hello <script>window.__pwned=2</script> and <img src=x onerror="window.__pwned=3"> bye';
const COMPANY = '<b>Bold</b> & Co';

/** Nothing the visitor typed became an element, and nothing of it ran. */
async function expectInert(page: Page): Promise<void> {
  await expect(page.getByRole('main').locator('img, script, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test.describe('stored XSS in the staff pages', { tag: ['@local', '@staff'] }, () => {
  test('markup and script in a contact message and a review show as literal text to staff and never run', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const staffSite = await startStaffSite([ADMIN]); // an admin: the reviews list is the admins'
    const { url, staffUrl } = staffSite;
    const at = (path: string) => `${url}${path}`;
    const staffAt = (path: string) => `${staffUrl}${path}`;
    const staffConsole = watchStaffConsole(page);
    try {
      // the contact message, through the public form as a visitor sends it
      await page.goto(at('/contact-us'));
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('eve@example.com');
      await form.getByRole('combobox', { name: 'Country' }).selectOption('Dubai');
      await form.getByRole('textbox', { name: 'Company Name', exact: true }).fill(COMPANY);
      await form.getByRole('textbox', { name: 'Message', exact: true }).fill(MESSAGE);
      await form.getByRole('textbox', { name: '23 - 14 = ?', exact: true }).fill('9');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.locator('#message-form-status')).toHaveText(
        "Thank you for your message! We'll get back to you within 24 hours.",
      );
      // and a review holding the same
      await submit(page.request, url, '/api/products/oc_6242y_flat_twin_and_earth_cable/reviews', {
        customerName: NAME,
        emailId: '',
        comment: MESSAGE,
        stars: 1,
      });

      await page.goto(staffAt('/staff/sign-in'));
      await submitPassword(page, ADMIN);
      await setUpTotp(page);
      await confirmCodesSaved(page);
      await expect(heading(page, 'Inbox')).toBeVisible();
      await expect(inboxCount(page)).toHaveText('Showing all 1 item');
      expect(await inboxRows(page)).toEqual([
        { kind: 'Contact message', from: NAME, company: COMPANY, branch: 'Dubai', status: 'New', message: MESSAGE },
      ]);
      await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible();
      await expectInert(page);

      await page.getByRole('link', { name: NAME, exact: true }).click();
      await expect(heading(page, `Contact message from ${NAME}`)).toBeVisible();
      await expect(page).toHaveTitle(`Contact message from ${NAME} · Staff · Crescent Electrical Trading`);
      const fields = await sentFields(page);
      expect(fields).toContainEqual(['Name', NAME]);
      expect(fields).toContainEqual(['Company Name', COMPANY]);
      expect(fields).toContainEqual(['Message', MESSAGE]);
      await expect(page.getByText(MESSAGE, { exact: true })).toBeVisible();
      await expectInert(page);

      await page.goto(staffAt('/staff/reviews'));
      await expect(heading(page, 'Reviews')).toBeVisible();
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: `6242Y Flat Twin and Earth Cable, 300/500 V (100 m Coil): 1 of 5 stars from ${NAME}`,
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.getByRole('main').getByText(MESSAGE, { exact: true })).toBeVisible();
      await expectInert(page);
      expect(staffConsole.problems).toEqual([]);
    } finally {
      await staffSite.stop();
    }
  });
});
