// The quote basket in Arabic: its journey on /ar pages (specs/quote-basket.spec.ts is the English one, with the
// same steps: support/quote-journey.ts). Every text is the apps' Arabic catalog message of the English one (read by
// id from src/i18n/ar.json, the values filled in as the apps fill them), product and branch names the Arabic data's.
// The request is stored with language 'ar'; the branch's mail (English, as every mail to a branch) says
// "Language: Arabic", the buyer's confirmation is in Arabic; both carry the PDF.
import { productViewSearch } from '@site/contracts/product-view';
import { pdfText } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { JOURNEY, mailsTo, message, readStoredQuoteRequest, startMailingSite } from '../support/quote-basket';
import {
  addFromProductPage,
  ARABIC_TEXTS,
  basketBadge,
  basketButton,
  JOURNEY_LINES,
  runQuoteJourney,
  type Buyer,
} from '../support/quote-journey';
import { ARABIC, englishData, englishUiStringsOn } from '../support/ui-strings';

localOnly('starts its own server with a mail catcher and reads the stored request from its database');

const ar = (id: string, values?: Record<string, string | number>) => message('ar', id, values);

const BUYER: Buyer = {
  companyName: 'شركة الخليج للمقاولات',
  name: 'عائشة الرحمن',
  email: 'aisha.arabic@example.com',
  phone: '+968 9123 4567',
  branch: 'Oman',
  deliveryCity: 'مسقط',
  notes: 'التسليم إلى البوابة 3 في الموقع، صباحًا فقط.',
};

const branches = englishData<{ name: string; email: string }[]>('branches.json');
const omanEmail = branches.find((branch) => branch.name === BUYER.branch)!.email;

test.describe('the quote basket in Arabic', { tag: ['@local', '@catalogue'] }, () => {
  test('the journey on /ar pages: Arabic texts throughout, stored as Arabic, the branch told "Language: Arabic", the buyer answered in Arabic, both with the PDF', async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(180_000);
    const mailing = await startMailingSite();
    try {
      const sent = await runQuoteJourney(page, mailing.site.url, ARABIC_TEXTS, BUYER);
      expect(sent.posted).toMatchObject({
        lines: JOURNEY_LINES.map(({ product, quantity }) => ({ productId: product.id, quantity })),
        companyName: BUYER.companyName,
        name: BUYER.name,
        branch: BUYER.branch,
        language: 'ar',
      });
      // the page after sending: Arabic, no English UI string
      expect.soft(await englishUiStringsOn(page), 'English UI strings on /ar/request-quote after sending').toEqual([]);

      const [toBranch] = await mailsTo(mailing.smtp, omanEmail);
      expect(toBranch!.headers.subject).toBe(
        `Request for quotation ${sent.reference}: ${BUYER.companyName} (${BUYER.branch})`,
      );
      expect(toBranch!.text).toContain('Language: Arabic');
      for (const { product } of JOURNEY_LINES) expect(toBranch!.text).toContain(product.code);
      expect(toBranch!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`${sent.reference}.pdf`, 'application/pdf'],
      ]);
      const pdf = toBranch!.attachments[0]!.content;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.includes('NotoSansArabic'), 'the Arabic font is embedded in the PDF').toBe(true);
      const read = pdfText(pdf);
      if ('text' in read) expect(read.text).toContain(sent.reference);
      else test.info().annotations.push({ type: 'skipped check', description: read.skipped });

      const [toBuyer] = await mailsTo(mailing.smtp, BUYER.email);
      expect(toBuyer!.headers.subject).toContain(sent.reference);
      expect(toBuyer!.headers.subject).toMatch(ARABIC);
      // nothing the buyer typed, no PDF: the lines as the catalogue names them, and that a stranger may ignore it
      expect(toBuyer!.text).not.toContain(BUYER.name);
      for (const { product } of JOURNEY_LINES) expect(toBuyer!.text).toContain(ARABIC_TEXTS.productName(product));
      expect(toBuyer!.text).toContain('إذا لم تكونوا قد أرسلتم هذا الطلب، فيمكنكم تجاهل هذه الرسالة.');
      expect(toBuyer!.attachments).toEqual([]);

      await mailing.site.stop();
      const stored = await readStoredQuoteRequest(mailing.site.dataDir, sent.reference);
      expect(stored).toMatchObject({
        companyName: BUYER.companyName,
        name: BUYER.name,
        deliveryCity: BUYER.deliveryCity,
        notes: BUYER.notes,
        language: 'ar',
        spam: false,
      });
      expect(
        stored!.lines.map(({ productId, code, name, nameAr, unit, quantity }) => ({
          productId,
          code,
          name,
          nameAr,
          unit,
          quantity,
        })),
      ).toEqual(
        JOURNEY_LINES.map(({ product, quantity }) => ({
          productId: product.id,
          code: product.code,
          name: product.productName,
          nameAr: ARABIC_TEXTS.productName(product),
          unit: product.unit,
          quantity,
        })),
      );
      expect(stored!.mails.map(({ kind, sent: wasSent }) => [kind, wasSent])).toEqual([
        ['quote_request', true],
        ['quote_confirmation', true],
      ]);
      expect(consoleProblems.messages).toEqual([]);
    } finally {
      await mailing.stop();
    }
  });

  test('a refused quantity says why in Arabic; the panel and the badge are Arabic, the count in Western digits', async ({
    page,
  }) => {
    const { gland } = JOURNEY;
    // its first size chosen: a product of several has "Add to quote" in its summary once one is
    await page.goto(`/ar${gland.pagePath}${productViewSearch(gland.code)}`);
    await page.getByRole('textbox', { name: ARABIC_TEXTS.pageQuantity, exact: true }).fill('2.5');
    await page.getByRole('button', { name: ARABIC_TEXTS.pageAdd, exact: true }).click();
    await expect(
      page.getByText(ar('ui.quantityProblem.notWhole', { unit: ar('ui.unit.piece') }), { exact: true }),
    ).toBeVisible();
    await expect(basketButton(page, ARABIC_TEXTS, 0)).toBeVisible();

    await addFromProductPage(page, ARABIC_TEXTS, gland, '12', ARABIC_TEXTS.quantity(12, 'piece'));
    await expect(basketButton(page, ARABIC_TEXTS, 1)).toBeVisible();
    await expect(basketBadge(page)).toHaveText('1');
    await basketButton(page, ARABIC_TEXTS, 1).click();
    const panel = page.getByRole('dialog', { name: ARABIC_TEXTS.panelTitle, exact: true });
    await expect(panel.getByText(ARABIC_TEXTS.lineName(gland), { exact: true })).toBeVisible();
    await expect(panel.getByText(ARABIC_TEXTS.quantity(12, 'piece'), { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: ARABIC_TEXTS.requestQuote, exact: true })).toHaveAttribute(
      'href',
      '/ar/request-quote',
    );
    expect.soft(await englishUiStringsOn(page), 'English UI strings with the basket panel open').toEqual([]);
  });
});
