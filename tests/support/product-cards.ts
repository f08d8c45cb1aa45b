// The product cards of a listing page as a visitor reads them (the list is named "<category> products").
import type { Page } from '@playwright/test';

/**
 * The names on the product cards of `page`'s listing, in order. `list` is the list's accessible name: a string is
 * matched exactly (one category's list), a RegExp as it is (any listing by default).
 */
export const cardNames = (page: Page, list: string | RegExp = / products$/): Promise<string[]> =>
  page
    .getByRole('list', typeof list === 'string' ? { name: list, exact: true } : { name: list })
    .getByRole('listitem')
    .locator('h2')
    .allTextContents();
