// The catalogue manager's way into the staff app's product editor, as the specs that change a product take it: the
// password, a new authenticator (a catalogue manager's account has two-step sign-in), the product found by a size's
// code, its editor open; and a size's price breaks saved and published there.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { CATALOGUE_STAFF, confirmCodesSaved, heading, setUpTotp, submitPassword } from './staff';

/** Signs CATALOGUE_STAFF in at `staffUrl` for the first time and opens the editor of the product named `name` that has the size `code`. */
export async function openProductEditor(page: Page, staffUrl: string, code: string, name: RegExp): Promise<void> {
  await page.goto(`${staffUrl}/staff/sign-in`);
  await submitPassword(page, CATALOGUE_STAFF);
  await setUpTotp(page);
  await confirmCodesSaved(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Products' }).getByRole('link', { name }).click();
  await expect(heading(page, new RegExp(`^Edit: ${name.source.replace(/^\^/, '')}`))).toBeVisible();
}

/** The variants grid's row `position` (1 for the first size), checked to be the size `code`. */
export async function variantGridRow(page: Page, position: number, code: string): Promise<Locator> {
  const row = page.getByRole('row', { name: new RegExp(`^Variant ${position}:`) });
  await expect(row.getByRole('textbox', { name: 'Code' })).toHaveValue(code);
  return row;
}

/** In the open editor: the grid row's price at 1 and its breaks ('50+ 12.50; 250+ 11.00') typed, saved and published. */
export async function publishPriceBreaks(page: Page, row: Locator, price: string, breaks: string): Promise<void> {
  await row.getByRole('textbox', { name: 'Price (AED)' }).fill(price);
  await row.getByRole('textbox', { name: 'Price breaks (qty+ AED)' }).fill(breaks);
  await savedAndPublished(page);
}

/** The editor's draft saved, then published. */
export async function savedAndPublished(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved. Publish it to show it in the catalogue.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the catalogue shows this content now.')).toBeVisible();
}
