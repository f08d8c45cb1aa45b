// The chat answers in the visitor's language. Without a provider (the suite's server has no GEMINI_API_KEY)
// the knowledge base answers, in Arabic on Arabic pages, its links leading to /ar/… pages inside the app. With a
// provider (a second server pointed at a fake Gemini on loopback, the server's own chat tests use) the prompt
// asks for Arabic on Arabic pages and for Arabic questions, and the model's answer is shown as it came.
import type { Page } from '@playwright/test';
import { FakeGemini } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { startSite, type RunningSite } from '../support/site-server';
import { ARABIC, arabicData, englishUiStringsOn } from '../support/ui-strings';

localOnly('starts its own servers (with and without a fake AI provider)');

const PROFILE_KEY = 'crescent-chat-visitor';
const ENGLISH_FALLBACK_NOTICE = "⚠️ AI service temporarily unavailable. Here's basic information:";
const GLANDS = arabicData('products-category.json', 'Industrial Cable Glands');

/** The chat panel, by its structure (its name is Arabic here): the dialog holding the conversation log. */
const chat = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.getByRole('log') });
const messages = (page: Page) => chat(page).getByRole('log');
const messageInput = (page: Page) => chat(page).locator('form input:not([type="hidden"]), form textarea').first();

async function asReturningVisitor(page: Page) {
  await page.addInitScript(
    ({ key, profile }) => {
      if (window !== window.top) return;
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, profile);
    },
    {
      key: PROFILE_KEY,
      profile: JSON.stringify({
        userName: 'عائشة',
        userEmail: 'aisha@example.com',
        userCountry: 'Oman',
        timestamp: '2025-01-05T09:05:00.000Z',
      }),
    },
  );
}

async function ask(page: Page, question: string) {
  await messageInput(page).fill(question);
  await messageInput(page).press('Enter');
}

/** The newest answer of the assistant (the log's last item once it is not the question). */
const lastAnswer = (page: Page) => messages(page).getByRole('listitem').last();

test.describe('the knowledge base answers in Arabic (no AI provider)', { tag: ['@local', '@chat'] }, () => {
  for (const question of ['هل تبيعون جلب الكابلات؟', 'Do you sell cable glands?']) {
    test(`on /ar/home, "${question}": an Arabic answer whose link stays in the Arabic edition`, async ({
      page,
      baseURL,
      consoleProblems,
    }) => {
      await asReturningVisitor(page);
      await page.goto('/ar/home');
      await expect(messages(page)).toContainText('عائشة');
      expect.soft(await englishUiStringsOn(page), 'English UI strings in the chat').toEqual([]);
      await ask(page, question);
      const link = messages(page).getByRole('link', { name: GLANDS }).last();
      await expect(link).toBeVisible();
      await expect(messages(page)).not.toContainText(ENGLISH_FALLBACK_NOTICE);
      await expect(messages(page)).not.toContainText('Industrial Cable Glands');
      await expect(lastAnswer(page)).toHaveText(ARABIC);

      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await link.click();
      await expect(page).toHaveURL(`${baseURL}/ar/our-products/industrial_cable_glands`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(GLANDS.split(' ')[0]!);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect.soft(await englishUiStringsOn(page), 'English UI strings after the answer').toEqual([]);
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  test('how to contact: the Arabic answer names the phone number left to right and links /ar/contact-us', async ({
    page,
    baseURL,
  }) => {
    await asReturningVisitor(page);
    await page.goto('/ar/about');
    await ask(page, 'كيف يمكنني التواصل معكم؟');
    const link = messages(page).locator(`a[href="/ar/contact-us"], a[href="${baseURL}/ar/contact-us"]`).last();
    await expect(link).toBeVisible();
    await expect(link).toHaveText(ARABIC);
    await expect(lastAnswer(page)).toHaveText(ARABIC);
  });
});

/**
 * What a model would say: in Arabic when the prompt asks for Arabic, with the category's link as the prompt's
 * knowledge base writes it (a model copies its links).
 */
function answerTo(prompt: string): string {
  const link = /\((\/ar\/our-products\/industrial_cable_glands)\)|"(\/ar\/our-products\/industrial_cable_glands)"/.exec(
    prompt,
  )
    ? '/ar/our-products/industrial_cable_glands'
    : '/our-products/industrial_cable_glands';
  return asksForArabic(prompt)
    ? `نعم، نوفر جلب الكابلات من **Hex**: [${GLANDS}](${link})`
    : `We stock **Hex** cable glands: [Industrial Cable Glands](${link})`;
}

/** Whether a prompt asks the model to answer in Arabic. */
function asksForArabic(prompt: string): boolean {
  return /\b(?:in|into) (?:Modern Standard )?Arabic\b|باللغة العربية|بالعربية/i.test(prompt);
}

test.describe('with an AI provider (a fake Gemini on loopback)', { tag: ['@local', '@chat'] }, () => {
  // In order in one worker (one second server), each test run whatever the one before did.
  test.describe.configure({ mode: 'default' });
  const fake = new FakeGemini(answerTo);
  let site: RunningSite;

  test.beforeAll(async () => {
    test.setTimeout(90_000); // a second server, its embedded database included, on a busy machine
    const fakeUrl = await fake.start();
    site = await startSite({
      GEMINI_API_KEY: 'test-gemini-key-7f3a9c',
      GEMINI_BASE_URL: fakeUrl,
      GEMINI_TIMEOUT_SECONDS: '5',
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await fake.stop();
  });

  test('on /ar/home the prompt asks for Arabic; the Arabic answer shows and its link stays in the Arabic edition', async ({
    page,
    consoleProblems,
  }) => {
    await asReturningVisitor(page);
    await page.goto(`${site.url}/ar/home`);
    fake.seen = [];
    await ask(page, 'Do you sell cable glands?');
    const link = messages(page).getByRole('link', { name: GLANDS }).last();
    await expect(link).toBeVisible();
    await expect(lastAnswer(page)).toContainText('نعم، نوفر جلب الكابلات من');
    expect(fake.prompts).toHaveLength(1);
    expect(asksForArabic(fake.prompts[0]!), 'the prompt asks for an answer in Arabic').toBe(true);
    await link.click();
    await expect(page).toHaveURL(`${site.url}/ar/our-products/industrial_cable_glands`);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('an Arabic question on an English page: the prompt asks for Arabic', async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto(`${site.url}/home`);
    fake.seen = [];
    await ask(page, 'هل تبيعون جلب الكابلات؟');
    await expect(lastAnswer(page)).toContainText('نعم، نوفر جلب الكابلات من');
    expect(fake.prompts).toHaveLength(1);
    expect(asksForArabic(fake.prompts[0]!), 'the prompt asks for an answer in Arabic').toBe(true);
  });

  test('an English question on an English page: the prompt does not ask for Arabic', async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto(`${site.url}/home`);
    fake.seen = [];
    await ask(page, 'Do you sell cable glands?');
    await expect(messages(page).getByRole('link', { name: 'Industrial Cable Glands' }).last()).toBeVisible();
    expect(fake.prompts).toHaveLength(1);
    expect(asksForArabic(fake.prompts[0]!)).toBe(false);
  });
});
