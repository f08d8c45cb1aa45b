// The site with the keyboard only: the skip link, the header's links in order, and the chat from its first form to
// an answer. (The drawer, search and carousel keys are in shell-frame, catalogue and company specs.)
import type { Page } from '@playwright/test';
import { categoryQuestion, nextChatAnswer, shownText } from '../support/chat-answers';
import { test, expect } from '../support/fixtures';
import { EXAMPLE_PRODUCT } from '../support/site-routes';

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (element?.getAttribute('aria-label') || element?.textContent || '').trim();
  });

test.describe('keyboard only at 1280 px', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Tab first reaches "Skip to main content", which moves focus to the page; then the header links in order', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Electrical Products & Industrial Solutions' }),
    ).toBeAttached();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/home');
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Crescent Electrical Trading: home');
    const seen: string[] = [];
    for (let step = 0; step < 8 && !seen.includes('Products'); step += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focusedName(page));
    }
    expect(seen).toEqual(['Home', 'About Us', 'Management', 'Certificates', 'Products']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/our-products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  });

  test('the chat: minimize and restore, the welcome form, a question and its answer, all from the keyboard', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
    await expect(chat).toBeVisible();

    await chat.getByRole('button', { name: 'Minimize chat' }).focus();
    await page.keyboard.press('Enter');
    await expect(chat).toBeHidden();
    await page.getByRole('button', { name: 'Restore chat' }).focus();
    await page.keyboard.press('Space');
    await expect(chat).toBeVisible();

    await chat.getByRole('textbox', { name: 'Full Name *' }).focus();
    await page.keyboard.type('Aisha Rahman');
    await page.keyboard.press('Tab');
    await page.keyboard.type('aisha@example.com');
    await page.keyboard.press('Tab');
    await expect(chat.getByRole('combobox', { name: 'Region/Branch You Want to Inquire About *' })).toBeFocused();
    await page.keyboard.type('Dubai'); // type-ahead picks the option on a closed select
    await expect(chat.getByRole('combobox', { name: 'Region/Branch You Want to Inquire About *' })).toHaveValue(
      /Dubai/i,
    );
    await page.keyboard.press('Tab');
    await expect(chat.getByRole('button', { name: 'Start Chat', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');

    const input = chat.getByRole('textbox', { name: 'Type your message' });
    await expect(input).toBeVisible();
    await input.focus();
    // a category of the site under test; the answer expected is the one the site gives (support/chat-answers.ts)
    await page.keyboard.type(categoryQuestion(EXAMPLE_PRODUCT.categoryTitle));
    const reply = nextChatAnswer(page);
    await page.keyboard.press('Enter');
    await expect(chat.getByRole('log', { name: 'Chat messages' }).getByRole('listitem').last()).toContainText(
      shownText((await reply).answer),
    );
  });
});
