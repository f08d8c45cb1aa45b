// A product page of several orderable variants (docs/decisions/034-orderable-variants.md) as the specs read it, in
// either edition: the seeded variants (content/data/product-variants.json), the variants' table and its rows, the
// summary, and what the server's HTML shows of a variant chosen with ?variant=.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { QuoteProduct } from './quote-basket';
import { arabicData, englishData, message } from './ui-strings';

export type Edition = 'en' | 'ar';

/** A variant as the seed writes it. */
export interface SeededVariant {
  code: string;
  label: string;
  labelAr: string;
  price?: number;
  packQuantity?: number;
}

const seeded = englishData<{ productId: string; variants: SeededVariant[] }[]>('product-variants.json');

/** The seeded variants of `product`, in its order (none: a product of one variant). */
export const seededVariants = (product: QuoteProduct): SeededVariant[] =>
  seeded.find((entry) => entry.productId === product.id)?.variants ?? [];

/** The seeded variant of `product` whose code `code` is. */
export function seededVariant(product: QuoteProduct, code: string): SeededVariant {
  const variant = seededVariants(product).find((candidate) => candidate.code === code);
  if (variant === undefined)
    throw new Error(`content/data/product-variants.json has no variant ${code} of ${product.id}`);
  return variant;
}

/** The product's name as the edition shows it. */
export const productNameIn = (locale: Edition, product: QuoteProduct): string =>
  locale === 'en' ? product.productName : arabicData('products.json', product.productName);

/** The variant's label as the edition shows it. */
export const variantLabelIn = (locale: Edition, variant: SeededVariant): string =>
  locale === 'en' ? variant.label : variant.labelAr;

/** An amount of AED as a buyer reads it: fils in two digits ('13.50'), a whole price without them ('12'), thousands grouped. */
export function aedAmount(price: number): string {
  const [whole = '', fils = ''] = price.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fils === '00' ? grouped : `${grouped}.${fils}`;
}

/** A price as the page writes it ('AED 16.75', 'AED 13.50', 'AED 12'), or that it is on request. */
export const priceIn = (locale: Edition, price: number | undefined): string =>
  price === undefined
    ? message(locale, 'catalogue.listing.priceOnRequest')
    : message(locale, 'catalogue.listing.price', { amount: aedAmount(price), currency: 'AED' });

/** A variant's price cell (and the summary's price of a chosen one): its price, its pack's size after it. */
export const variantPriceIn = (locale: Edition, variant: SeededVariant): string =>
  variant.packQuantity === undefined
    ? priceIn(locale, variant.price)
    : `${priceIn(locale, variant.price)} · ${message(locale, 'catalogue.variants.pack', { count: variant.packQuantity })}`;

/** The product's table of variants (its box, named by its caption). */
export const variantTable = (page: Page, locale: Edition, product: QuoteProduct): Locator =>
  page.getByRole('region', {
    name: message(locale, 'catalogue.details.tableCaption', { name: productNameIn(locale, product) }),
    exact: true,
  });

/** The table's row of the variant `code`: its header starts with the code. */
export const variantRow = (table: Locator, code: string): Locator =>
  table.locator('tbody tr').filter({ has: table.page().locator('th', { hasText: new RegExp(`^${code}\\b`) }) });

/** The product summary (picture, name, code, price, "Add to quote"). */
export const productSummary = (page: Page, locale: Edition): Locator =>
  page.getByRole('region', { name: message(locale, 'catalogue.summary.label'), exact: true });

/** What the page shows of the variant `code` chosen: its row marked, the only one, its code and price (`price` when an editor changed it) in the summary. */
export async function expectChosen(
  page: Page,
  locale: Edition,
  product: QuoteProduct,
  code: string,
  price?: number,
): Promise<void> {
  const table = variantTable(page, locale, product);
  const row = variantRow(table, code);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.locator('th')).toContainText(message(locale, 'catalogue.variants.selected'));
  await expect(table.locator('tbody tr[aria-current]')).toHaveCount(1);
  const summary = productSummary(page, locale);
  await expect(summary.locator('bdi', { hasText: new RegExp(`^${code}$`) })).toBeVisible();
  const variant = seededVariant(product, code);
  await expect(summary).toContainText(
    `${message(locale, 'catalogue.summary.price')} ${variantPriceIn(locale, price === undefined ? variant : { ...variant, price })}`,
  );
}
