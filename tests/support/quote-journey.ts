// The quote basket's bar, one journey for both editions: from a listing two products (one in metres, with decimals), one from
// its product page, the badge on a company page, the panel, the request page (a quantity changed, a pasted list with
// an unknown code), the form sent. The English suite passes the agreed English texts (exact), the Arabic one the
// catalogs' Arabic for the same messages: the steps are the same, only the words differ.
import type { Locator, Page } from '@playwright/test';
import type { QuoteUnit } from '@site/content/validation';
import { productViewSearch } from '@site/contracts/product-view';
import { expect } from './fixtures';
import { JOURNEY, UNKNOWN_CODE, daysFromToday, lineNameOf, message, type QuoteProduct } from './quote-basket';
import { arabicData } from './ui-strings';

/** What the journey reads and clicks, in one edition's words. */
export interface BasketTexts {
  /** '' on English pages, '/ar' on Arabic ones. */
  prefix: '' | '/ar';
  /** The product's name as the edition shows it. */
  productName(product: QuoteProduct): string;
  /** A line of the product's first variant (its code's) as the request page names it: the name and the variant's label. */
  lineName(product: QuoteProduct): string;
  /** '212.5 metres' */
  quantity(count: number, unit: QuoteUnit): string;
  // the catalogue
  cardQuantity(name: string): string;
  cardAdd(name: string): string;
  pageQuantity: string;
  pageAdd: string;
  added(quantityText: string): string;
  viewBasket: string;
  // the header
  basketButton(count: number): string;
  panelTitle: string;
  requestQuote: string;
  companyPage: { path: string; heading: string };
  // the request page
  pageTitle: string;
  linesCaption: string;
  lineQuantity(name: string): string;
  pasteLabel: string;
  pasteAdd: string;
  pasteAdded(count: number): string;
  notRecognised: string;
  field: {
    company: string;
    name: string;
    email: string;
    phone: string;
    branch: string;
    deliveryCity: string;
    neededBy: string;
    notes: string;
    humanCheck: string;
  };
  branchOption: string;
  /** The chosen branch's code, in the reference the request gets (RFQ-OM-2026-000123). */
  branchCode: string;
  send: string;
  sentHeading: string;
  reference(reference: string): string;
  downloadPdf: string;
}

const UNITS = { metre: ['metre', 'metres'], piece: ['piece', 'pieces'] } as Record<string, [string, string]>;

/** The journey's texts on English pages: the agreed English ones (/request-quote and the header's agreed names), exact. */
export const ENGLISH: BasketTexts = {
  prefix: '',
  productName: (product) => product.productName,
  lineName: (product) => lineNameOf(product.productName, product.firstLabel.en),
  quantity: (count, unit) => `${count} ${UNITS[unit]![count === 1 ? 0 : 1]}`,
  cardQuantity: (name) => `Quantity of ${name}`,
  cardAdd: (name) => `Add ${name} to quote`,
  pageQuantity: 'Quantity',
  pageAdd: 'Add to quote',
  added: (quantity) => `Added ${quantity} to your quote basket.`,
  viewBasket: 'View quote basket',
  basketButton: (count) =>
    count === 0 ? 'Quote basket, empty' : `Quote basket, ${count} ${count === 1 ? 'product' : 'products'}`,
  panelTitle: 'Quote basket',
  requestQuote: 'Request a quote',
  companyPage: { path: '/about', heading: 'About Us' },
  pageTitle: 'Request a Quote',
  linesCaption: 'Products to quote',
  lineQuantity: (name) => `Quantity of ${name}`,
  pasteLabel: 'Paste a list',
  pasteAdd: 'Add from list',
  pasteAdded: (count) => `Added ${count} ${count === 1 ? 'product' : 'products'} from your list.`,
  notRecognised: 'Not recognised:',
  field: {
    company: 'Company',
    name: 'Your name',
    email: 'Email',
    phone: 'Phone',
    branch: 'Branch',
    deliveryCity: 'Delivery city',
    neededBy: 'Needed by',
    notes: 'Notes',
    humanCheck: '23 - 14 = ?',
  },
  branchOption: 'Oman',
  branchCode: 'OM',
  send: 'Send request',
  sentHeading: 'Request sent',
  reference: (reference) => `Your reference is ${reference}.`,
  downloadPdf: 'Download PDF',
};

const ar = (id: string, values?: Record<string, string | number>) => message('ar', id, values);

/** The same texts on Arabic pages: the apps' Arabic catalog messages of the English ones, names from the Arabic data. */
export const ARABIC_TEXTS: BasketTexts = {
  prefix: '/ar',
  productName: (product) => arabicData('products.json', product.productName),
  lineName: (product) => lineNameOf(arabicData('products.json', product.productName), product.firstLabel.ar),
  quantity: (count, unit) => ar(`ui.quantity.${unit}`, { count }),
  cardQuantity: (name) => ar('catalogue.quote.quantityOf', { name }),
  cardAdd: (name) => ar('catalogue.quote.addNamed', { name }),
  pageQuantity: ar('catalogue.quote.quantity'),
  pageAdd: ar('catalogue.quote.add'),
  added: (quantity) => ar('catalogue.quote.added', { quantity }),
  viewBasket: ar('catalogue.quote.viewBasket'),
  basketButton: (count) => ar('header.quoteBasket', { count }),
  panelTitle: ar('quoteBasket.title'),
  requestQuote: ar('quoteBasket.request'),
  companyPage: { path: '/about', heading: ar('company.about.title') },
  pageTitle: ar('contact.quote.title'),
  linesCaption: ar('contact.quote.linesCaption'),
  lineQuantity: (name) => ar('contact.quote.quantityOf', { name }),
  pasteLabel: ar('contact.quote.paste.label'),
  pasteAdd: ar('contact.quote.paste.add'),
  pasteAdded: (count) => ar('contact.quote.paste.added', { count }),
  notRecognised: ar('contact.quote.paste.notRecognised'),
  field: {
    company: ar('contact.quote.form.companyName'),
    name: ar('contact.quote.form.name'),
    email: ar('contact.form.email'),
    phone: ar('contact.form.phone'),
    branch: ar('contact.quote.form.branch'),
    deliveryCity: ar('contact.quote.form.deliveryCity'),
    neededBy: ar('contact.quote.form.neededBy'),
    notes: ar('contact.quote.form.notes'),
    humanCheck: ar('contact.form.humanCheck', { minuend: 23, subtrahend: 14 }),
  },
  branchOption: arabicData('branches.json', 'Oman'),
  branchCode: 'OM',
  send: ar('contact.quote.form.send'),
  sentHeading: ar('contact.quote.sent.heading'),
  reference: (reference) => ar('contact.quote.sent.reference', { reference }),
  downloadPdf: ar('contact.quote.sent.pdf'),
};

/** What the buyer types in the form. */
export interface Buyer {
  companyName: string;
  name: string;
  email: string;
  phone: string;
  /** The branch's English name (the value sent). */
  branch: string;
  deliveryCity: string;
  notes: string;
}

export const basketButton = (page: Page, texts: BasketTexts, count: number): Locator =>
  page.getByRole('button', { name: texts.basketButton(count), exact: true });
/** The badge over the basket button (aria-hidden: the button's name says the count). */
export const basketBadge = (page: Page): Locator => page.getByTestId('quote-basket-count');

/** Adds `quantity` of `product` from its card on the listing shown, and checks the confirmation. */
export async function addFromCard(
  page: Page,
  texts: BasketTexts,
  product: QuoteProduct,
  quantity: string,
  confirmed: string,
): Promise<void> {
  const name = texts.productName(product);
  await page.getByRole('textbox', { name: texts.cardQuantity(name), exact: true }).fill(quantity);
  await page.getByRole('button', { name: texts.cardAdd(name), exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: texts.added(confirmed) });
  await expect(status).toBeVisible();
  await expect(status.getByRole('link', { name: texts.viewBasket, exact: true })).toHaveAttribute(
    'href',
    `${texts.prefix}/request-quote`,
  );
}

/**
 * Opens `product`'s page with a variant chosen (`?variant=<code>`, by default its first: the product's own code), whose
 * summary then has "Add to quote" (that of a product of several variants has none until one is chosen), adds `quantity`
 * of that variant there, and checks the confirmation. `siteUrl`: a site of the spec's own ('' for the suite's).
 */
export async function addFromProductPage(
  page: Page,
  texts: Pick<BasketTexts, 'prefix' | 'pageQuantity' | 'pageAdd' | 'added'>,
  product: QuoteProduct,
  quantity: string,
  confirmed: string,
  { code = product.code, siteUrl = '' }: { code?: string; siteUrl?: string } = {},
): Promise<void> {
  await page.goto(`${siteUrl}${texts.prefix}${product.pagePath}${productViewSearch(code)}`);
  await page.getByRole('textbox', { name: texts.pageQuantity, exact: true }).fill(quantity);
  await page.getByRole('button', { name: texts.pageAdd, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.added(confirmed) })).toBeVisible();
}

/** The lines the journey ends with, in the basket's order, as the server should store them. */
export const JOURNEY_LINES: { product: QuoteProduct; quantity: number }[] = [
  { product: JOURNEY.metreCable, quantity: 212.5 },
  { product: JOURNEY.secondCable, quantity: 150 },
  { product: JOURNEY.gland, quantity: 40 },
  { product: JOURNEY.pastedGland, quantity: 12 },
];

export interface JourneyResult {
  reference: string;
  pdfUrl: string;
  /** The JSON body the page posted. */
  posted: Record<string, unknown>;
}

/**
 * The bar's journey on `siteUrl` in the edition of `texts`, up to the page saying the reference and the basket emptied.
 * Returns what the server answered and what the page sent.
 */
export async function runQuoteJourney(
  page: Page,
  siteUrl: string,
  texts: BasketTexts,
  buyer: Buyer,
): Promise<JourneyResult> {
  const at = (path: string) => `${siteUrl}${texts.prefix}${path}`;
  const { metreCable, secondCable, gland, pastedGland } = JOURNEY;

  // two products from one listing: cables by the metre, the first with decimals
  await page.goto(at(metreCable.listingPath));
  await expect(basketButton(page, texts, 0)).toBeVisible();
  await expect(basketBadge(page)).toBeHidden();
  await addFromCard(page, texts, metreCable, '212.5', texts.quantity(212.5, 'metre'));
  await addFromCard(page, texts, secondCable, '100', texts.quantity(100, 'metre'));
  await expect(basketButton(page, texts, 2)).toBeVisible();

  // one from its product page: its first size
  await addFromProductPage(page, texts, gland, '40', texts.quantity(40, 'piece'), { siteUrl });
  await expect(basketButton(page, texts, 3)).toBeVisible();

  // a company page (another remote): the badge says 3, the panel lists the lines
  await page.goto(at(texts.companyPage.path));
  await expect(page.getByRole('heading', { level: 1, name: texts.companyPage.heading, exact: true })).toBeVisible();
  await expect(basketBadge(page)).toBeVisible();
  await expect(basketBadge(page)).toHaveText('3');
  await basketButton(page, texts, 3).click();
  const panel = page.getByRole('dialog', { name: texts.panelTitle, exact: true });
  await expect(panel).toBeVisible();
  for (const [product, quantity] of [
    [metreCable, 212.5],
    [secondCable, 100],
    [gland, 40],
  ] as const) {
    // each line named with its variant's label (the gland's size; a product of one variant has none)
    await expect(panel.getByText(texts.lineName(product), { exact: true })).toBeVisible();
    await expect(panel.getByText(texts.quantity(quantity, product.unit), { exact: true })).toBeVisible();
  }
  await panel.getByRole('link', { name: texts.requestQuote, exact: true }).click();

  // the request page: the lines, one quantity changed
  await expect(page).toHaveURL(at('/request-quote'));
  await expect(page.getByRole('heading', { level: 1, name: texts.pageTitle, exact: true })).toBeVisible();
  const lines = page.getByRole('table', { name: texts.linesCaption, exact: true });
  await expect(lines.getByRole('row')).toHaveCount(1 + 3);
  for (const product of [metreCable, secondCable, gland]) {
    const row = lines.getByRole('row').filter({ hasText: product.code });
    await expect(row).toContainText(texts.productName(product));
  }
  const secondQuantity = lines.getByRole('textbox', {
    name: texts.lineQuantity(texts.productName(secondCable)),
    exact: true,
  });
  await expect(secondQuantity).toHaveValue('100');
  await secondQuantity.fill('150');

  // a pasted list: one known code (as a spreadsheet copies it, tab-separated), one unknown
  await page
    .getByRole('textbox', { name: texts.pasteLabel, exact: true })
    .fill(`${pastedGland.code}\t12\n${UNKNOWN_CODE} 5`);
  await page.getByRole('button', { name: texts.pasteAdd, exact: true }).click();
  const pasteStatus = page.getByRole('status').filter({ hasText: texts.pasteAdded(1) });
  await expect(pasteStatus).toBeVisible();
  await expect(pasteStatus).toContainText(texts.notRecognised);
  await expect(pasteStatus.getByRole('listitem')).toHaveText([`${UNKNOWN_CODE} 5`]);
  await expect(lines.getByRole('row')).toHaveCount(1 + 4);
  // pasted by its model code: its first size, named with its label
  await expect(
    lines.getByRole('textbox', { name: texts.lineQuantity(texts.lineName(pastedGland)), exact: true }),
  ).toHaveValue('12');
  await expect(basketButton(page, texts, 4)).toBeVisible();

  return sendQuoteRequest(page, texts, buyer);
}

/**
 * On the request page, with its lines: the buyer's form filled in and sent, up to the page saying the reference and the
 * basket emptied. Returns what the server answered and what the page sent.
 */
export async function sendQuoteRequest(page: Page, texts: BasketTexts, buyer: Buyer): Promise<JourneyResult> {
  const f = texts.field;
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  await textbox(f.company).fill(buyer.companyName);
  await textbox(f.name).fill(buyer.name);
  await textbox(f.email).fill(buyer.email);
  await textbox(f.phone).fill(buyer.phone);
  await page.getByRole('combobox', { name: f.branch, exact: true }).selectOption({ label: texts.branchOption });
  await textbox(f.deliveryCity).fill(buyer.deliveryCity);
  await page.getByLabel(f.neededBy, { exact: true }).fill(daysFromToday(30));
  await textbox(f.notes).fill(buyer.notes);
  await textbox(f.humanCheck).fill('9');
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/quote-requests' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: texts.send, exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { ok: boolean; reference: string; pdfUrl: string };
  expect(answer.ok).toBe(true);
  expect(answer.reference).toMatch(new RegExp(`^RFQ-${texts.branchCode}-\\d{4}-\\d{6}$`));

  // sent: the reference (left to right), the PDF link, the basket emptied
  await expect(page.getByRole('heading', { name: texts.sentHeading, exact: true })).toBeVisible();
  await expect(page.getByText(texts.reference(answer.reference), { exact: true })).toBeVisible();
  await expect(page.locator('bdi[dir="ltr"]', { hasText: answer.reference })).toHaveCount(1);
  await expect(page.getByRole('link', { name: texts.downloadPdf, exact: true })).toHaveAttribute('href', answer.pdfUrl);
  await expect(basketButton(page, texts, 0)).toBeVisible();
  await expect(basketBadge(page)).toBeHidden();
  return {
    reference: answer.reference,
    pdfUrl: answer.pdfUrl,
    posted: response.request().postDataJSON() as Record<string, unknown>,
  };
}
