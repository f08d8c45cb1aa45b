// For the quotation tests after Send: a fresh database with the catalogue (the gland HEX-CW-20S at 12.00 AED), the
// staff work calls behind the test account header, staff of Dubai and Oman, an admin and a catalogue editor, and the
// buyer's link calls on a Fastify of their own (as the site serves them, without a session). Sends a request's draft
// and reads the buyer's token from the mail, as the buyer would get it.
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { QUOTATIONS_API, type Quotation, type QuotationLine } from '@site/contracts/quotations-api';
import type { QuotationLineInput } from '@site/contracts/quotations-api-schemas';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { seedCatalogue } from '../catalogue/index.js';
import type { Database } from '../platform/db/index.js';
import { quotationLinkPlugin } from '../quotations/link/linkPlugin.js';
import { recordStaffAction } from '../staff/audit.js';
import type { DatabaseTarget, TestDatabase } from './databases.js';
import { mailedQuotationLink } from './quotationMail.js';
import { answerOf } from './answers.js';
import { as, buildStaffWorkTestApp, createTestAccount, TEST_LINK_SEALER } from './staffWorkApp.js';
import { submitQuote, TEST_PRODUCT } from './staffWorkData.js';

/** A line of a quotation's answer as the editor sends it back in a save. */
export const lineInputOf = (line: QuotationLine): QuotationLineInput => ({
  code: line.code,
  description: line.description,
  unit: line.unit,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  discountPercent: line.discountPercent,
  availabilityNote: line.availabilityNote,
  lineNote: line.lineNote,
});

export const QUOTATION_TEST_SITE_URL = 'https://www.crescent.example';

export interface QuotationTestSite {
  database: TestDatabase;
  db: Database;
  /** The staff work calls; a request names its account with `as(account)`. */
  staff: FastifyInstance;
  /** The buyer's link calls. */
  site: FastifyInstance;
  dubai: StaffAccountSummary;
  oman: StaffAccountSummary;
  admin: StaffAccountSummary;
  catalogue: StaffAccountSummary;
  /** A staff call as `who`, a JSON body when given. */
  call(
    who: StaffAccountSummary,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Sends the draft `id` as `who`: the quotation sent, the link its mail carries and the link's token. */
  send(who: StaffAccountSummary, id: number): Promise<SentQuotation>;
  /** A request of `branch` for 40 glands (`fields` over the defaults), its draft prepared by `who` and sent. */
  sendNew(
    who: StaffAccountSummary,
    branch: string,
    fields?: Record<string, unknown>,
  ): Promise<SentQuotation & { requestId: number; reference: string }>;
  close(): Promise<void>;
}

export interface SentQuotation {
  quotation: Quotation;
  link: string;
  token: string;
}

export interface QuotationTestSiteOptions {
  /** Now, for both sides (tests move it). */
  now: () => Date;
  quotationValidDays?: number;
  /** 1 AED in rials, set by the admin at the start; none when left out. */
  omrRate?: string;
}

export async function buildQuotationTestSite(
  target: DatabaseTarget,
  options: QuotationTestSiteOptions,
): Promise<QuotationTestSite> {
  const database = await target.fresh();
  const { db } = database;
  const { now } = options;
  await seedCatalogue(db);
  await db.query(`update catalogue_product_variants set price = '12.00' where code = 'HEX-CW-20S'`);
  const staff = await buildStaffWorkTestApp({
    db,
    now,
    quotationValidDays: options.quotationValidDays ?? 30,
    publicSiteUrl: QUOTATION_TEST_SITE_URL,
  });
  const dubai = await createTestAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
  const oman = await createTestAccount(db, 'oman@crescent.example', 'branch', 'Oman');
  const admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
  const catalogue = await createTestAccount(db, 'catalogue@crescent.example', 'catalogue');
  const site = Fastify({ logger: false });
  await site.register(quotationLinkPlugin, {
    db,
    recordStaffAction,
    now,
    rateLimitMax: 10_000,
    linkSealer: TEST_LINK_SEALER,
  });
  await site.ready();

  const call: QuotationTestSite['call'] = (who, method, url, body) =>
    staff.inject({
      method,
      url,
      headers: { ...as(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const send: QuotationTestSite['send'] = async (who, id) => {
    const draft = answerOf<Quotation>(await call(who, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id })), 200);
    const quotation = answerOf<Quotation>(
      await call(who, 'POST', staffApiPath(QUOTATIONS_API.send, { id }), { version: draft.version }),
      200,
    );
    const link = await mailedQuotationLink(db, id);
    assert.ok(link !== undefined, 'the buyer’s mail is queued in the send, its link sealed for it');
    return { quotation, link, token: link.split('/').at(-1)! };
  };
  const sendNew: QuotationTestSite['sendNew'] = async (who, branch, fields = {}) => {
    const { id: requestId, reference } = await submitQuote(db, {
      branch,
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
      ...fields,
    });
    const draft = answerOf<Quotation>(await call(who, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
    return { requestId, reference, ...(await send(who, draft.id)) };
  };
  if (options.omrRate !== undefined)
    answerOf(
      await call(admin, 'PUT', staffApiPath(QUOTATIONS_API.currencyRate, { currency: 'OMR' }), {
        rate: options.omrRate,
      }),
      200,
    );

  return {
    database,
    db,
    staff,
    site,
    dubai,
    oman,
    admin,
    catalogue,
    call,
    send,
    sendNew,
    async close() {
      await staff.close();
      await site.close();
      await database.cleanup();
    },
  };
}
