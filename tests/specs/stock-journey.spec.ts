// Stock from the ERP, end to end as it is deployed (docs/stock.md): two server processes on one PostgreSQL (a fresh
// database) and one Redis, as behind a load balancer, the chat's AI provider a fake Gemini on loopback reached through the
// real client. An admin signs in to the staff app on process one and makes a stock token on the Releases page; the
// ERP sends a snapshot (CSV, PUT) with it over HTTP: process two serves it within 2 s of the feed's answer, and its
// product page says "In stock" in English and Arabic to buyers who open it then (their browsers' own work on top). A
// delta (JSON, PATCH) moves Dubai to incoming, with its date.
// Then the buyer's side on process two: the request page's basket line and the header's basket panel at the branch
// chosen, the listing's "In stock at Muscat" count, and the chat's answer. Skipped, with the reason, when PostgreSQL
// or Redis is not reachable.
import type { Browser, Page } from '@playwright/test';
import { FakeGemini } from '@site/server/test-support';
import { localizedPath, type Locale } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import {
  STOCK_API,
  STOCK_LOCATION_NAMES,
  type AvailabilityAnswer,
  type StockFeedReport,
  type StockLocation,
} from '@site/contracts/stock-api';
import { stockDateText } from '@site/contracts/stock-text';
import { nextChatAnswer, shownText } from '../support/chat-answers';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { productNameIn, variantRow, variantTable } from '../support/product-variants';
import { quoteProduct } from '../support/quote-basket';
import { addFromProductPage, ARABIC_TEXTS, ENGLISH, type BasketTexts } from '../support/quote-journey';
import { findPostgresAndRedis, freshDatabase, type FreshSchema } from '../support/services';
import { startSite, type RunningSite } from '../support/site-server';
import { addStaffAccount, ADMIN, confirmCodesSaved, heading, setUpTotp, submitPassword } from '../support/staff';
import { message } from '../support/ui-strings';

localOnly('starts two servers of its own on PostgreSQL and Redis, with a fake AI provider, and sends them stock feeds');

const GLAND = quoteProduct('hex_cw_brass_cable_gland');
/** Another product of the same kind of page: process two's pages are opened on it first, so their scripts are cached. */
const OTHER = quoteProduct('hex_e1w_brass_cable_gland');
const CODE = 'HEX-CW-25';
/** How long a feed may take to show on the other process (docs/stock.md: "every server process sees it within 2 s"). */
const SEEN_WITHIN_MS = 2_000;
/**
 * What the buyer's browser may take on top, once process two serves the feed: the click's navigation, drawing the page
 * and its read of the stock. Not a promise the site makes (a timing counts only on a quiet machine, in a bench): it is
 * recorded as an annotation, and bounds the wait so a page that kept a stale answer still fails. On CI's loaded 2-core
 * machine the pages took 1.3 to 4.4 s (load 9 to 17; 2026-11-28) and more than 5 s once (2026-12-01).
 */
const PAGE_WORK_MS = 15_000;
/** Two weeks ahead, as the ERP writes a date. */
const INCOMING_DATE = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

let database: FreshSchema | undefined;
let sites: RunningSite[] = [];
let skipped: string | undefined;
let stockToken = '';
/** A model that answers from the stock facts it is given: their line about the size 25. */
const fake = new FakeGemini(
  (prompt) => prompt.split('\n').find((line) => line.startsWith('- ') && line.includes(`${CODE};`)) ?? 'I do not know.',
);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000); // two cold server starts and the staff CLI on a loaded 2-core machine
  const services = await findPostgresAndRedis();
  if ('reason' in services) {
    skipped = services.reason;
    return;
  }
  // a database of its own: the stock feeds take turns database-wide, with other suites' and benchmarks' feeds too
  database = await freshDatabase(services.postgres, 'stockjourney');
  const fakeUrl = await fake.start();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: services.redis,
    GEMINI_API_KEY: 'test-gemini-key-7f3a9c',
    GEMINI_BASE_URL: fakeUrl,
    GEMINI_TIMEOUT_SECONDS: '5',
    SUBMIT_RATE_LIMIT_MAX: '10000',
  };
  // one after the other: both run the migrations on the same database; the second finds them applied
  sites.push(await startSite(env));
  sites.push(await startSite(env));
  await addStaffAccount(sites[0]!.dataDir, ADMIN, database.url);
});

test.afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  sites = [];
  await database?.drop();
  await fake.stop();
});

const one = () => sites[0]!;
const two = () => sites[1]!;

/** The ERP's feed over HTTP with the stock token, sent to process one: applied, every row. */
async function sendFeed(method: 'PUT' | 'PATCH', contentType: string, body: string, rows: number): Promise<void> {
  const answer = await fetch(`${one().url}${STOCK_API.feed}`, {
    method,
    headers: { authorization: `Bearer ${stockToken}`, 'content-type': contentType },
    body,
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  const report = JSON.parse(text) as StockFeedReport;
  expect([report.outcome, report.applied, report.refused]).toEqual(['applied', rows, 0]);
}

/** What process two answers the pages of `location`'s stock of the size 25 (on hand; -1 when the ERP never named it there). */
async function onHandAt(site: RunningSite, location: StockLocation): Promise<number> {
  const answer = (await (
    await fetch(`${site.url}${STOCK_API.availability}?codes=${CODE}`)
  ).json()) as AvailabilityAnswer;
  return answer.availability[0]?.locations.find((at) => at.location === location)?.onHand ?? -1;
}

/** '1,240 pieces' in the page's words (the variant table's catalog; Western digits in both editions). */
const pieces = (locale: Locale, count: number) =>
  message(locale, 'catalogue.stock.quantity', { unit: 'piece', count, quantity: count.toLocaleString('en-US') });
/** A product page's line for a location: 'Dubai warehouse — In stock: 1,240 pieces'. */
const lineAt = (locale: Locale, location: StockLocation, status: string) =>
  `${STOCK_LOCATION_NAMES[location][locale]} — ${status}`;
const inStock = (locale: Locale, count: number) =>
  message(locale, 'catalogue.stock.inStock', { quantity: pieces(locale, count) });
const incoming = (locale: Locale, count: number, date: string) =>
  message(locale, 'catalogue.stock.incoming', { quantity: pieces(locale, count), date: stockDateText(date, locale) });

const pageOf = (site: RunningSite, locale: Locale, product = GLAND, code = CODE) =>
  `${site.url}${localizedPath(locale, product.pagePath)}${productViewSearch(code)}`;
const stockLines = (page: Page, locale: Locale) =>
  page.getByRole('group', { name: message(locale, 'catalogue.stock.label'), exact: true }).getByRole('listitem');

/**
 * A buyer on process two on the gland's listing in `locale`, in a browser of their own (a page in the background would
 * be slowed down) whose scripts are cached already: another product's page was opened first, not the gland's (its
 * availability must not be in the browser's cache: the answers may be reused 5 s).
 */
async function buyerOnTheListing(browser: Browser, locale: Locale): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(pageOf(two(), locale, OTHER, OTHER.code));
  await page.goto(`${two().url}${localizedPath(locale, GLAND.listingPath)}`);
  // started: a click before it would load the next page anew rather than draw it in place
  await waitUntilStarted(page);
  // the gland's page drawn once on process two, as a product visited before: a feed leaves the catalogue's caches alone
  expect((await fetch(pageOf(two(), locale))).status).toBe(200);
  return page;
}

/** The variant table's stock cell of the size 25: the column after the price. */
const stockWord = (page: Page, locale: Locale) =>
  variantRow(variantTable(page, locale, GLAND), CODE)
    .locator('td')
    .nth(-2);

test('an admin makes a stock token in the staff app; a snapshot is served by process two within 2 s, its pages say "In stock" in both editions; a delta moves Dubai to incoming', {
  tag: ['@local', '@catalogue', '@staff'],
}, async ({ page, browser, consoleProblems }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.setTimeout(90_000); // about 30 s; more on a loaded 2-core machine
  // ---- the token, on the Releases page of process one, as the admin makes it ----
  await page.goto(`${one().staffUrl}/staff/sign-in`);
  await submitPassword(page, ADMIN);
  await setUpTotp(page);
  await confirmCodesSaved(page);
  await page
    .getByRole('navigation', { name: 'Staff sections' })
    .getByRole('link', { name: 'Releases', exact: true })
    .click();
  await expect(heading(page, 'Releases')).toBeVisible();
  const form = page.getByRole('form', { name: 'Make a pipeline token' });
  await form.getByLabel(/^Name/).fill('ERP');
  await form.getByRole('radio', { name: 'Send the stock feed (the ERP)' }).check();
  await form.getByRole('button', { name: 'Make token' }).click();
  await expect(
    page.getByText('Copy the token for ERP now: it is shown only this once and cannot be seen again.'),
  ).toBeVisible();
  stockToken = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(stockToken).toMatch(/^srt_/);
  await expect(page.getByRole('table', { name: /Pipeline tokens/ }).getByRole('row', { name: /ERP/ })).toContainText(
    'Stock feed',
  );

  // ---- the snapshot, CSV as a spreadsheet writes it, to process one; the page on process two says so ----
  const buyers = { en: await buyerOnTheListing(browser, 'en'), ar: await buyerOnTheListing(browser, 'ar') };
  try {
    await sendFeed(
      'PUT',
      'text/csv',
      `code;location;on_hand;incoming;incoming_date;lead_time_days\r\n${CODE};dubai;1240;;;\r\n${CODE};muscat;40;;;\r\n`,
      2,
    );
    const answeredAt = Date.now();
    // process two serves it within 2 s of the feed's answer (docs/stock.md), read as the pages read it
    await expect.poll(() => onHandAt(two(), 'muscat'), { timeout: SEEN_WITHIN_MS, intervals: [50] }).toBe(40);
    const servedAfter = Date.now() - answeredAt;
    expect(servedAfter, "from the feed's answer to process two serving it").toBeLessThanOrEqual(SEEN_WITHIN_MS);
    // then each buyer clicks the gland's card (the page's own navigation, as a buyer goes: no new load); before it, a
    // page may read the stock process two had before the feed, as docs/stock.md allows for 2 s
    await Promise.all(
      (['en', 'ar'] as const).map(async (locale) => {
        const page = buyers[locale];
        await page
          .getByRole('main')
          .getByRole('link')
          .filter({ has: page.getByRole('heading', { level: 2, name: productNameIn(locale, GLAND), exact: true }) })
          .click();
        await expect(stockWord(page, locale)).toHaveText(message(locale, 'catalogue.stock.short.inStock'), {
          timeout: PAGE_WORK_MS,
        });
      }),
    );
    test.info().annotations.push({
      type: "after the feed's answer",
      description: `process two served it in ${servedAfter} ms; both editions' pages showed it in ${Date.now() - answeredAt} ms`,
    });
    // the size chosen: a line per location
    for (const locale of ['en', 'ar'] as const) {
      const page = buyers[locale];
      await variantRow(variantTable(page, locale, GLAND), CODE)
        .getByRole('link', { name: message(locale, 'catalogue.variants.chooseNamed', { code: CODE }), exact: true })
        .click();
      await expect(stockLines(page, locale)).toHaveText([
        lineAt(locale, 'dubai', inStock(locale, 1240)),
        lineAt(locale, 'muscat', inStock(locale, 40)),
      ]);
    }
  } finally {
    await Promise.all(Object.values(buyers).map((page) => page.context().close()));
  }

  // ---- a delta, JSON: Dubai empty with 500 coming; process two's page says incoming, with the date ----
  await sendFeed(
    'PATCH',
    'application/json',
    JSON.stringify([{ code: CODE, location: 'dubai', onHand: 0, incoming: 500, incomingDate: INCOMING_DATE }]),
    1,
  );
  // process two serves the delta within 2 s; then a new visitor in each edition (a browser may reuse an availability
  // answer for 5 s) opens the page and reads Dubai's incoming line with its date
  await expect.poll(() => onHandAt(two(), 'dubai'), { timeout: SEEN_WITHIN_MS, intervals: [50] }).toBe(0);
  for (const locale of ['en', 'ar'] as const) {
    const fresh = await browser.newContext();
    try {
      const shown = await fresh.newPage();
      await shown.goto(pageOf(two(), locale));
      await expect(stockLines(shown, locale)).toHaveText(
        [lineAt(locale, 'dubai', incoming(locale, 500, INCOMING_DATE)), lineAt(locale, 'muscat', inStock(locale, 40))],
        { timeout: PAGE_WORK_MS },
      );
    } finally {
      await fresh.close();
    }
  }
  expect(consoleProblems.messages).toEqual([]);
});

/** The basket's availability line of the gland on the request page, and in the header's panel. */
async function basketAvailability(
  page: Page,
  texts: BasketTexts,
  branch: { value: string; expected: string; place: string },
): Promise<void> {
  await page.goto(`${two().url}${texts.prefix}/request-quote`);
  await waitUntilStarted(page);
  const lines = page.getByRole('table', { name: texts.linesCaption, exact: true });
  await page.getByRole('combobox', { name: texts.field.branch, exact: true }).selectOption(branch.value);
  await expect(lines.getByTestId(`quote-stock-${CODE}`)).toHaveText(branch.expected);
  // the header's panel says the same at the branch chosen, the place named (no branch is shown beside it)
  await page.getByRole('button', { name: texts.basketButton(1), exact: true }).click();
  const panel = page.getByRole('dialog', { name: texts.panelTitle, exact: true });
  await expect(panel.getByTestId(`basket-stock-${CODE}`)).toHaveText(`${branch.place}: ${branch.expected}`);
}

test('the buyer on process two: the basket line and the header panel at the branch chosen, "In stock at Muscat" on the listing, and the chat', {
  tag: ['@local', '@catalogue', '@contact', '@chat'],
}, async ({ page, consoleProblems }) => {
  test.skip(skipped !== undefined || stockToken === '', `skipped: ${skipped ?? 'no stock token'}`);
  test.setTimeout(90_000); // about 30 s; more on a loaded 2-core machine
  const dubaiIncoming = {
    en: `Incoming: 500 on ${stockDateText(INCOMING_DATE, 'en')}`,
    ar: `كمية واردة: 500 بتاريخ ${stockDateText(INCOMING_DATE, 'ar')}`,
  };
  const muscatInStock = { en: 'In stock: 40 pieces', ar: 'متوفر في المخزون: 40 قطعة' };

  // ---- the quote basket: the size 25 added from its page; Dubai's stock, then Oman's (the Muscat office) ----
  await addFromProductPage(page, ENGLISH, GLAND, '10', ENGLISH.quantity(10, 'piece'), {
    code: CODE,
    siteUrl: two().url,
  });
  await basketAvailability(page, ENGLISH, {
    value: 'Dubai',
    expected: dubaiIncoming.en,
    place: STOCK_LOCATION_NAMES.dubai.en,
  });
  await basketAvailability(page, ENGLISH, {
    value: 'Oman',
    expected: muscatInStock.en,
    place: STOCK_LOCATION_NAMES.muscat.en,
  });
  await basketAvailability(page, ARABIC_TEXTS, {
    value: 'Oman',
    expected: muscatInStock.ar,
    place: STOCK_LOCATION_NAMES.muscat.ar,
  });
  await basketAvailability(page, ARABIC_TEXTS, {
    value: 'Dubai',
    expected: dubaiIncoming.ar,
    place: STOCK_LOCATION_NAMES.dubai.ar,
  });

  // ---- the listing's "In stock at": Muscat counts the gland, Dubai nothing (its stock is incoming only) ----
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(`${two().url}${localizedPath(locale, GLAND.listingPath)}`);
    const group = page
      .getByRole('complementary')
      .getByRole('group', { name: message(locale, 'catalogue.stock.legend'), exact: true });
    const muscat = group.getByRole('checkbox', {
      name: `${message(locale, 'catalogue.stock.location.muscat')} (1)`,
      exact: true,
    });
    await expect(muscat).toBeEnabled();
    await expect(
      group.getByRole('checkbox', { name: `${message(locale, 'catalogue.stock.location.dubai')} (0)`, exact: true }),
    ).toBeDisabled();
    await muscat.click();
    await expect(page).toHaveURL(`${two().url}${localizedPath(locale, GLAND.listingPath)}?stock=muscat`);
    await expect(
      page.getByText(message(locale, 'catalogue.listing.count', { count: 1 }), { exact: true }),
    ).toBeVisible();
  }

  // ---- the chat, answered by the AI provider from the stock facts the server gave it ----
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const profile = {
      userName: 'Aisha Rahman',
      userEmail: 'aisha@example.com',
      userCountry: 'Oman',
      timestamp: '2025-01-05T09:05:00.000Z',
    };
    window.localStorage.setItem('crescent-chat-visitor', JSON.stringify(profile));
  });
  await page.goto(`${two().url}/home`);
  const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
  const input = chat.getByRole('textbox', { name: 'Type your message' });
  await input.fill('Do you have 25 mm brass glands in Muscat?');
  const answered = nextChatAnswer(page);
  await input.press('Enter');
  const { answer, source } = await answered;
  expect(source).toBe('ai');
  expect(fake.prompts.at(-1)).toContain(`(code ${CODE}; page ${GLAND.pagePath}): Muscat office: ${muscatInStock.en}`);
  expect(shownText(answer)).toContain(`Muscat office: ${muscatInStock.en}`);
  await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText(`Muscat office: ${muscatInStock.en}`);
  expect(consoleProblems.messages).toEqual([]);
});
