// What a buyer's link says once another answer came first, in both editions, on a site of its own (the real server,
// its mail to a loopback SMTP server, the Dubai branch's staff through the staff API):
// - a revision replaced since: at 375 px and at 1280 px a banner before the heading and the figures says so, its
//   figures are marked superseded in words (the table's caption, the total's label, the PDF's link), and a plain link
//   opens the latest revision, with and without scripts;
// - two browsers accept the same quotation at once, each with its PO number and PO file: one is thanked; the other is
//   told when and with which PO number it was accepted, and sends its kept PO file to the branch, whose salesperson
//   gets it attached (read from the stored row when the mail is made).
import type { Browser, Page } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { test, expect, localOnly } from '../support/fixtures';
import { dubaiDay, startQuotationLinkSite, type QuotationLinkSite } from '../support/quotation-links';
import { DUBAI_STAFF } from '../support/staff';
import { message } from '../support/ui-strings';

localOnly('starts its own server with a mail catcher and a staff account it creates');

type Language = 'en' | 'ar';
const LANGUAGES: readonly Language[] = ['en', 'ar'];
const WIDTHS = [375, 1280] as const;
const HEIGHT = 800;

let site: QuotationLinkSite | undefined;

test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startQuotationLinkSite();
});
test.afterAll(async () => {
  await site?.stop();
});

const running = (): QuotationLinkSite => {
  if (site === undefined) throw new Error('the site starts in beforeAll');
  return site;
};
const texts = (language: Language) => (id: string, values?: Record<string, string>) => message(language, id, values);
const heading = (page: Page, language: Language, number: string) =>
  page.getByRole('heading', { level: 1, name: `${texts(language)('contact.quotation.heading')} ${number}` });
/** A small PDF of its own, told apart by its text. */
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`, 'latin1');

async function openIn(browser: Browser, url: string, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT }, javaScriptEnabled });
  const page = await context.newPage();
  const opened = await page.goto(url);
  expect(opened?.status()).toBe(200);
  if (javaScriptEnabled) await page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
  return page;
}

for (const language of LANGUAGES) {
  test(`${language}: a superseded link: the banner first at 375 and 1280 px, its figures marked superseded, a plain link to the latest revision`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const t = texts(language);
    const { url } = running();
    const r0 = await running().newQuotation(language);
    const r1 = await running().revise(r0);
    expect(r1.number).toMatch(/-R1$/);
    for (const width of WIDTHS) {
      for (const javaScriptEnabled of [false, true]) {
        const page = await openIn(browser, `${url}${r0.link}`, width, javaScriptEnabled);
        const what = `${width} px, ${javaScriptEnabled ? 'with' : 'without'} scripts`;
        const banner = page.getByRole('region', { name: t('contact.quotation.superseded.title') });
        await expect(banner, what).toBeVisible();
        await expect(banner).toContainText(t('contact.quotation.superseded.figures'));
        // at the top: within the first screen, above the heading and the lines; nothing wider than the screen
        const [bannerBox, headingBox, tableBox] = await Promise.all([
          banner.boundingBox(),
          heading(page, language, r0.number).boundingBox(),
          page.getByRole('table', { name: t('contact.quotation.superseded.linesCaption') }).boundingBox(),
        ]);
        expect(bannerBox, what).not.toBeNull();
        expect(bannerBox!.y + bannerBox!.height, what).toBeLessThanOrEqual(Math.min(headingBox!.y, tableBox!.y));
        expect(bannerBox!.y + bannerBox!.height, what).toBeLessThanOrEqual(HEIGHT);
        expect(bannerBox!.x, what).toBeGreaterThanOrEqual(0);
        expect(bannerBox!.x + bannerBox!.width, what).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
        // the figures say superseded in words, not by colour alone
        await expect(page.getByRole('rowheader', { name: t('contact.quotation.superseded.total') })).toBeVisible();
        await expect(page.getByRole('link', { name: t('contact.quotation.superseded.pdf') })).toBeVisible();
        await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);
        await test.info().attach(`${language}-superseded-${width}px-${javaScriptEnabled ? 'js' : 'nojs'}.png`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
        // a plain link to the latest revision, followed
        const latest = banner.getByRole('link', {
          name: t('contact.quotation.superseded.latest', { number: r1.number }),
        });
        await expect(latest).toHaveAttribute('href', r1.link);
        await latest.click();
        await expect(page).toHaveURL(`${url}${r1.link}`);
        await expect(heading(page, language, r1.number)).toBeVisible();
        await expect(page.getByRole('region', { name: t('contact.quotation.superseded.title') })).toHaveCount(0);
        await expect(page.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true })).toBeVisible();
        await page.context().close();
      }
    }
  });

  test(`${language}: two browsers accept at once: one is thanked, the other told when and with which PO, and its PO file reaches the branch`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const t = texts(language);
    const { url, mails } = running();
    const quotation = await running().newQuotation(language);
    const buyers = [
      { name: 'Aisha Rahman', position: 'Procurement Manager', poNumber: `PO-${language}-A1`, file: 'po-a1.pdf' },
      { name: 'Omar Haddad', position: 'Site Engineer', poNumber: `PO-${language}-B2`, file: 'po-b2.pdf' },
    ];
    const pages = await Promise.all(buyers.map(() => openIn(browser, `${url}${quotation.link}`, 1280, true)));
    const field = (page: Page, id: string) =>
      page.getByRole('textbox', { name: t(`contact.quotation.${id}`), exact: true });
    for (const [index, page] of pages.entries()) {
      const buyer = buyers[index]!;
      await field(page, 'accept.name').fill(buyer.name);
      await field(page, 'accept.position').fill(buyer.position);
      await field(page, 'accept.poNumber').fill(buyer.poNumber);
      await page
        .getByLabel(t('contact.quotation.accept.poFile'))
        .setInputFiles({ name: buyer.file, mimeType: 'application/pdf', buffer: pdf(buyer.file) });
    }
    await Promise.all(
      pages.map((page) => page.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true }).click()),
    );
    // each page answered: thanked, or told it came second
    const outcome = async (page: Page) => {
      const thanked = page.getByRole('status').filter({ hasText: t('contact.quotation.accepted.thanks') });
      const told = page.getByTestId('quotation-already-accepted');
      await expect(thanked.or(told)).toBeVisible();
      return (await thanked.count()) > 0 ? 'thanked' : 'told';
    };
    const outcomes = await Promise.all(pages.map(outcome));
    expect([...outcomes].sort()).toEqual(['thanked', 'told']);
    const winner = outcomes.indexOf('thanked');
    const loser = 1 - winner;
    const lost = pages[loser]!;
    const won = buyers[winner]!;

    await expect(lost.getByRole('alert')).toHaveText(
      t('contact.quotation.alreadyAccepted.withPo', { date: dubaiDay(language), poNumber: won.poNumber }),
    );
    await expect(lost.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true })).toHaveCount(0);
    const kept = lost.getByTestId('quotation-already-accepted');
    await expect(kept).toContainText(buyers[loser]!.file);
    await kept.getByRole('button', { name: t('contact.quotation.alreadyAccepted.send') }).click();
    // the branch's name in the page's language
    await expect(kept.getByRole('status')).toContainText(
      t('contact.quotation.alreadyAccepted.sent', { branch: '\u0000' }).split('\u0000')[0]!,
    );

    // the salesperson's mail: the loser's file attached, as the database kept it
    const subject = `Purchase order sent after quotation ${quotation.number} was accepted`;
    await expect
      .poll(() => mails.received.filter((mail) => mail.headers.subject === subject).length, { timeout: 30_000 })
      .toBe(1);
    const mail = mails.received.find((received) => received.headers.subject === subject)!;
    expect(mail.envelopeTo).toEqual([DUBAI_STAFF.email]);
    expect(mail.headers['reply-to']).toContain(quotation.email);
    expect(mail.text).toContain(`with PO ${won.poNumber}`);
    expect(mail.text).toContain(
      `sent by ${buyers[loser]!.name} (${buyers[loser]!.position}), PO ${buyers[loser]!.poNumber}`,
    );
    expect(mail.attachments.map((file) => file.filename)).toEqual([buyers[loser]!.file]);
    expect(mail.attachments[0]!.content.equals(pdf(buyers[loser]!.file))).toBe(true);

    // opened again: accepted by the winner, with the winner's PO number; no form
    await lost.reload();
    await expect(lost.getByRole('status').filter({ hasText: won.name })).toContainText(won.poNumber);
    await expect(lost.getByRole('button', { name: t('contact.quotation.accept.send'), exact: true })).toHaveCount(0);
    await Promise.all(pages.map((page) => page.context().close()));
  });
}
