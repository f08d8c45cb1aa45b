// The buyer's quotation page as the server draws it (server/src/quotations/link/linkPage.ts), in each edition:
// - without scripts, the whole page works: the heading and the lines are there, a refused acceptance comes back with
//   its reason and what was typed, and the acceptance is stored through the plain form, the page then saying so;
// - with scripts on a phone's CPU (4× slower: Lighthouse's mobile figure), the heading is in the first paint, from the
//   HTML, and the page hydrates it as drawn: the same elements, no console error, nothing loaded again; its forms then
//   send through the API without leaving the page. The time to the heading is measured and reported (annotations), on
//   a fresh visit each time; with SERVER_RENDERING=off in the environment the same test measures the page as the
//   browser alone drew it (the figures before), and fails where it expects the server's first view.
import type { Browser, Page } from '@playwright/test';
import { QUOTATION_LINK_API } from '@site/contracts/quotation-link-api';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { test, expect, localOnly } from '../support/fixtures';
import { JOURNEY } from '../support/quote-basket';
import { startQuotationLinkSite, type QuotationLinkSite } from '../support/quotation-links';
import { message } from '../support/ui-strings';

localOnly('starts its own server with a mail catcher and a staff account it creates');

type Language = 'en' | 'ar';
const LANGUAGES: readonly Language[] = ['en', 'ar'];
const BUYER: Record<Language, { name: string; position: string; poNumber: string }> = {
  en: { name: 'Aisha Rahman', position: 'Procurement Manager', poNumber: 'PO-2026-0457' },
  ar: { name: 'عائشة الرحمن', position: 'مديرة المشتريات', poNumber: 'PO-2026-0458' },
};
/** Fresh visits timed per edition (each a new context: no cache). */
const TIMED_VISITS = 3;
/** A quotation's number as the staff's send gives it (Dubai's staff: the UAE's code). */
const NUMBER = /QT-AE-\d{4}-\d{6}/;

let site: QuotationLinkSite | undefined;

test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startQuotationLinkSite();
});
test.afterAll(async () => {
  await site?.stop();
});

/** A new quotation sent to a buyer of `language`: its link's full address and its token. */
async function newQuotation(language: Language): Promise<{ url: string; token: string }> {
  if (site === undefined) throw new Error('the site starts in beforeAll');
  const link = await site.newLink(language);
  return { url: `${site.url}${link}`, token: link.split('/').at(-1)! };
}

const texts = (language: Language) => (id: string, values?: Record<string, string>) => message(language, id, values);
const heading = (page: Page, language: Language) =>
  page.getByRole('heading', {
    level: 1,
    name: new RegExp(`^${texts(language)('contact.quotation.heading')} ${NUMBER.source}$`),
  });
const field = (page: Page, language: Language, id: string) =>
  page.getByRole('textbox', { name: texts(language)(`contact.quotation.${id}`), exact: true });

test.describe('without scripts: the page drawn by the server, answered with its plain forms', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of LANGUAGES) {
    test(`${language}: the heading and the lines; a refused acceptance keeps what was typed; accepted through the plain form`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const t = texts(language);
      const { url } = await newQuotation(language);
      const opened = await page.goto(url);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['cache-control']).toBe('no-store');
      expect(opened?.headers()['x-robots-tag']).toBe('noindex');
      await expect(heading(page, language)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const table = page.getByRole('table', { name: t('contact.quotation.linesCaption') });
      await expect(table.getByRole('row').filter({ hasText: JOURNEY.gland.code })).toBeVisible();
      await expect(page.getByTestId('quotation-total')).toContainText('AED');

      // the position left out: the page again, with the reason and the other values as typed
      const buyer = BUYER[language];
      await field(page, language, 'accept.name').fill(buyer.name);
      await field(page, language, 'accept.poNumber').fill(buyer.poNumber);
      await page.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(t('contact.quotation.error.required'));
      expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
      await expect(field(page, language, 'accept.name')).toHaveValue(buyer.name);
      await expect(field(page, language, 'accept.poNumber')).toHaveValue(buyer.poNumber);
      await expect(heading(page, language)).toBeVisible();

      // accepted: stored, then the page says so, with the PO number, and no form is left
      await field(page, language, 'accept.position').fill(buyer.position);
      await page.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true }).click();
      await expect(page).toHaveURL(`${url}?answered=accepted`);
      const status = page.getByRole('status').filter({ hasText: t('contact.quotation.accepted.thanks') });
      await expect(status).toBeVisible();
      await expect(status).toContainText(buyer.name);
      await expect(status).toContainText(buyer.poNumber);
      await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);
      // opened again later: accepted, still without a form
      await page.goto(url);
      await expect(page.getByRole('status').filter({ hasText: buyer.name })).toBeVisible();
      await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);
    });
  }

  test('en: asking for changes through the plain form: stored, and the page says it was sent to the branch', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = texts('en');
    const { url } = await newQuotation('en');
    await page.goto(url);
    await field(page, 'en', 'changes.message').fill('Please quote 60 glands instead of 40.');
    await page.getByRole('button', { name: t('contact.quotation.changes.send'), exact: true }).click();
    await expect(page).toHaveURL(`${url}?answered=changes`);
    await expect(
      page.getByRole('status').filter({ hasText: t('contact.quotation.changes.sent', { branch: 'Dubai' }) }),
    ).toBeVisible();
  });
});

test.describe('before the scripts have started: a plain form is posted once', () => {
  test('en: a second tap on "Ask for changes" while the first post is on its way sends nothing more: one request for changes reaches the branch', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = texts('en');
    const { url } = await newQuotation('en');
    // the page never starts (its scripts refused), as on a phone in its first seconds
    await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
    // the server takes the first post at once and its answer is slow to come back, as on a phone's network: the
    // buyer taps again meanwhile
    const posts: string[] = [];
    await page.route(url, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts.push(route.request().url());
      const answer = await route.fetch({ maxRedirects: 0 });
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.fulfill({ response: answer }).catch(() => undefined);
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await field(page, 'en', 'changes.message').fill('Please quote 60 glands instead of 40.');
    const send = page.getByRole('button', { name: t('contact.quotation.changes.send'), exact: true });
    // two taps where the button is, the second before the first post's answer (a locator's click would wait for that
    // navigation to end)
    await send.scrollIntoViewIfNeeded();
    const box = (await send.boundingBox())!;
    const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await tap();
    await expect.poll(() => posts.length, { intervals: [50] }).toBe(1);
    await tap();
    await expect(page).toHaveURL(`${url}?answered=changes`);
    await expect(
      page.getByRole('status').filter({ hasText: t('contact.quotation.changes.sent', { branch: 'Dubai' }) }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // without the guard the browser drops the first post's answer and posts again: the branch would get the request twice
    expect(posts, 'the posts that reached the server').toHaveLength(1);
  });
});

/** Set before the page's first byte: when the quotation's heading came into the page, the first paint, and the heading's and table's elements. */
const HEADING_TIMES = `(() => {
  const times = (window.__quotationTimes = {});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') times.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const look = () => {
    // each element as the parser first put it in the page: the table may come in a later chunk than the heading
    if (window.__quotationTable === undefined) {
      const table = document.querySelector('table');
      if (table !== null) window.__quotationTable = table;
    }
    const h1 = document.querySelector('h1');
    if (times.headingAt !== undefined || h1 === null || !${NUMBER}.test(h1.textContent)) return;
    times.headingAt = performance.now();
    window.__quotationHeading = h1;
    // the frame that shows it: its callbacks run before the paint, a task queued there after it
    requestAnimationFrame(() => setTimeout(() => (times.framedAt = performance.now())));
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface HeadingTimes {
  fcp?: number;
  headingAt?: number;
  framedAt?: number;
}

/** One fresh visit at 4× CPU: when the heading showed, and what the page did meanwhile. */
async function timedVisit(
  browser: Browser,
  url: string,
): Promise<{
  page: Page;
  shownMs: number;
  times: HeadingTimes;
  html: string;
  problems: string[];
  linkCalls: string[];
}> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') problems.push(entry.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  const linkCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/quotation-links/'))
      linkCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.addInitScript(HEADING_TIMES);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  await page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 60_000 });
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __quotationTimes: HeadingTimes }).__quotationTimes.framedAt),
      { timeout: 30_000 },
    )
    .toBeDefined();
  const times = await page.evaluate(() => (window as unknown as { __quotationTimes: HeadingTimes }).__quotationTimes);
  // shown in the first paint when it was in the page before it; else in the frame after it came
  const shownMs = times.headingAt! <= times.fcp! ? times.fcp! : times.framedAt!;
  return { page, shownMs, times, html, problems, linkCalls };
}

test.describe('with scripts at 4× CPU', () => {
  for (const language of LANGUAGES) {
    test(`${language}: the heading is in the first paint, from the HTML; hydrated as drawn, nothing loaded again; the forms then send through the API`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const t = texts(language);
      const { url, token } = await newQuotation(language);
      const shown: number[] = [];
      let last: Awaited<ReturnType<typeof timedVisit>> | undefined;
      for (let visit = 0; visit < TIMED_VISITS; visit += 1) {
        if (last !== undefined) await last.page.context().close();
        last = await timedVisit(browser, url);
        shown.push(Math.round(last.shownMs));
      }
      const figures = `${language}: heading shown at ${shown.join(', ')} ms (fresh visits at 4× CPU; first paint ${Math.round(last!.times.fcp ?? NaN)} ms, heading in the page at ${Math.round(last!.times.headingAt ?? NaN)} ms)`;
      test.info().annotations.push({ type: 'time to heading', description: figures });
      console.log(figures);
      const { page, times, html, problems, linkCalls } = last!;

      // in the HTML as sent, and in the page before its first paint
      expect(html).toMatch(
        new RegExp(`<h1[^>]*>${t('contact.quotation.heading')}(<!-- -->)? <bdi[^>]*>${NUMBER.source}</bdi></h1>`),
      );
      expect(times.headingAt!, 'the heading was in the page before its first paint').toBeLessThanOrEqual(times.fcp!);
      // hydrated as drawn (a mismatch would say so first, as React's error): the server's elements are the page's,
      // and it asked for nothing the HTML had
      expect(problems).toEqual([]);
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __quotationHeading: Element }).__quotationHeading === document.querySelector('h1'),
        ),
      ).toBe(true);
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __quotationTable: Element }).__quotationTable === document.querySelector('table'),
        ),
      ).toBe(true);
      expect(linkCalls).toEqual([]);
      expect(problems).toEqual([]);

      // the forms, hydrated, send through the API: the page stays where it is and says so
      await field(page, language, 'changes.message').fill('Please quote 60 glands instead of 40.');
      await page.getByRole('button', { name: t('contact.quotation.changes.send'), exact: true }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: t('contact.quotation.changes.sent', { branch: '\u0000' }).split('\u0000')[0]! }),
      ).toBeVisible();
      expect(page.url()).toBe(url);
      expect(linkCalls).toEqual([`POST ${QUOTATION_LINK_API.changes.replace(':token', token)}`]);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
