// What a visitor's first taps do on a phone, before and while the page's scripts start (docs/decisions/002: the first
// view is the server's, the scripts come after the first paint). Each case is one control of one page, tapped at one
// moment on a fresh visit at 4× CPU over Slow 4G (support/slow-phone.ts): as soon as it is visible, 250 ms and 1 s
// later, and once the page has started (html[data-started]); then what the visitor expects is asserted: the page the
// control leads to, the tick and the filtered count, the line in the basket, the exact text typed, the panel opened.
// A tap that does nothing is "lost". The buyer's account's pages (their own origin, no shell, plain forms) are in the
// table too: the sign-in page, and the records page signed in.
//
// The cases are a table: page × control × moment × width × edition. `npm test` runs a subset (every page and every
// control at least once at both widths, each at the hardest moment: as soon as visible, in English, the frame's
// controls once each, on /home, /our-products and /ar/home); EARLY_INTERACTIONS=full runs the whole table (every
// moment, both editions, the frame's controls on every page: for the bench and the before/after figures). Either can
// be narrowed with EARLY_PAGES, EARLY_CONTROLS, EARLY_MOMENTS, EARLY_WIDTHS and EARLY_EDITIONS (comma-separated
// parts of the names), and the frame's controls to some pages with EARLY_FRAME_PAGES ('/home': the header on /home
// only, the pages' own controls on theirs). To read the outcome as a matrix, add the reporter:
//   npx playwright test specs/early-interactions.spec.ts --reporter=line,<path of tests/support/early-matrix-reporter.ts>
import type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { listingViewSearch, DEFAULT_LISTING_VIEW } from '@site/contracts/listing-view';
import { localizedPath, otherEditionPath } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import { siteRouteUrl } from '@site/contracts/routes';
import { SEARCH_RESULTS_PAGE_SIZE, searchViewSearch } from '@site/contracts/search-view';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { EARLY_CASE_ANNOTATION, type EarlyCaseRecord } from '../support/early-matrix-reporter';
import { expectChosen, productNameIn, variantLabelIn, seededVariant, type Edition } from '../support/product-variants';
import { SIGN_IN_TEXTS, signInByMail } from '../support/account';
import { JOURNEY, lineNameOf } from '../support/quote-basket';
import { ARABIC_TEXTS, ENGLISH, type BasketTexts } from '../support/quote-journey';
import { startQuotationLinkSite, type QuotationLinkSite } from '../support/quotation-links';
import { siteListing, siteSearch } from '../support/site-facts';
import { DESKTOP_WIDTH, PHONE_WIDTH, screenOptions, slowDown, type ScreenWidth } from '../support/slow-phone';
import { message } from '../support/ui-strings';

localOnly(
  'times the build on this machine, sends requests for quotation and makes quotations with staff accounts it creates',
);

// ---------------------------------------------------------------------------------------------------------------
// The table's dimensions

const MOMENTS = ['as soon as visible', '+250 ms', '+1 s', 'after start'] as const;
type Moment = (typeof MOMENTS)[number];
/** The deliberate waits after the control is visible (the only wall-clock waits here). */
const MOMENT_DELAY: Record<Moment, number> = {
  'as soon as visible': 0,
  '+250 ms': 250,
  '+1 s': 1000,
  'after start': 0,
};
const WIDTHS: readonly ScreenWidth[] = [PHONE_WIDTH, DESKTOP_WIDTH];
const EDITIONS: readonly Edition[] = ['en', 'ar'];

/** How long a started page has to show a tap's effect (its code fetched over Slow 4G, at 4× CPU) before it is lost. */
const EFFECT_AFTER_START_MS = 10_000;
/** How long a page may take to show its control, and to start, at 4× CPU over Slow 4G on a busy machine. */
const PAGE_MS = 60_000;

const STARTED = `html[${STARTED_ATTRIBUTE}]`;
/** The chat's panel choice (mfe-chat/src/widget/panelMemory.ts): minimized, as a visitor who closed it earlier in the visit, so that on a laptop the panel does not cover the page's right side, where some controls are. */
const CHAT_PANEL_COOKIE = 'site_chat_panel';
/** Where the shell keeps the quote basket (shared-store/src/quote-basket/persistQuoteBasket.ts). */
const QUOTE_BASKET_STORAGE_KEY = 'site.quoteBasket.v1';
/** The number Call Us dials or copies (content's company record, as shell-frame.spec.ts reads it). */
const MAIN_PHONE = '+971 4 347 1100';

/** What the site's API answered, read once per worker: what the pages must show after each control. */
interface Facts {
  /** The listing's first filter value that narrows it: its filter, value, the count it leaves. */
  filter: { attribute: FilterAttribute; value: string; count: number; total: number };
  /** The first product of the listing sorted by price, low to high, in each edition. */
  cheapest: Record<Edition, string>;
  /** The header search's answer to the typed code: its first result's title, in each edition. */
  typedFirst: Record<Edition, string>;
  /** How many matches of the results page's text, and their pages. */
  results: { total: number; pages: number };
  /** The answer to the code typed on the results page: how many it finds. */
  typedTotal: Record<Edition, number>;
}

const LISTING = JOURNEY.gland.listingPath;
const GLAND = JOURNEY.gland;
/** The variant the product page is opened with (the summary adds it), and the one chosen in its table. */
const SHOWN_VARIANT = 'HEX-CW-25';
const CHOSEN_VARIANT = 'HEX-CW-32';
/** What a visitor types in a search field: a code ('HEX-CW-25' arrived as '-CW-25' when keys were lost). */
const TYPED = 'HEX-CW-25';
/** The results page's text: more than a page of matches, in both editions. */
const RESULTS_TEXT = 'cable';
/** A person typing quickly: 80 ms a key. */
const KEY_DELAY_MS = 80;

let facts: Promise<Facts> | undefined;
function readFacts(request: APIRequestContext): Promise<Facts> {
  return (facts ??= (async () => {
    const categoryId = GLAND.productCategoryId;
    const whole = await siteListing(request, categoryId);
    let filter: Facts['filter'] | undefined;
    for (const { attribute, values } of whole.facets.attributes) {
      const narrowing = values.find(({ count }) => count > 0 && count < whole.total);
      if (narrowing !== undefined) {
        filter = { attribute, value: narrowing.value, count: narrowing.count, total: whole.total };
        break;
      }
    }
    if (filter === undefined) throw new Error(`no filter value narrows the listing of ${categoryId}`);
    const sorted = listingViewSearch({ ...DEFAULT_LISTING_VIEW, sort: 5 });
    const cheapest = {
      en: (await siteListing(request, categoryId, sorted)).products[0]!.productName,
      ar: (await siteListing(request, categoryId, `${sorted}&lang=ar`)).products[0]!.productName,
    };
    const typedEn = await siteSearch(request, TYPED);
    const typedAr = await siteSearch(request, TYPED, 'ar');
    const results = await siteSearch(request, RESULTS_TEXT);
    return {
      filter,
      cheapest,
      typedFirst: { en: typedEn.results[0]!.title, ar: typedAr.results[0]!.title },
      results: { total: results.total, pages: Math.ceil(results.total / SEARCH_RESULTS_PAGE_SIZE) },
      typedTotal: { en: typedEn.total, ar: typedAr.total },
    };
  })());
}

// ---------------------------------------------------------------------------------------------------------------
// Pages and their controls

interface Case {
  page: Page;
  locale: Edition;
  width: ScreenWidth;
  facts: Facts;
  /** The page's address in this edition. */
  path: string;
  t: (id: string, values?: Record<string, string | number>) => string;
  texts: BasketTexts;
}

interface Control {
  name: string;
  /** The widths the page paints it at (the menu button is a phone's, the header's language switch a laptop's). */
  widths: readonly ScreenWidth[];
  /** The control a visitor taps. */
  target(c: Case): Locator;
  /** What the visitor does at the moment: a tap on it unless said otherwise (typing, filling a form first). */
  act?(c: Case, target: Locator): Promise<void>;
  /** What the visitor must see (throws when it does not come: the tap was lost). */
  effect(c: Case): Promise<void>;
}

interface PageUnderTest {
  name: string;
  /** The page's address in `locale` (a path on the suite's site, or a whole address on another). */
  address(locale: Edition): string | Promise<string>;
  controls: readonly Control[];
  /** Before the visit: what a returning visitor's browser holds. */
  setUp?(context: BrowserContext, locale: Edition, c: { width: ScreenWidth }): Promise<void>;
  /**
   * Drawn by the server without the shell (the buyer's account: plain forms, no script to wait for): handles taps from
   * its first paint, so the case waits for its load where others wait for the shell's start.
   */
  withoutShell?: true;
  /** Needs the quotation links' site (its staff and mail catcher), not the suite's: run with it (below). */
  onQuotationSite?: true;
}

const both = [PHONE_WIDTH, DESKTOP_WIDTH] as const;
const banner = (c: Case): Locator => c.page.getByRole('banner');
/** The request page's cases start with a returning visitor's basket (seedBasket). */
const seedsBasket = (c: Case): boolean => c.path === localizedPath(c.locale, siteRouteUrl('request-quote'));
const soon = expect.configure({ timeout: EFFECT_AFTER_START_MS });

/** A tap as the width's visitor does it: a finger on a phone, the mouse on a laptop. */
async function tap(c: Case, target: Locator): Promise<void> {
  if (c.width === PHONE_WIDTH) await target.tap();
  else await target.click();
}

/** The header's basket holds a line of `name`: its count says one, and its panel lists it. */
async function expectInBasket(c: Case, name: string): Promise<void> {
  const button = banner(c).getByRole('button', { name: c.t('header.quoteBasket', { count: 1 }), exact: true });
  await soon(button).toBeVisible();
  await tap(c, button);
  await soon(c.page.getByRole('dialog', { name: c.t('quoteBasket.title'), exact: true })).toContainText(name);
}

/** The compare tray counts one product. */
async function expectCompared(c: Case, checkbox: Locator): Promise<void> {
  await soon(checkbox).toBeChecked();
  await soon(c.page.getByRole('region', { name: c.t('catalogue.compare.trayLabel') })).toContainText(
    c.t('catalogue.compare.trayHint', { count: 1 }),
  );
}

/** The page's address ends with `tail` (a path and its query). */
const endsWith = (tail: string): RegExp => new RegExp(`${escapeRegExp(tail)}$`);

const FRAME: readonly Control[] = [
  {
    name: 'header search',
    widths: both,
    target: (c) => banner(c).getByRole('button', { name: c.t('header.search'), exact: true }),
    // tapped, then typed at once, as a person does: keys typed while the dialog opens must not be lost
    act: async (c, target) => {
      await tap(c, target);
      await c.page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    },
    effect: async (c) => {
      const dialog = c.page.getByRole('dialog', { name: c.t('catalogue.search.title'), exact: true });
      await soon(dialog.getByRole('combobox', { name: c.t('catalogue.search.input') })).toHaveValue(TYPED);
      await soon(dialog.getByRole('listbox').getByRole('option').first()).toContainText(c.facts.typedFirst[c.locale]);
    },
  },
  {
    name: 'menu button',
    widths: [PHONE_WIDTH],
    target: (c) => banner(c).getByRole('button', { name: c.t('header.openMenu'), exact: true }),
    effect: async (c) => {
      const drawer = c.page.getByRole('dialog', { name: c.t('drawer.label') });
      await soon(drawer).toBeVisible();
      await soon(drawer.getByRole('link', { name: c.t('menu.products') })).toBeVisible();
    },
  },
  {
    name: 'basket button',
    widths: both,
    // the server draws it empty; a returning visitor's basket (the request page's cases seed one line) counts once read
    target: (c) => {
      const named = (count: number) =>
        banner(c).getByRole('button', { name: c.t('header.quoteBasket', { count }), exact: true });
      return seedsBasket(c) ? named(0).or(named(1)) : named(0);
    },
    effect: async (c) => {
      const panel = c.page.getByRole('dialog', { name: c.t('quoteBasket.title'), exact: true });
      await soon(panel).toContainText(seedsBasket(c) ? productNameIn(c.locale, GLAND) : c.t('quoteBasket.empty'));
    },
  },
  {
    name: 'Call Us',
    widths: both,
    // a phone dials (a tel: link); a laptop copies the number, and says so
    target: (c) =>
      c.width === PHONE_WIDTH
        ? banner(c).getByRole('link', { name: c.t('callUs.dial', { phone: MAIN_PHONE }), exact: true })
        : banner(c).getByRole('button', { name: c.t('callUs.button'), exact: true }),
    effect: async (c) => {
      if (c.width === PHONE_WIDTH) {
        // the browser hands a followed tel: link to the phone's dialler: the page sees only that the click was not stopped
        await expect
          .poll(() => c.page.evaluate(() => window.__earlyDials ?? []), { timeout: EFFECT_AFTER_START_MS })
          .toContain(`tel:${MAIN_PHONE.replace(/[^+\d]/g, '')}`);
        return;
      }
      await soon(c.page.getByRole('tooltip')).toHaveText(c.t('callUs.copied'));
      expect(await c.page.evaluate(() => navigator.clipboard.readText())).toBe(MAIN_PHONE);
    },
  },
  {
    name: 'language switch',
    widths: [DESKTOP_WIDTH],
    target: (c) => banner(c).getByRole('link', { name: c.t('language.switch'), exact: true }),
    effect: async (c) => {
      const other = otherEditionPath(new URL(c.path, 'http://site').pathname);
      // the page's query goes along once the page has started (the switch reads it then); before, the path alone
      await soon(c.page).toHaveURL(new RegExp(`${escapeRegExp(other.path)}(\\?.*)?$`));
      await soon(c.page.locator('html')).toHaveAttribute('lang', other.locale);
    },
  },
];

const LISTING_CONTROLS: readonly Control[] = [
  {
    name: 'Add to quote',
    widths: both,
    target: (c) =>
      c.page.getByRole('button', {
        name: c.t('catalogue.quote.addNamed', { name: productNameIn(c.locale, GLAND) }),
        exact: true,
      }),
    effect: (c) => expectInBasket(c, productNameIn(c.locale, GLAND)),
  },
  {
    name: 'compare toggle',
    widths: both,
    target: (c) =>
      c.page.getByRole('checkbox', {
        name: c.t('catalogue.compare.toggleNamed', { name: productNameIn(c.locale, GLAND) }),
        exact: true,
      }),
    effect: (c) =>
      expectCompared(
        c,
        c.page.getByRole('checkbox', {
          name: c.t('catalogue.compare.toggleNamed', { name: productNameIn(c.locale, GLAND) }),
          exact: true,
        }),
      ),
  },
  {
    name: 'filter tick',
    widths: both,
    // a laptop ticks the side panel's value; a phone opens the filters' sheet (the tap timed: its 'Filters' is the
    // server-drawn <details>'s summary, which opens it natively), then ticks it there
    target: (c) => {
      if (c.width === PHONE_WIDTH)
        return filtersPanel(c)
          .locator('summary')
          .filter({ hasText: c.t('catalogue.filters.open') });
      return filterChoice(c, filtersPanel(c));
    },
    effect: async (c) => {
      const { attribute, value, count } = c.facts.filter;
      const query = listingViewSearch({ ...DEFAULT_LISTING_VIEW, attributes: { [attribute]: [value] } });
      if (c.width === PHONE_WIDTH) {
        const sheet = filtersPanel(c).locator('details');
        await soon(sheet).toHaveAttribute('open', '');
        // ticked before the start, the box is applied as the panel takes the server's form over
        await tap(c, filterChoice(c, sheet));
        await soon(c.page).toHaveURL(endsWith(query));
        await soon(filterChoice(c, sheet)).toBeChecked();
        await tap(
          c,
          sheet
            .getByRole('button', { name: c.t('catalogue.filters.showResults', { count }) })
            .filter({ visible: true }),
        );
        await soon(sheet).not.toHaveAttribute('open');
      } else {
        await soon(c.page).toHaveURL(endsWith(query));
        await soon(filterChoice(c, filtersPanel(c))).toBeChecked();
      }
      await soon(c.page.getByText(c.t('catalogue.listing.count', { count }), { exact: true })).toBeVisible();
    },
  },
  {
    name: 'sort',
    widths: both,
    target: (c) => c.page.getByRole('combobox', { name: c.t('catalogue.listing.sortLabel'), exact: true }),
    // a select's choice: the phone's picker and the laptop's list both end in the option chosen
    act: async (c, target) => {
      await target.selectOption({ label: c.t('catalogue.listing.sort.priceAscending') });
    },
    effect: async (c) => {
      await soon(c.page).toHaveURL(endsWith(listingViewSearch({ ...DEFAULT_LISTING_VIEW, sort: 5 })));
      await soon(c.page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).first()).toHaveText(
        c.facts.cheapest[c.locale],
      );
    },
  },
];

/** The listing filter's value, in `within` (the side panel, or the phone's sheet). */
/** The listing's filters (beside the products on a laptop, a <details> sheet on a phone). */
const filtersPanel = (c: Case): Locator => c.page.getByRole('complementary', { name: c.t('catalogue.filters.label') });

function filterChoice(c: Case, within: Locator): Locator {
  const { attribute, value } = c.facts.filter;
  return within.getByRole('checkbox', {
    name: new RegExp(`^${escapeRegExp(filterValueText(attribute, value, c.locale))} \\(`),
  });
}

const PRODUCT_CONTROLS: readonly Control[] = [
  {
    name: 'Add to quote',
    widths: both,
    target: (c) =>
      c.page
        .getByRole('region', { name: c.t('catalogue.summary.label'), exact: true })
        .getByRole('button', { name: c.t('catalogue.quote.add'), exact: true }),
    // the quantity typed first, as a buyer does: the tap adds what the field shows, not the field's first value
    act: async (c, target) => {
      await c.page
        .getByRole('region', { name: c.t('catalogue.summary.label'), exact: true })
        .getByRole('textbox', { name: c.texts.pageQuantity, exact: true })
        .fill('3');
      await tap(c, target);
    },
    effect: async (c) => {
      await soon(
        c.page.getByRole('status').filter({ hasText: c.texts.added(c.texts.quantity(3, GLAND.unit)) }),
      ).toBeVisible();
      await expectInBasket(
        c,
        lineNameOf(productNameIn(c.locale, GLAND), variantLabelIn(c.locale, seededVariant(GLAND, SHOWN_VARIANT))),
      );
    },
  },
  {
    name: 'compare toggle',
    widths: both,
    target: (c) =>
      c.page.getByRole('checkbox', {
        name: c.t('catalogue.compare.toggleNamed', { name: productNameIn(c.locale, GLAND) }),
        exact: true,
      }),
    effect: (c) =>
      expectCompared(
        c,
        c.page.getByRole('checkbox', {
          name: c.t('catalogue.compare.toggleNamed', { name: productNameIn(c.locale, GLAND) }),
          exact: true,
        }),
      ),
  },
  {
    name: 'variant Choose',
    widths: both,
    target: (c) =>
      c.page.getByRole('link', { name: c.t('catalogue.variants.chooseNamed', { code: CHOSEN_VARIANT }), exact: true }),
    effect: async (c) => {
      await soon(c.page).toHaveURL(endsWith(productViewSearch(CHOSEN_VARIANT)));
      await expectChosen(c.page, c.locale, GLAND, CHOSEN_VARIANT);
    },
  },
];

const SEARCH_CONTROLS: readonly Control[] = [
  {
    name: 'pagination link',
    widths: both,
    target: (c) =>
      c.page
        .getByRole('navigation', { name: c.t('catalogue.listing.pages') })
        .getByRole('link', { name: c.t('catalogue.listing.nextPage'), exact: true }),
    effect: async (c) => {
      await soon(c.page).toHaveURL(endsWith(searchViewSearch({ q: RESULTS_TEXT, page: 2, brands: [] })));
      await soon(c.page.getByRole('navigation', { name: c.t('catalogue.listing.pages') })).toContainText(
        c.t('catalogue.listing.pageOf', { page: 2, pages: c.facts.results.pages }),
      );
    },
  },
  {
    name: 'search field',
    widths: both,
    target: (c) =>
      c.page
        .getByRole('search', { name: c.t('catalogue.searchPage.formLabel') })
        .getByRole('button', { name: c.t('catalogue.searchPage.submit'), exact: true }),
    // the page's own field: the code typed over the text it holds, then its button
    act: async (c, target) => {
      const field = c.page.getByRole('search', { name: c.t('catalogue.searchPage.formLabel') }).getByRole('searchbox');
      await field.fill('');
      await field.pressSequentially(TYPED, { delay: KEY_DELAY_MS });
      await tap(c, target);
    },
    effect: async (c) => {
      await soon(c.page).toHaveURL(endsWith(searchViewSearch({ q: TYPED, page: 1, brands: [] })));
      await soon(
        c.page.getByRole('search', { name: c.t('catalogue.searchPage.formLabel') }).getByRole('searchbox'),
      ).toHaveValue(TYPED);
      await soon(
        c.page.getByText(c.t('catalogue.searchPage.count', { count: c.facts.typedTotal[c.locale], query: TYPED })),
      ).toBeVisible();
    },
  },
];

const REQUEST_CONTROLS: readonly Control[] = [
  {
    name: 'request form send',
    widths: both,
    target: (c) => c.page.getByRole('button', { name: c.texts.send, exact: true }),
    // the form filled as the visitor types it, then sent
    act: async (c, target) => {
      const { field } = c.texts;
      const typed: [string, string][] = [
        [field.company, 'Gulf Build LLC'],
        [field.name, 'Aisha Rahman'],
        [field.email, 'aisha.early@example.com'],
        [field.phone, '+971 50 123 4567'],
        [field.humanCheck, '9'],
      ];
      for (const [name, text] of typed) await c.page.getByRole('textbox', { name, exact: true }).fill(text);
      await tap(c, target);
    },
    effect: async (c) => {
      await soon(c.page.getByRole('heading', { name: c.texts.sentHeading, exact: true })).toBeVisible();
    },
  },
];

/** The start of the sentence the quotation page says once changes are asked for (its branch's name follows). */
const changesSent = (c: Case): string =>
  c.t('contact.quotation.changes.sent', { branch: '\u0000' }).split('\u0000')[0]!;

const QUOTATION_CONTROLS: readonly Control[] = [
  {
    name: 'ask for changes',
    widths: both,
    target: (c) => c.page.getByRole('button', { name: c.t('contact.quotation.changes.send'), exact: true }),
    act: async (c, target) => {
      await c.page
        .getByRole('textbox', { name: c.t('contact.quotation.changes.message'), exact: true })
        .fill('Please quote 60 glands instead of 40.');
      await tap(c, target);
    },
    effect: async (c) => {
      await soon(c.page.getByRole('status').filter({ hasText: changesSent(c) })).toBeVisible();
    },
  },
];

/** The account's origin of the suite's site (its global setup started it). */
function accountUrl(): string {
  const url = process.env.SITE_ACCOUNT_URL;
  if (!url) throw new Error('SITE_ACCOUNT_URL is not set: run the suite through playwright.config.ts.');
  return url;
}

/** The account's pages in an edition ('/ar/account/…'). */
const accountPath = (locale: Edition, path: string): string => `${SIGN_IN_TEXTS[locale].prefix}${path}`;

/** The account's "Sign out" (server/src/accounts/accountTexts.ts). */
const ACCOUNT_SIGN_OUT: Record<Edition, string> = { en: 'Sign out', ar: 'تسجيل الخروج' };

const SIGN_IN_CONTROLS: readonly Control[] = [
  {
    name: 'send sign-in link',
    widths: both,
    target: (c) => c.page.getByRole('button', { name: SIGN_IN_TEXTS[c.locale].send, exact: true }),
    act: async (c, target) => {
      await c.page
        .getByRole('textbox', { name: SIGN_IN_TEXTS[c.locale].email, exact: true })
        .pressSequentially('early.taps@gulf-build.example', { delay: KEY_DELAY_MS });
      await tap(c, target);
    },
    effect: async (c) => {
      await soon(
        c.page.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS[c.locale].checkMail, exact: true }),
      ).toBeVisible();
    },
  },
];

const ACCOUNT_CONTROLS: readonly Control[] = [
  {
    name: 'sign out',
    widths: both,
    target: (c) => c.page.getByRole('button', { name: ACCOUNT_SIGN_OUT[c.locale], exact: true }),
    effect: async (c) => {
      await soon(
        c.page.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS[c.locale].signInTitle, exact: true }),
      ).toBeVisible();
    },
  },
];

let quotationSite: QuotationLinkSite | undefined;

/** A returning visitor's basket: one line of the gland (what the request page sends). */
async function seedBasket(context: BrowserContext, locale: Edition): Promise<void> {
  const line = {
    productId: GLAND.id,
    code: SHOWN_VARIANT,
    productCategoryId: GLAND.productCategoryId,
    image: 'gland_brass',
    unit: GLAND.unit,
    names: { [locale]: productNameIn(locale, GLAND) },
    labels: { [locale]: variantLabelIn(locale, seededVariant(GLAND, SHOWN_VARIANT)) },
    quantity: 40,
  };
  // once: a sent request empties it, and a later load of the tab must not fill it again
  await context.addInitScript(
    `if (!sessionStorage.getItem('early-basket')) { sessionStorage.setItem('early-basket', '1'); localStorage.setItem(${JSON.stringify(QUOTE_BASKET_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ lines: [line] }))}); }`,
  );
}

/** A buyer signed in by the mailed link in the case's browser (a page of its own, at full speed), once per case. */
async function signInBuyer(context: BrowserContext, locale: Edition, { width }: { width: ScreenWidth }): Promise<void> {
  if (quotationSite === undefined) throw new Error("the account cases run with the quotation links' site (beforeAll)");
  const page = await context.newPage();
  const email = `early.${width}.${locale}.${Date.now()}@gulf-build.example`;
  const site = { url: quotationSite.url, accountUrl: quotationSite.accountUrl };
  await signInByMail(page, { site, smtp: quotationSite.mails }, email, SIGN_IN_TEXTS[locale]);
  await page.close();
}

const PAGES: readonly PageUnderTest[] = [
  { name: '/home', address: (locale) => localizedPath(locale, siteRouteUrl('home')), controls: FRAME },
  { name: '/our-products', address: (locale) => localizedPath(locale, siteRouteUrl('our-products')), controls: FRAME },
  { name: 'listing', address: (locale) => localizedPath(locale, LISTING), controls: [...FRAME, ...LISTING_CONTROLS] },
  {
    name: 'product page',
    address: (locale) => localizedPath(locale, `${GLAND.pagePath}${productViewSearch(SHOWN_VARIANT)}`),
    controls: [...FRAME, ...PRODUCT_CONTROLS],
  },
  {
    name: 'search page',
    address: (locale) =>
      localizedPath(locale, `${siteRouteUrl('search')}${searchViewSearch({ q: RESULTS_TEXT, page: 1, brands: [] })}`),
    controls: [...FRAME, ...SEARCH_CONTROLS],
  },
  {
    name: '/request-quote',
    address: (locale) => localizedPath(locale, siteRouteUrl('request-quote')),
    controls: [...FRAME, ...REQUEST_CONTROLS],
    setUp: seedBasket,
  },
  {
    name: 'quotation link',
    // a quotation of its own for each case (asking for changes is what one case taps), on the site that made it
    address: async (locale) => {
      if (quotationSite === undefined) throw new Error('the quotation cases run with their site (beforeAll)');
      return `${quotationSite.url}${await quotationSite.newLink(locale)}`;
    },
    controls: [...FRAME, ...QUOTATION_CONTROLS],
    onQuotationSite: true,
  },
  {
    name: 'account sign-in',
    address: (locale) => `${accountUrl()}${accountPath(locale, '/account/sign-in')}`,
    controls: SIGN_IN_CONTROLS,
    withoutShell: true,
  },
  {
    name: 'account',
    address: (locale) => {
      if (quotationSite === undefined) throw new Error('the account cases run with their site (beforeAll)');
      return `${quotationSite.accountUrl}${accountPath(locale, '/account')}`;
    },
    controls: ACCOUNT_CONTROLS,
    setUp: signInBuyer,
    withoutShell: true,
    onQuotationSite: true,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Which cases run

interface CaseRow {
  page: PageUnderTest;
  control: Control;
  moment: Moment;
  width: ScreenWidth;
  locale: Edition;
}

const full = process.env.EARLY_INTERACTIONS === 'full';
/** `npm test`'s frame controls: each once, on a page of its own (the pages' own controls run on theirs). */
const FRAME_SUBSET: Record<string, { page: string; locale: Edition }> = {
  'header search': { page: '/home', locale: 'en' },
  'basket button': { page: '/our-products', locale: 'en' },
  'Call Us': { page: '/home', locale: 'ar' },
  'menu button': { page: '/home', locale: 'ar' },
  'language switch': { page: '/home', locale: 'ar' },
};

/** The parts an environment variable names (comma-separated); none: everything. */
function wanted(variable: string): (name: string) => boolean {
  const parts = (process.env[variable] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return (name) => parts.length === 0 || parts.some((part) => name.includes(part));
}

function caseRows(): CaseRow[] {
  const rows: CaseRow[] = [];
  for (const page of PAGES) {
    for (const control of page.controls) {
      const inFrame = FRAME.includes(control);
      for (const locale of EDITIONS) {
        for (const moment of MOMENTS) {
          for (const width of WIDTHS.filter((item) => control.widths.includes(item))) {
            if (!full) {
              if (moment !== 'as soon as visible') continue;
              const chosen = inFrame ? FRAME_SUBSET[control.name] : { page: page.name, locale: 'en' };
              if (chosen?.page !== page.name || chosen.locale !== locale) continue;
            }
            rows.push({ page, control, moment, width, locale });
          }
        }
      }
    }
  }
  const [pages, controls, moments, widths, editions, framePages] = [
    'EARLY_PAGES',
    'EARLY_CONTROLS',
    'EARLY_MOMENTS',
    'EARLY_WIDTHS',
    'EARLY_EDITIONS',
    'EARLY_FRAME_PAGES',
  ].map(wanted);
  return rows.filter(
    (row) =>
      pages!(pageLabel(row.page, row.locale)) &&
      controls!(row.control.name) &&
      moments!(row.moment) &&
      widths!(String(row.width)) &&
      editions!(row.locale) &&
      (!FRAME.includes(row.control) || framePages!(pageLabel(row.page, row.locale))),
  );
}

/** The page as the matrix names it: /ar/home for the Arabic /home, "listing (ar)" for the others' twins. */
const pageLabel = (page: PageUnderTest, locale: Edition): string =>
  locale === 'en' ? page.name : page.name.startsWith('/') ? `/ar${page.name}` : `${page.name} (ar)`;
const caseTitle = (row: CaseRow): string =>
  `${pageLabel(row.page, row.locale)} · ${row.control.name} · ${row.moment} · ${row.width} px`;

// ---------------------------------------------------------------------------------------------------------------
// One case

declare global {
  interface Window {
    /** tel: links whose click the page let through (Call Us on a phone). */
    __earlyDials?: string[];
    /** When the page marked itself started (performance.now()). */
    __earlyStartedAt?: number;
    /** This document's own name: a tap that led to another document (a plain form or link) is told apart. */
    __earlyDocument?: string;
  }
}

/**
 * In every document of the case: when the page marks itself started, and which tel: links were followed. A string:
 * it is injected by the DevTools protocol (the site's CSP would refuse it as an inline script, and Playwright's own
 * evaluation of functions is what a page's CSP may stop).
 */
const RECORDER = `(() => {
  window.__earlyDials = [];
  window.__earlyDocument = Math.random().toString(36).slice(2);
  const mark = () => { if (window.__earlyStartedAt === undefined && document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}')) window.__earlyStartedAt = performance.now(); };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['${STARTED_ATTRIBUTE}'] });
  addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="tel:"]') : null;
    if (link) setTimeout(() => { if (!event.defaultPrevented) window.__earlyDials.push(link.getAttribute('href')); });
  }, true);
  addEventListener('pointerdown', (event) => { if (event.isTrusted) window.__earlyTap?.(document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}'), event.timeStamp, window.__earlyDocument); }, true);
  addEventListener('change', (event) => { if (event.target instanceof HTMLSelectElement) window.__earlyTap?.(document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}'), performance.now(), window.__earlyDocument); }, true);
})();`;

interface CaseFixtures {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  baseURL: string | undefined;
}

async function runCase(
  row: CaseRow,
  { page, context, request, baseURL }: CaseFixtures,
  testInfo: TestInfo,
): Promise<void> {
  const { control, moment, width, locale } = row;
  const record: EarlyCaseRecord = {
    page: pageLabel(row.page, locale),
    control: control.name,
    moment,
    width,
    edition: locale,
    outcome: 'lost',
  };
  // the first tap's moment, told by the page itself (a binding: it is heard even when the tap leaves the page)
  const taps: { started: boolean; at: number; document: string }[] = [];
  try {
    const path = await row.page.address(locale);
    const c: Case = {
      page,
      locale,
      width,
      facts: await readFacts(request),
      path,
      t: (id, values) => message(locale, id, values),
      texts: locale === 'en' ? ENGLISH : ARABIC_TEXTS,
    };
    await context.addCookies([{ name: CHAT_PANEL_COOKIE, value: 'minimized', url: new URL(path, baseURL).origin }]);
    if (control.name === 'Call Us' && width === DESKTOP_WIDTH)
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await row.page.setUp?.(context, locale, { width });
    await context.addInitScript(RECORDER);
    await page.exposeBinding(
      '__earlyTap',
      (_source, started: boolean, at: number, document: string) => void taps.push({ started, at, document }),
    );
    await slowDown(page);

    await page.goto(path, { waitUntil: 'commit' });
    const target = control.target(c);
    // "after start" on a page without the shell: once it has loaded
    if (moment === 'after start' && row.page.withoutShell) await page.waitForLoadState('load', { timeout: PAGE_MS });
    else if (moment === 'after start') await page.locator(STARTED).waitFor({ state: 'attached', timeout: PAGE_MS });
    await target.waitFor({ state: 'visible', timeout: PAGE_MS });
    // the deliberate tap moments: the visitor taps that long after seeing the control, on the page's own clock
    if (MOMENT_DELAY[moment] > 0) {
      const tapAt = (await page.evaluate(() => performance.now())) + MOMENT_DELAY[moment];
      await page.waitForFunction((at) => performance.now() >= at, tapAt, { polling: 16, timeout: PAGE_MS });
    }
    await (control.act ?? ((cc: Case, t: Locator) => tap(cc, t)))(c, target);
    // a page that started after the tap (or the page the tap led to) has EFFECT_AFTER_START_MS to show its effect; a
    // page without the shell has nothing to start (its form's post may be on its way: its answer is the effect)
    if (!row.page.withoutShell) {
      await page.locator(STARTED).waitFor({ state: 'attached', timeout: PAGE_MS });
      record.startedAtMs = await page.evaluate(() =>
        window.__earlyStartedAt === undefined ? undefined : Math.round(window.__earlyStartedAt),
      );
    }
    await control.effect(c);
    record.outcome = 'ok';
  } catch (error) {
    // eslint-disable-next-line no-control-regex -- the assertion's message is coloured for a terminal
    const plain = (error instanceof Error ? error.message : String(error)).replace(/\u001b\[[0-9;]*m/g, '');
    const reason = plain.split('\n').find((line) => line.trim() !== '') ?? '';
    record.reason = reason.slice(0, 300);
    throw new Error(`lost: ${caseTitle(row)} (${locale}): ${reason}`, { cause: error });
  } finally {
    // read last: the page tells of a tap when its main thread gets to it, which before the start can be long after
    const [first] = taps;
    if (first !== undefined) {
      record.tapAtMs = Math.round(first.at);
      record.tappedBeforeStart = !first.started;
      const now = await page.evaluate(() => window.__earlyDocument).catch(() => undefined);
      record.tapLeftPage = now !== undefined && now !== first.document;
    }
    testInfo.annotations.push({ type: EARLY_CASE_ANNOTATION, description: JSON.stringify(record) });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The table, as tests

const rows = caseRows();
const onQuotation = (row: CaseRow): boolean => row.page.onQuotationSite === true;

for (const width of WIDTHS) {
  test.describe(`early taps at ${width} px, 4× CPU, Slow 4G`, { tag: ['@local', '@shell'] }, () => {
    test.use(screenOptions(width));
    for (const row of rows.filter((item) => item.width === width && !onQuotation(item))) {
      test(`${caseTitle(row)} · ${row.locale}`, async ({ page, context, request, baseURL }, testInfo) => {
        test.setTimeout(180_000);
        await runCase(row, { page, context, request, baseURL }, testInfo);
      });
    }
  });
}

// The quotation link's and the signed-in account's cases in one worker, in order: their site (staff accounts, a mail
// catcher) is started once.
if (rows.some(onQuotation)) {
  test.describe('early taps on a quotation link and in the account, 4× CPU, Slow 4G', {
    tag: ['@local', '@contact'],
  }, () => {
    test.describe.configure({ mode: 'default' });
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      quotationSite = await startQuotationLinkSite();
    });
    test.afterAll(async () => {
      await quotationSite?.stop();
      quotationSite = undefined;
    });
    for (const width of WIDTHS) {
      test.describe(`at ${width} px`, () => {
        test.use(screenOptions(width));
        for (const row of rows.filter((item) => item.width === width && onQuotation(item))) {
          test(`${caseTitle(row)} · ${row.locale}`, async ({ page, context, request, baseURL }, testInfo) => {
            test.setTimeout(180_000);
            await runCase(row, { page, context, request, baseURL }, testInfo);
          });
        }
      });
    }
  });
}
