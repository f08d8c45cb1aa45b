// The account's records: the page of a signed-in buyer's requests and quotations, in both editions, and
// their PDFs. The caller mounts it where the account is served and says who is signed in (buyerOf). Nothing here is
// cached for anyone else or indexed; a record of another buyer answers the same 404 as one that does not exist.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Locale } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { accountEmail, accountRecordsOf, type Addresses } from './accountRecords.js';
import { ACCOUNT_PAGE_CSP } from '../accountHtml.js';
import { accountPagePath, accountRecordsPage, signInPath } from './accountPage.js';
import { quotationPdfOf, requestPdfOf, type RecordPdf } from './recordPdfs.js';

export interface AccountRecordsOptions {
  db: Kysely<DatabaseSchema>;
  /** The signed-in buyer of a request, or undefined (then the routes answer 401 JSON / redirect pages to /account/sign-in). */
  buyerOf(
    request: FastifyRequest,
  ): Promise<{ email: string; csrfToken: string; companyEmails?: readonly string[] } | undefined>;
  /** Now, for a quotation's validity (tests move it); the clock when left out. */
  now?: () => Date;
}

/** A request's reference as the PDF's address has it: RFQ-AE-2026-000123.pdf. */
const REQUEST_FILE = /^([A-Z0-9][A-Z0-9-]{0,63})\.pdf$/;
/** A quotation's id (a bigint column): digits, within what a number holds exactly. */
const QUOTATION_FILE = /^([1-9][0-9]{0,14})\.pdf$/;

export const NOT_FOUND = { error: 'Not found' } as const;
export const SIGNED_OUT = { error: 'Sign in to see your account' } as const;

/** Never kept by a cache for anyone else, never indexed. */
function privateAnswer(reply: FastifyReply): FastifyReply {
  return (
    reply
      .header('cache-control', 'no-store, private')
      .header('x-robots-tag', 'noindex')
      .header('x-content-type-options', 'nosniff')
      // not no-referrer: with it a browser sends `Origin: null` on this origin's own form posts (refused as from elsewhere)
      .header('referrer-policy', 'same-origin')
  );
}

export const accountRecordsRoutes: FastifyPluginAsync<AccountRecordsOptions> = async (app, options) => {
  const { db, buyerOf } = options;
  const now = options.now ?? (() => new Date());

  /** The addresses whose records the buyer sees: their own, or in a company every colleague's. */
  const addressesOfBuyer = (buyer: { email: string; companyEmails?: readonly string[] }): Addresses =>
    buyer.companyEmails ?? accountEmail(buyer.email);
  const emailOf = async (request: FastifyRequest): Promise<Addresses | undefined> => {
    const buyer = await buyerOf(request);
    return buyer === undefined ? undefined : addressesOfBuyer(buyer);
  };

  const page = (locale: Locale) => async (request: FastifyRequest, reply: FastifyReply) => {
    privateAnswer(reply);
    const buyer = await buyerOf(request);
    if (buyer === undefined) return reply.redirect(signInPath(locale), 303);
    const records = await accountRecordsOf(db, addressesOfBuyer(buyer), now());
    return reply
      .header('content-security-policy', ACCOUNT_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(accountRecordsPage(locale, records, { csrfToken: buyer.csrfToken }, buyer.companyEmails !== undefined));
  };
  app.get(accountPagePath('en'), page('en'));
  app.get(accountPagePath('ar'), page('ar'));

  const sendPdf = (reply: FastifyReply, pdf: RecordPdf | undefined) =>
    pdf === undefined
      ? reply.code(404).send(NOT_FOUND)
      : reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.fileName.replace(/[^A-Za-z0-9.-]/g, '')}"`)
          .send(pdf.bytes);

  /** A PDF route: signed out 401; the file's name read by `file`, anything else the one 404. */
  const pdfRoute =
    <T>(
      file: RegExp,
      parse: (match: string) => T,
      build: (email: Addresses, key: T) => Promise<RecordPdf | undefined>,
    ) =>
    async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      privateAnswer(reply);
      const email = await emailOf(request);
      if (email === undefined) return reply.code(401).send(SIGNED_OUT);
      const match = file.exec(request.params.file)?.[1];
      return sendPdf(reply, match === undefined ? undefined : await build(email, parse(match)));
    };

  app.get(
    '/account/requests/:file',
    pdfRoute(REQUEST_FILE, String, (email, reference) => requestPdfOf(db, email, reference)),
  );
  app.get(
    '/account/quotations/:file',
    pdfRoute(QUOTATION_FILE, Number, (email, id) => quotationPdfOf(db, email, id, now())),
  );
};
