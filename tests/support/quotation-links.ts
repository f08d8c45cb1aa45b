// Quotation links for the tests that only need one to open (specs/early-interactions.spec.ts, the bench's
// tools/bench/time-to-working.ts): a site of their own with Dubai's branch staff (made with the staff CLI) and a mail
// catcher; each link as a buyer gets it: a request posted by the public API, priced from the catalogue by the branch's
// staff (its draft made and sent through the staff API, as the staff app does) and read from the buyer's mail.
// specs/buyer-journey.spec.ts goes the whole way in the browsers instead (request page, staff app, PDF, order).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { CSRF_HEADER, STAFF_API, staffApiPath, type InboxPage, type SignInResult } from '@site/contracts/staff-api';
import { startSmtpServer, type TestSmtpServer } from '@site/server/test-support';
import { expect } from './fixtures';
import { JOURNEY, mailingEnv, mailsTo } from './quote-basket';
import { DATA_TEMPLATE_ENV, makeDataTemplate, startSite, type RunningSite } from './site-server';
import { addStaffAccount, DUBAI_STAFF, setBranchDetails } from './staff';

export interface QuotationLinkSite {
  /** The public site's origin. */
  url: string;
  /** The buyer's account's origin. */
  accountUrl: string;
  /** A new quotation, sent: the path of its buyer's link in `language` ('/quotation/<token>', '/ar/quotation/<token>'). */
  newLink(language: 'en' | 'ar'): Promise<string>;
  /** The same, with the quotation's number and id and the buyer's address (for `revise` and the mails). */
  newQuotation(language: 'en' | 'ar'): Promise<SentLink>;
  /** A revision of sent quotation `sent` prepared and sent by the staff, as the staff app does: its link. */
  revise(sent: SentLink): Promise<SentLink>;
  /** The mails the site sent so far (the loopback SMTP server's). */
  mails: TestSmtpServer;
  stop(): Promise<void>;
}

export interface SentLink {
  link: string;
  id: number;
  number: string;
  email: string;
}

/** The link's path in a quotation mail. */
const LINK = /https?:\/\/\S+?(\/(?:ar\/)?quotation\/[A-Za-z0-9_-]{43})/;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** The site, its Dubai staff signed in through the API (branch staff sign in with the password alone). */
export async function startQuotationLinkSite(): Promise<QuotationLinkSite> {
  let smtp: TestSmtpServer | undefined;
  let site: RunningSite | undefined;
  let staff: APIRequestContext | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-quotation-links-'));
  let madeTemplate: string | undefined;
  const stop = async () => {
    await staff?.dispose();
    await site?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (madeTemplate !== undefined) rmSync(madeTemplate, { recursive: true, force: true });
  };
  try {
    // The suite's template database when there is one (its global setup made it): the staff CLI then opens a migrated
    // database instead of creating one, which on a loaded machine took it past its 90 s (support/staff.ts's
    // startStaffSite starts from an empty folder).
    // Without one (the bench), one made here by the built server, which migrates faster than the CLI would.
    let template = process.env[DATA_TEMPLATE_ENV];
    if (template === undefined || !existsSync(template)) template = madeTemplate = await makeDataTemplate();
    if (template !== undefined) cpSync(template, dataDir, { recursive: true });
    await addStaffAccount(dataDir, DUBAI_STAFF);
    await setBranchDetails(dataDir, 'Dubai');
    smtp = await startSmtpServer();
    site = await startSite(mailingEnv(smtp), { dataDir });
    staff = await playwrightRequest.newContext({ baseURL: site.staffUrl });
    const session = await json<SignInResult>(
      await staff.post(STAFF_API.signIn, { data: { email: DUBAI_STAFF.email, password: DUBAI_STAFF.password } }),
      200,
    );
    expect(session.state).toBe('active');
    const csrf = { [CSRF_HEADER]: session.csrfToken };
    const { url, staffUrl, accountUrl } = site;
    const mails = smtp;
    // each link's staff calls on connections of their own, with the signed-in session: a connection kept from the last
    // link (a case or more ago) could be the one the server was closing as idle (read ECONNRESET, once in 240 cases)
    const signedIn = await staff.storageState();
    let made = 0;

    /** Quotation `id` sent by the staff (its draft's version read first); its number and the link its mail to `email` carries. */
    const sendDraft = async (id: number, email: string, sentBefore: number): Promise<SentLink> => {
      const staffApi = await playwrightRequest.newContext({ baseURL: staffUrl, storageState: signedIn });
      let number: string;
      try {
        const draft = await json<Quotation>(await staffApi.get(staffApiPath(QUOTATIONS_API.quotation, { id })), 200);
        const sent = await json<Quotation>(
          await staffApi.post(staffApiPath(QUOTATIONS_API.send, { id }), {
            headers: csrf,
            data: { version: draft.version },
          }),
          200,
        );
        number = sent.number ?? '';
      } finally {
        await staffApi.dispose();
      }
      let link: string | undefined;
      await expect
        .poll(
          async () => {
            link = (await mailsTo(mails, email))
              .slice(sentBefore)
              .map((mail) => LINK.exec(mail.text)?.[1])
              .find((found) => found !== undefined);
            return link;
          },
          { message: `the quotation mail to ${email}`, timeout: 30_000 },
        )
        .toBeDefined();
      return { link: link!, id, number, email };
    };

    const revise = async (sent: SentLink): Promise<SentLink> => {
      const before = (await mailsTo(mails, sent.email)).length;
      const staffApi = await playwrightRequest.newContext({ baseURL: staffUrl, storageState: signedIn });
      let draftId: number;
      try {
        const current = await json<Quotation>(
          await staffApi.get(staffApiPath(QUOTATIONS_API.quotation, { id: sent.id })),
          200,
        );
        draftId = (
          await json<Quotation>(
            await staffApi.post(staffApiPath(QUOTATIONS_API.revise, { id: sent.id }), {
              headers: csrf,
              data: { version: current.version },
            }),
            201,
          )
        ).id;
      } finally {
        await staffApi.dispose();
      }
      return sendDraft(draftId, sent.email, before);
    };

    const newQuotation = async (language: 'en' | 'ar'): Promise<SentLink> => {
      made += 1;
      // an address of its own: the inbox row and the mail are this link's
      const email = `early.buyer.${made}.${Date.now()}@example.com`;
      const { gland } = JOURNEY;
      const posted = await playwrightRequest.newContext();
      try {
        await json(
          await posted.post(`${url}${QUOTE_REQUESTS_API_PATH}`, {
            data: {
              lines: [{ productId: gland.id, code: gland.code, quantity: 40 }],
              companyName: 'Gulf Build LLC',
              name: 'Karim Nasser',
              email,
              phone: '+971 4 000 0000',
              branch: 'Dubai',
              language,
            },
          }),
          200,
        );
      } finally {
        await posted.dispose();
      }
      const staffApi = await playwrightRequest.newContext({ baseURL: staffUrl, storageState: signedIn });
      let draftId: number;
      try {
        const inbox = await json<InboxPage>(
          await staffApi.get(`${STAFF_API.inbox}?kind=quote&q=${encodeURIComponent(email)}`),
          200,
        );
        const requestId = inbox.items.find((item) => item.email === email)?.id;
        if (requestId === undefined) throw new Error(`the inbox has no request from ${email}`);
        draftId = (
          await json<Quotation>(
            await staffApi.post(QUOTATIONS_API.quotations, { headers: csrf, data: { requestId } }),
            201,
          )
        ).id;
      } finally {
        await staffApi.dispose();
      }
      return sendDraft(draftId, email, 0);
    };
    const newLink = async (language: 'en' | 'ar'): Promise<string> => (await newQuotation(language)).link;
    return { url, accountUrl, newLink, newQuotation, revise, mails, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Today in Dubai (the branches' calendar) as a buyer's quotation page writes a date ('1 December 2026'; Arabic months, Western digits). */
export function dubaiDay(language: 'en' | 'ar'): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
