// What a buyer reads on the catalogue's pages, in both editions: a listing's cards say each price as a buyer expects
// it (fils in two digits, a family of sizes priced differently "from" its lowest price), one result in the singular,
// "Add to quote" with one space, and a product page opened from a card names the product as the card did while it
// loads, never with words made from its address.
import type { Page } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import type { Locale } from '@site/contracts/locale';
import { catalogueProductApiPath } from '@site/contracts/api';
import { categoryPath } from '@site/contracts/paths';
import { test, expect, siteHas } from '../support/fixtures';
import { aedAmount } from '../support/product-variants';
import { findInCatalogue, siteListing } from '../support/site-facts';
import { EXAMPLE_PRODUCT } from '../support/site-routes';
import { message } from '../support/ui-strings';

const LOCALES: readonly Locale[] = ['en', 'ar'];
const inEdition = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);

/** A card's price line: its price, its lowest 'from' where the family's prices differ, or on request. */
function cardPrice(locale: Locale, price: number | undefined, from: boolean): string {
  if (price === undefined) return message(locale, 'catalogue.listing.priceOnRequest');
  return message(locale, from ? 'catalogue.listing.priceFrom' : 'catalogue.listing.price', {
    amount: aedAmount(price),
    // the catalogue's own currency: no currency chosen (buyer-currency.spec.ts chooses one)
    currency: 'AED',
  });
}

/** The spec's name made from an address's segment ('hex_cw_brass_cable_gland' → 'Hex Cw Brass Cable Gland'). */
const nameFromSegment = (segment: string) =>
  segment
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const started = (page: Page) => expect(page.locator(`html[${STARTED_ATTRIBUTE}]`)).toBeAttached({ timeout: 20_000 });

test.describe('catalogue wording', { tag: ['@site', '@catalogue'] }, () => {
  for (const locale of LOCALES) {
    test(`${locale}: each card's price as a buyer reads it, "from" the lowest where a family's prices differ`, async ({
      page,
      request,
    }) => {
      // a category whose listing's first page (what the page shows) has a family priced differently
      const found = await findInCatalogue(request, async ({ category }) => {
        const firstPage = await siteListing(request, category.id, locale === 'ar' ? '?lang=ar' : '');
        return (firstPage.priceFrom ?? []).length > 0 ? firstPage : undefined;
      });
      const listing = siteHas(found, 'no product whose variants are priced differently');
      await page.goto(inEdition(locale, categoryPath(listing.category.id)));
      await started(page);
      const shown = await page.evaluate(
        (ids) =>
          ids.map(
            (id) => document.querySelector(`li a[href$="/${id}"] > p:last-child`)?.firstChild?.textContent ?? null,
          ),
        listing.products.map((product) => product.id),
      );
      expect(shown).toEqual(
        listing.products.map((product) =>
          cardPrice(locale, product.price, (listing.priceFrom ?? []).includes(product.id)),
        ),
      );
      // the words a buyer reads: fils in two digits, never one
      expect(shown.join(' ')).not.toMatch(/\d\.\d(?!\d)/);
    });

    test(`${locale}: one result is said in the singular`, async ({ page, request }) => {
      const found = await findInCatalogue(request, (listing) => {
        const brand = listing.facets.brands.find((offered) => offered.count === 1);
        return brand === undefined
          ? undefined
          : `${categoryPath(listing.category.id)}?brand=${encodeURIComponent(brand.name)}`;
      });
      const path = siteHas(found, 'no brand with one product in a category');
      await page.goto(inEdition(locale, path));
      await expect(
        page.getByText(message(locale, 'catalogue.listing.count', { count: 1 }), { exact: true }),
      ).toBeVisible();
    });
  }

  test('"Add to quote" on a card has one space between its words, as any text', async ({ page }) => {
    await page.goto(categoryPath(EXAMPLE_PRODUCT.categoryId));
    const gaps = await page.evaluate(() => {
      const button = document.querySelector('li form button[type="submit"]')!;
      const [add, hidden, rest] = [...button.childNodes];
      if (add?.nodeType !== Node.TEXT_NODE || rest?.nodeType !== Node.TEXT_NODE || hidden === undefined)
        throw new Error(`not the named button: ${button.outerHTML}`);
      const range = document.createRange();
      const rectOf = (node: Node, start: number, end: number) => {
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect();
      };
      const text = rest.textContent ?? '';
      const wordStart = text.length - text.trimStart().length;
      // a space of the button's font, as the browser sets it in a line of text
      const probe = document.createElement('span');
      probe.style.whiteSpace = 'pre';
      probe.textContent = ' ';
      button.append(probe);
      const space = probe.getBoundingClientRect().width;
      probe.remove();
      return {
        between: rectOf(rest, wordStart, wordStart + 1).left - rectOf(add, 0, (add.textContent ?? '').length).right,
        space,
      };
    });
    expect(gaps.space).toBeGreaterThan(0);
    expect(Math.abs(gaps.between - gaps.space)).toBeLessThan(1);
  });

  for (const locale of LOCALES) {
    test(`${locale}: a product opened from its card is named as the card named it while it loads, never from its address`, async ({
      page,
      request,
    }) => {
      const listing = await siteListing(request, EXAMPLE_PRODUCT.categoryId, locale === 'ar' ? '?lang=ar' : '');
      const product = siteHas(
        listing.products.find((listed) => nameFromSegment(listed.id) !== listed.productName),
        'no product whose name differs from the one its address makes',
      );
      await page.goto(inEdition(locale, categoryPath(EXAMPLE_PRODUCT.categoryId)));
      await started(page);
      // every name the product page's trail gives its current page (the page: the one headed 'Product Details')
      const heading = message(locale, 'catalogue.details.heading');
      const trail = message(locale, 'ui.breadcrumb');
      await page.evaluate(
        ({ productHeading, trailName }) => {
          const seen = new Set<string>();
          (window as unknown as { __crumbs: Set<string> }).__crumbs = seen;
          const note = () => {
            if (document.querySelector('h1')?.textContent !== productHeading) return;
            for (const current of document.querySelectorAll(`nav[aria-label="${trailName}"] [aria-current="page"]`))
              seen.add(current.textContent ?? '');
          };
          new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
        },
        { productHeading: heading, trailName: trail },
      );
      // the product's answer waits: the page is seen loading
      let release: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${catalogueProductApiPath(product.id)}*`, async (route) => {
        await answered;
        await route.continue();
      });
      await page.locator(`li a[href$="/${product.id}"]`).first().click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const current = page.getByRole('navigation', { name: trail }).locator('[aria-current="page"]:visible');
      await expect(current).toHaveText(product.productName);
      await expect(page).toHaveTitle(message(locale, 'catalogue.page.title', { title: product.productName }));
      release();
      await expect(page.getByRole('heading', { level: 2, name: product.productName, exact: true })).toBeVisible();
      const seen = await page.evaluate(() => [...(window as unknown as { __crumbs: Set<string> }).__crumbs]);
      expect(seen).not.toContain(nameFromSegment(product.id));
      expect(seen).toEqual([product.productName]);
    });
  }
});
