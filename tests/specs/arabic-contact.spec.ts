// The contact form on /ar/contact-us checks and answers in Arabic: each validation message, the thanks and the
// failure text are the Arabic catalog's (the English ones stay exact: specs/contact.spec.ts), with the branch's e-mail
// address kept left to right inside the Arabic sentence.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ARABIC, arabicFor, englishData, englishUiStringsOn } from '../support/ui-strings';

interface Branch {
  name: string;
  email: string;
}
const branches = englishData<Branch[]>('branches.json');

const API = '**/api/send-contact-form';

/** The form by its structure (its labels are Arabic here): the fields' ids are the contact remote's. */
function messageForm(page: Page) {
  const form = page.locator('form').filter({ has: page.locator('#message-form-status') });
  return {
    form,
    name: form.locator('#contact-name'),
    email: form.locator('#contact-email'),
    phone: form.locator('#contact-phone'),
    country: form.locator('#contact-country'),
    message: form.locator('#contact-message'),
    answer: form.locator('#contact-answer'),
    status: form.locator('#message-form-status'),
    send: form.locator('button[type="submit"]'),
  };
}

test.describe('the contact form in Arabic', { tag: ['@site', '@contact'] }, () => {
  test('required fields, e-mail and the human check are refused in Arabic, sending nothing', async ({
    page,
    consoleProblems,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/send-contact-form')) posts.push(request.url());
    });
    await page.goto('/ar/contact-us');
    const f = messageForm(page);
    await expect(f.status).toBeEmpty();

    await f.send.click();
    await expect(f.status).toHaveText(ARABIC);
    await expect.soft(f.status).toHaveText(arabicFor('Please fill in all required fields (Name, Email, Message)'));
    expect.soft(await englishUiStringsOn(page), 'English UI strings with the required-fields error').toEqual([]);

    await f.name.fill('عائشة الرحمن');
    await f.message.fill('نرجو تزويدنا بعرض سعر لعدد 200 جلبة كابل نحاسية.');
    await f.email.fill('aisha@example');
    await f.send.click();
    await expect(f.status).toHaveText(arabicFor('Please enter a valid email address'));

    await f.email.fill('aisha@example.com');
    await f.answer.fill('7');
    await f.send.click();
    await expect(f.status).toHaveText(arabicFor('Incorrect answer to the equation. Please try again.'));
    expect.soft(await englishUiStringsOn(page), 'English UI strings with the human-check error').toEqual([]);
    expect(posts).toHaveLength(0);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a message the server accepts: the thanks in Arabic', async ({ page }) => {
    await page.goto('/ar/contact-us');
    const f = messageForm(page);
    await f.name.fill('عائشة الرحمن');
    await f.email.fill('aisha@example.com');
    await f.message.fill('نرجو تزويدنا بعرض سعر لعدد 200 جلبة كابل نحاسية.');
    await f.answer.fill('9');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/send-contact-form') && response.request().method() === 'POST',
    );
    await f.send.click();
    expect((await sent).status()).toBe(200);
    await expect(f.status).toHaveText(arabicFor("Thank you for your message! We'll get back to you within 24 hours."));
  });

  test('a server failure: the failure text in Arabic, the branch e-mail left to right inside it', async ({ page }) => {
    await page.route(API, (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }));
    await page.goto('/ar/contact-us');
    const f = messageForm(page);
    await f.name.fill('عائشة الرحمن');
    await f.email.fill('aisha@example.com');
    await f.message.fill('نرجو تزويدنا بعرض سعر.');
    await f.answer.fill('9');
    await f.send.click();
    const dubai = branches.find((branch) => branch.name === 'Dubai')!;
    await expect(f.status).toContainText(dubai.email);
    await expect(f.status).toHaveText(ARABIC);
    await expect(f.status).not.toContainText('Failed to send message');
    await expect(f.status.locator('[dir="ltr"]').filter({ hasText: dubai.email })).toHaveCount(1);
  });
});
