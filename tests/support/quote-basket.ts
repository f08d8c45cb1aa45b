// The quote basket's journeys (specs/quote-basket.spec.ts and specs/arabic-quote-basket.spec.ts): the
// products they pick, a site of their own that mails through a real SMTP server on loopback, the request as stored in
// that site's embedded database, and the apps' messages in either language (the Arabic suite reads its texts there).
import { expect, test } from '@playwright/test';
import type { QuoteUnit } from '@site/content/validation';
import { categoryPath } from '@site/contracts/paths';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  openPglite,
  pdfText,
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '@site/server/test-support';
import { startSite, type RunningSite } from './site-server';
import { englishData } from './ui-strings';

// ---------------------------------------------------------------------------------------------------------------
// Products

interface ProductRecord {
  id: string;
  productCategoryId: string;
  productName: string;
  code: string;
  unit: QuoteUnit;
}

/** A product of content/data/products.json, with its page and its category's listing. */
export interface QuoteProduct extends ProductRecord {
  listingPath: string;
  pagePath: string;
  /** Its first variant's label in English and Arabic ('' for a product's only variant): the part its code names. */
  firstLabel: { en: string; ar: string };
}

const products = englishData<ProductRecord[]>('products.json');
const variants =
  englishData<{ productId: string; variants: { code: string; label: string; labelAr: string }[] }[]>(
    'product-variants.json',
  );

/** The first variant's labels of a product (docs/decisions/034-orderable-variants.md): what its code names. */
function firstLabel(id: string): { en: string; ar: string } {
  const first = variants.find((entry) => entry.productId === id)?.variants[0];
  return { en: first?.label ?? '', ar: first?.labelAr ?? '' };
}

/** A basket line's name: the product's name (as `name` gives it in the edition) and its variant's label. */
export const lineNameOf = (name: string, label: string): string => (label === '' ? name : `${name} – ${label}`);

export function quoteProduct(id: string): QuoteProduct {
  const product = products.find((candidate) => candidate.id === id);
  if (product === undefined) throw new Error(`content/data/products.json has no product ${id}`);
  const listingPath = categoryPath(product.productCategoryId);
  return { ...product, listingPath, pagePath: `${listingPath}/${product.id}`, firstLabel: firstLabel(product.id) };
}

/**
 * The journeys' products: two cables of one listing, sold by the metre (the first asked for with decimals), a gland
 * from its product page, and the gland a pasted list names by its model code.
 */
export const JOURNEY = {
  metreCable: quoteProduct('oc_cu_xlpe_swa_pvc_cable'),
  secondCable: quoteProduct('oc_cu_xlpe_swa_lszh_cable'),
  gland: quoteProduct('hex_cw_brass_cable_gland'),
  pastedGland: quoteProduct('hex_e1w_brass_cable_gland'),
} as const;

/** A code no product has (the pasted list's unknown line). */
export const UNKNOWN_CODE = 'XYZ-000';

const branches = englishData<{ name: string; email: string }[]>('branches.json');
/** The e-mail address of the branch named `name` (content/data/branches.json): where its requests are mailed. */
export const branchEmail = (name: string): string => branches.find((branch) => branch.name === name)!.email;

/** A date `days` from today (UTC) as a date field takes it: 'YYYY-MM-DD'. */
export const daysFromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// The apps' messages (ui-strings.ts), which the Arabic journey reads its texts with
export { arabicOf, message } from './ui-strings';

// ---------------------------------------------------------------------------------------------------------------
// A site that mails, and what it stored

export interface MailingSite {
  site: RunningSite;
  smtp: TestSmtpServer;
  /** Stops the server (closing its database) and the SMTP server, and removes the data folder; idempotent. */
  stop(): Promise<void>;
}

/** A server's settings that make its outbox send at once to `smtp`, and take every browser test's requests. */
export const mailingEnv = (smtp: TestSmtpServer): Record<string, string> => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Crescent website <website@example.com>',
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.5',
  // every browser test comes from 127.0.0.1 (the limiter is the server tests')
  SUBMIT_RATE_LIMIT_MAX: '10000',
});

/** The built server on a fresh embedded database, its outbox sending at once to an SMTP server on loopback. */
export async function startMailingSite(): Promise<MailingSite> {
  const smtp = await startSmtpServer();
  // a data folder of our own: the request is read from its database after the server has stopped
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-quote-'));
  let site: RunningSite;
  try {
    site = await startSite(mailingEnv(smtp), { dataDir });
  } catch (error) {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    site,
    smtp,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await site.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The mails received for `recipient` once there are `count` of them (the outbox worker sends them: polled). */
export async function mailsTo(
  smtp: TestSmtpServer,
  recipient: string,
  count = 1,
  timeoutMs = 30_000,
): Promise<ReceivedMail[]> {
  const found = () =>
    smtp.received.filter((mail) =>
      mail.envelopeTo.some((address) => address.toLowerCase() === recipient.toLowerCase()),
    );
  await expect
    .poll(() => found().length, { message: `mails to ${recipient}`, timeout: timeoutMs, intervals: [200] })
    .toBeGreaterThanOrEqual(count);
  return found();
}

/** The PDF attached to a mail: a PDF, named after the reference, saying the reference and the codes. */
export function expectPdfAttachment(
  mail: { attachments: { filename: string; contentType: string; content: Buffer }[] },
  reference: string,
  codes: string[],
): void {
  expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
    [`${reference}.pdf`, 'application/pdf'],
  ]);
  const pdf = mail.attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const read = pdfText(pdf);
  if ('skipped' in read) {
    test.info().annotations.push({ type: 'skipped check', description: read.skipped });
    return;
  }
  expect(read.text).toContain(reference);
  for (const code of codes) expect(read.text).toContain(code);
}

export interface StoredQuoteRequest {
  reference: string;
  companyName: string;
  name: string;
  email: string;
  phone: string;
  branch: string;
  deliveryCity: string | null;
  neededBy: string | null;
  notes: string | null;
  language: string;
  spam: boolean;
  lines: {
    lineNo: number;
    productId: string;
    code: string;
    name: string;
    nameAr: string;
    unit: string;
    quantity: number;
  }[];
  /** Its outbox rows: kind, recipient and whether it was sent. */
  mails: { kind: string; recipient: string; sent: boolean }[];
}

/**
 * The request of `reference` as the site's embedded database holds it (tables quote_requests, quote_request_lines,
 * outbox), opened with the server's own code once the server is stopped (one process at a time), or null.
 */
export async function readStoredQuoteRequest(dataDir: string, reference: string): Promise<StoredQuoteRequest | null> {
  // <data folder>/pglite, as server/src/platform/db/index.ts's pgliteDir (that module reads the server's config: ESM only)
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const [row] = await db.query<Record<string, unknown>>(
      `select id, reference, company_name, name, email, phone, branch, delivery_city, to_char(needed_by, 'YYYY-MM-DD') as needed_by,
              notes, language, spam
         from quote_requests where reference = $1`,
      [reference],
    );
    if (row === undefined) return null;
    const lines = await db.query<{
      line_no: number;
      product_id: string;
      product_code: string;
      product_name: string;
      product_name_ar: string;
      unit: string;
      quantity: string;
    }>(
      `select line_no, product_id, product_code, product_name, product_name_ar, unit, quantity::text as quantity
         from quote_request_lines where request_id = $1 order by line_no`,
      [row.id],
    );
    const mails = await db.query<{ kind: string; recipient: string; sent: boolean }>(
      'select kind, recipient, sent_at is not null as sent from outbox where ref_id = $1 and kind like $2 order by id',
      [row.id, 'quote%'],
    );
    return {
      reference: row.reference as string,
      companyName: row.company_name as string,
      name: row.name as string,
      email: row.email as string,
      phone: row.phone as string,
      branch: row.branch as string,
      deliveryCity: row.delivery_city as string | null,
      neededBy: row.needed_by as string | null,
      notes: row.notes as string | null,
      language: row.language as string,
      spam: row.spam as boolean,
      lines: lines.map((line) => ({
        lineNo: line.line_no,
        productId: line.product_id,
        code: line.product_code,
        name: line.product_name,
        nameAr: line.product_name_ar,
        unit: line.unit,
        quantity: Number(line.quantity),
      })),
      mails,
    };
  } finally {
    await db.close();
  }
}
