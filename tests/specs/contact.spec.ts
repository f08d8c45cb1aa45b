// The contact journey: regions, and the 'Send us a message' form against the real server.
// What the server stores and mails is checked in server/src/submissions/submissions.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { REPO_ROOT } from '../support/site-server';

interface Branch {
  id: string;
  name: string;
  label: string;
  address: string;
  mobileNo: string;
  fax?: string;
  email: string;
  mapTitle: string;
}
const branches = JSON.parse(readFileSync(path.join(REPO_ROOT, 'content/data/branches.json'), 'utf8')) as Branch[];
const branchNamed = (name: string) => branches.find((branch) => branch.name === name)!;

const REQUIRED = 'Please fill in all required fields (Name, Email, Message)';
const BAD_EMAIL = 'Please enter a valid email address';
const WRONG_ANSWER = 'Incorrect answer to the equation. Please try again.';
const THANKS = "Thank you for your message! We'll get back to you within 24 hours.";
const failure = (email: string) => `Failed to send message. Please try again or contact us directly at ${email}`;
const API = '**/api/send-contact-form';

/** The form, its fields by label, its live region and its button. */
function messageForm(page: Page) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  // by accessible name: the visual ' *' of a required field's label is aria-hidden
  const field = (label: string): Locator => form.getByRole('textbox', { name: label, exact: true });
  return {
    form,
    name: field('Name'),
    email: field('Email'),
    phone: field('Phone'),
    message: field('Message'),
    country: form.getByRole('combobox', { name: 'Country' }),
    companyName: field('Company Name'),
    companyLocation: field('Company Location'),
    answer: field('23 - 14 = ?'),
    status: form.locator('#message-form-status'),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}
type MessageForm = ReturnType<typeof messageForm>;

async function fillValid(f: MessageForm, country = 'Dubai') {
  await f.name.fill('Aisha Rahman');
  await f.email.fill('aisha@example.com');
  await f.phone.fill('+971 50 123 4567');
  await f.country.selectOption(country);
  await f.companyName.fill('Gulf Build LLC');
  await f.companyLocation.fill('Dubai, UAE');
  await f.message.fill('Please quote 200 brass cable glands, size 20S.');
  await f.answer.fill('9');
}

async function expectKept(f: MessageForm, country: string) {
  await expect(f.name).toHaveValue('Aisha Rahman');
  await expect(f.email).toHaveValue('aisha@example.com');
  await expect(f.phone).toHaveValue('+971 50 123 4567');
  await expect(f.message).toHaveValue('Please quote 200 brass cable glands, size 20S.');
  await expect(f.companyName).toHaveValue('Gulf Build LLC');
  await expect(f.companyLocation).toHaveValue('Dubai, UAE');
  await expect(f.answer).toHaveValue('9');
  await expect(f.country).toHaveValue(country);
}

/** Every request the page makes to the contact API. */
function watchPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/send-contact-form')) posts.push(request);
  });
  return posts;
}

/**
 * Starts watching, in the page, for a status region containing `text`; the returned function resolves
 * with how long (ms) it was on the page once it has come and gone. Watching in the page means a busy
 * machine cannot miss a short-lived spinner between two polls.
 */
async function watchSpinner(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((label) => {
    const present = () =>
      [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(label));
    (window as unknown as { spinnerShownMs: Promise<number> }).spinnerShownMs = new Promise<number>((resolve) => {
      let shownAt: number | undefined;
      const observer = new MutationObserver(() => {
        if (shownAt === undefined && present()) shownAt = performance.now();
        else if (shownAt !== undefined && !present()) {
          observer.disconnect();
          resolve(performance.now() - shownAt);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, text);
  return () => page.evaluate(() => (window as unknown as { spinnerShownMs: Promise<number> }).spinnerShownMs);
}

test.describe('contact page', { tag: ['@site', '@contact'] }, () => {
  test('the form checks required fields, then the e-mail, then the human check, in that order, sending nothing', async ({
    page,
  }) => {
    const posts = watchPosts(page);
    await page.goto('/contact-us');
    const f = messageForm(page);
    await expect(f.status).toBeEmpty();
    await expect(f.status).toHaveAttribute('aria-live', 'polite');

    await f.email.fill('not an email');
    await f.answer.fill('7');
    await f.send.click();
    await expect(f.status).toHaveText(REQUIRED);

    await f.name.fill('Aisha Rahman');
    await f.message.fill('Hello');
    await f.send.click();
    await expect(f.status).toHaveText(BAD_EMAIL);

    await f.email.fill('aisha@example.com');
    await f.send.click();
    await expect(f.status).toHaveText(WRONG_ANSWER);

    await f.answer.fill('14');
    await f.answer.press('Enter'); // submitting from the keyboard runs the same checks
    await expect(f.status).toHaveText(WRONG_ANSWER);
    expect(posts).toHaveLength(0);
  });

  test('a message the server accepts: thanks, every field cleared; the server stores each one', async ({
    page,
    consoleProblems,
  }) => {
    const posts = watchPosts(page);
    // pass each request on to the real server and note its answer
    const answers: { status: number; body: { ok: boolean; id: number } }[] = [];
    await page.route(API, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ok: boolean; id: number };
      answers.push({ status: response.status(), body });
      await route.fulfill({ response, json: body });
    });
    await page.goto('/contact-us');
    const f = messageForm(page);
    await fillValid(f, 'Oman');
    await f.send.click();

    await expect(f.status).toHaveText(THANKS);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.body.ok).toBe(true);
    expect(typeof answers[0]!.body.id).toBe('number');
    expect(posts[0]!.url()).toBe(new URL('/api/send-contact-form', page.url()).toString());
    expect(posts[0]!.postDataJSON()).toEqual({
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: 'Please quote 200 brass cable glands, size 20S.',
      country: 'Oman',
      companyName: 'Gulf Build LLC',
      companyLocation: 'Dubai, UAE',
      website: '',
    });
    for (const input of [f.name, f.email, f.phone, f.message, f.companyName, f.companyLocation, f.answer])
      await expect(input).toHaveValue('');
    await expect(f.country).toHaveValue('Dubai');

    // a second message is stored as a new row
    await fillValid(f);
    await f.send.click();
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]!.body.id).toBeGreaterThan(answers[0]!.body.id);
    await expect(f.status).toHaveText(THANKS);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a server failure keeps every field and shows the failure text with the branch e-mail; submit is disabled meanwhile', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(API, async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: 'Internal server error' } });
    });
    await page.goto('/contact-us');
    const f = messageForm(page);
    await fillValid(f, 'Bahrain');
    await f.send.click();

    const sending = f.form.getByRole('button', { name: 'Sending…' });
    await expect(sending).toBeDisabled();
    await expect(f.form.getByRole('status')).toContainText('Sending your message');
    await expect(f.status).toBeEmpty();
    release();

    await expect(f.status).toHaveText(failure(branchNamed('Bahrain').email));
    await expectKept(f, 'Bahrain');
    await expect(f.send).toBeEnabled();
  });

  test('a network error keeps the fields and names the Dubai address by default', async ({ page }) => {
    await page.route(API, (route) => route.abort('connectionrefused'));
    await page.goto('/contact-us');
    const f = messageForm(page);
    await fillValid(f);
    await f.send.click();
    await expect(f.status).toHaveText(failure(branchNamed('Dubai').email));
    await expectKept(f, 'Dubai');
  });

  test('switching region shows the spinner for 500 ms, then the chosen branch with fax only when it has one', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const details = page.getByRole('region', { name: branches[0]!.label });
    await expect(details.getByText(branches[0]!.address)).toBeVisible();

    for (const branch of [...branches.slice(1), branches[0]!]) {
      // watched in the page, so a busy machine cannot miss the short-lived spinner
      const spinnerShownMs = await watchSpinner(page, `Loading ${branch.label} details`);
      await page.getByRole('button', { name: branch.label, exact: true }).click();
      const shownForMs = await spinnerShownMs();
      expect(shownForMs).toBeGreaterThanOrEqual(450);

      const shown = page.getByRole('region', { name: branch.label });
      await expect(shown.getByRole('heading', { name: branch.label, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: branch.label, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(shown.getByText(branch.address)).toBeVisible();
      await expect(shown.getByText(branch.mobileNo)).toBeVisible();
      await expect(shown.getByRole('link', { name: branch.email })).toHaveAttribute('href', `mailto:${branch.email}`);
      if (branch.fax === undefined) await expect(shown.getByText('Fax', { exact: true })).toHaveCount(0);
      else await expect(shown.getByText(branch.fax)).toBeVisible();
      await expect(shown.locator(`iframe[title="${branch.mapTitle}"]`)).toHaveAttribute('loading', 'lazy');
    }
  });
});
