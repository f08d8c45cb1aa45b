// The header's search as a visitor opens it: from a page, its button in the banner, its dialog with the text field
// focused (specs/trade-search.spec.ts, specs/variant-quote-journey.spec.ts).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Goes to `path`, opens the header's search (`buttonName`) and returns its dialog (`dialogName`), its field focused. */
export async function openSearch(page: Page, path: string, buttonName: string, dialogName: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: buttonName, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  return dialog;
}
