// The buyer's page, /quotation/<token> and /ar/quotation/<token>, drawn by the server with the quotation the token
// opens (docs/decisions/002, as every public page), and its two forms taken as plain HTML form posts, so the page is
// whole before its scripts start and without them.
//
// Private: the page is one buyer's, its token the only key. It is drawn for this request alone and kept nowhere (shellResponder.ts:
// an unlisted page never enters the page cache; `no-store` and `noindex` from linkRoutes' hook and shellResponder.ts), and counted
// against the link's rate limit like the API's calls (guessing tokens through the page costs the same 429). A token
// that opens nothing gets the page today's browser drew for it: 200, "This link is not valid or has expired".
//
// A post: refused when another site made the browser send it (crossSite.ts, as the staff app's); a wrong token is sent
// to the page (which says the link is not valid) without its body read; the same checks as the API (the page's own
// sentences first, then the API's schema), the answer stored (acceptQuotation, askForChanges) before a 303 back to the
// page with `?answered=…`; a refusal draws the page again (400) with the values as typed and the reason.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, localizedPath, type Locale } from '@site/contracts/locale';
import {
  acceptTextProblem,
  QUOTATION_LINK_API,
  QUOTATION_LINK_FORM,
  QUOTATION_LINK_NOT_FOUND,
  QUOTATION_LINK_PAGE,
  QUOTATION_LINK_POSTED_FORM,
  quotationLinkApiPath,
  quotationLinkPath,
  type BuyerFormError,
  type BuyerQuotation,
  type DrawnBuyerForms,
  type PostedBuyerForm,
  type QuotationLinkAnswered,
} from '@site/contracts/quotation-link-api';
import {
  acceptQuotationBodySchema,
  askForChangesBodySchema,
  sendLatePurchaseOrderBodySchema,
} from '@site/contracts/quotation-link-api-schemas';
import { quotationDescription, quotationRoute } from '@site/contracts/quotation-route';
import { describeError, type Database } from '../../platform/db/index.js';
import { checkBody } from '../../platform/http/contracts.js';
import { isCrossSite } from '../../platform/http/crossSite.js';
import type { SendShell, UnlistedPage } from '../../pages/index.js';
import { randomBytes } from 'node:crypto';
import {
  acceptQuotation,
  AlreadyAcceptedRefusal,
  askForChanges,
  BuyerRefusal,
  openQuotation,
  quotationOfToken,
  sendLatePurchaseOrder,
  type BuyerContext,
  type PurchaseOrderFile,
} from './buyerStore.js';
import { loadBuyerDocument } from './buyerView.js';
import { readAnswerParts, type PartsRefusal } from './answerParts.js';

export interface LinkPageOptions {
  db: Database;
  context: BuyerContext;
  sendPage: SendShell;
  publicSiteUrl: string | undefined;
  /** The link's rate limit on a route (linkRoutes.ts): the page and its posts count with the API's calls. */
  limit: { config?: { rateLimit: object } };
  onOutboxWrite?: (() => void) | undefined;
}

/** The page's head in each edition: its title and description (no address is named: shellResponder.ts UnlistedPage). */
const QUOTATION_PAGE = {
  title: { en: quotationRoute.title, ar: quotationRoute.titleAr },
  description: quotationDescription,
} as const satisfies UnlistedPage;

/** A urlencoded form: the message's 2000 characters, each up to 4 bytes and written %XX, with room for the rest. */
const FORM_BODY_LIMIT = 32 * 1024;

export const CROSS_SITE_REFUSAL =
  'This form was sent from another site, so it was not taken. Please open your quotation from the link in our mail and answer there.';
const NOT_DONE = 'That could not be done right now. Please try again in a minute.';
/** A multipart field longer than the parser reads (1 KB): never the page's own form, whose fields are shorter. */
const TOO_LONG_FIELD = 'A field of the form is too long: please shorten it and send the form again.';

type Params = { token: string };

/**
 * A urlencoded body's fields: each name's first value, its line breaks as the page's script sends them ('\n': a
 * browser writes a textarea's as '\r\n' in a form post), so a message is stored alike either way.
 */
function urlencodedFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value.replace(/\r\n?/g, '\n');
  }
  return fields;
}

/** A form's field as text ('' when left out or sent as anything else). */
const field = (fields: Record<string, unknown>, name: string): string => {
  const value = fields[name];
  return typeof value === 'string' ? value : '';
};

/** Why a multipart body was refused, as the page says it. */
function partsError(refusal: PartsRefusal): BuyerFormError {
  if (refusal.statusCode === 413) return { problem: 'tooLarge' };
  if (refusal.statusCode === 415) return { problem: 'notPdf' };
  return { message: refusal.message };
}

export async function linkPageRoutes(app: FastifyInstance, options: LinkPageOptions): Promise<void> {
  const { db, context, sendPage, publicSiteUrl, limit } = options;

  // a browser's plain form without a file (Ask for changes): its fields, in this scope only
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, urlencodedFields(body as string));
    },
  );
  // a page's answers are text, not the API's JSON: the rate limit's 429, a body too large, an unknown content type
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 503;
    if (status === 503) request.log.error({ err: error }, `quotation page failed: ${describeError(error)}`);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 503 ? NOT_DONE : error.message);
  });

  /**
   * The page drawn for this buyer: the quotation the token opens (the first opening marks it viewed, as the API's
   * does; a HEAD reads it only), or the one not-found answer; with `posted`, the refused form. A failed read sends the
   * page for the browser to draw (it says it could not load the quotation, and retries).
   */
  const sendQuotationPage = async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    posted?: PostedBuyerForm,
    status?: 400 | 503,
  ): Promise<FastifyReply> => {
    const { token } = request.params;
    let quotation: BuyerQuotation | undefined;
    try {
      const id = await quotationOfToken(db.kysely, token);
      if (id !== undefined) {
        quotation =
          request.method === 'HEAD'
            ? (await loadBuyerDocument(db.kysely, id, context.now()))?.view
            : await openQuotation(db.kysely, context, id);
      }
    } catch (error) {
      request.log.error({ err: error }, `quotation page's read failed: ${describeError(error)}`);
      return sendPage(request, reply, 200, { ...QUOTATION_PAGE, ...(status === undefined ? {} : { status }) });
    }
    const quotationHref = quotationLinkApiPath(QUOTATION_LINK_API.quotation, token);
    const postedHref = quotationLinkApiPath(QUOTATION_LINK_POSTED_FORM, token);
    const answer = async (href: string) => {
      if (href === quotationHref)
        return quotation === undefined
          ? { status: 404, body: QUOTATION_LINK_NOT_FOUND }
          : { status: 200, body: quotation };
      if (href !== postedHref) return undefined;
      // the plain forms' submission key, one per drawing: a re-post of this page's form is the same submission
      const forms: DrawnBuyerForms = { posted: posted ?? null, submission: randomBytes(18).toString('base64url') };
      return { status: 200, body: forms };
    };
    const firstView = {
      remote: quotationRoute.remote,
      modulePath: quotationRoute.modulePath,
      params: { token },
      logPath: QUOTATION_LINK_PAGE,
      answer,
    };
    return sendPage(request, reply, 200, { ...QUOTATION_PAGE, firstView, ...(status === undefined ? {} : { status }) });
  };

  for (const locale of LOCALES) {
    const address = localizedPath(locale, QUOTATION_LINK_PAGE);
    for (const url of [address, `${address}/`]) {
      app.get<{ Params: Params }>(url, limit, async (request, reply) => sendQuotationPage(request, reply));
    }
    app.post<{ Params: Params }>(
      address,
      { ...limit, bodyLimit: FORM_BODY_LIMIT, onRequest: refuseCrossSite },
      async (request, reply) => answerForm(request, reply, locale),
    );
  }

  /** Another site's form is never taken, whatever it holds: refused before its body is read (onRequest). */
  async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (isCrossSite(request, publicSiteUrl))
      await reply.code(403).type('text/plain; charset=utf-8').send(CROSS_SITE_REFUSAL);
  }

  /** A plain form post from the page itself (refuseCrossSite): stored and sent back to the page, or drawn again with its reason. */
  async function answerForm(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    locale: Locale,
  ): Promise<FastifyReply> {
    const { token } = request.params;
    const page = quotationLinkPath(encodeURIComponent(token), locale);
    const backTo = (answered?: QuotationLinkAnswered) =>
      reply.redirect(answered === undefined ? page : `${page}?${QUOTATION_LINK_FORM.answered}=${answered}`, 303);
    // the token first: nothing of a body sent to a wrong link is read; the page then says the link is not valid
    const id = await quotationOfToken(db.kysely, token);
    if (id === undefined) return backTo();

    let fields: Record<string, unknown>;
    let file: PurchaseOrderFile | undefined;
    /** Why the body's parts were not taken (the file, or a field cut short), after the texts' own checks. */
    let partsProblem: BuyerFormError | undefined;
    if (request.isMultipart()) {
      const read = await readAnswerParts(request, 1);
      ({ fields, file } = read);
      if (read.refusal !== undefined) partsProblem = partsError(read.refusal);
      else if (read.truncated) partsProblem = { message: TOO_LONG_FIELD };
    } else if (
      typeof request.body === 'object' &&
      request.body !== null &&
      request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ) {
      fields = request.body as Record<string, unknown>;
    } else {
      return reply
        .code(415)
        .type('text/plain; charset=utf-8')
        .send('Send the form as a browser does: application/x-www-form-urlencoded or multipart/form-data');
    }

    const kind = field(fields, QUOTATION_LINK_FORM.answer);
    // a post that opens nothing to answer (no form named, or only a file's refusal without one): the page again
    if (kind !== 'accept' && kind !== 'changes' && kind !== 'purchaseOrder')
      return sendQuotationPage(request, reply, undefined, 400);
    const refuse = (form: PostedBuyerForm, status: 400 | 503 = 400) => sendQuotationPage(request, reply, form, status);
    const submission = field(fields, QUOTATION_LINK_FORM.submission);
    try {
      if (kind === 'purchaseOrder') {
        const checked = checkBody(sendLatePurchaseOrderBodySchema, { submission });
        if (!checked.ok) return await backTo();
        await sendLatePurchaseOrder(db.kysely, context, id, checked.data.submission);
        options.onOutboxWrite?.();
        return await backTo('purchaseOrder');
      }
      if (kind === 'accept') {
        const values = {
          name: field(fields, 'name'),
          position: field(fields, 'position'),
          poNumber: field(fields, 'poNumber'),
        };
        const problem = acceptTextProblem(values);
        if (problem !== null || partsProblem !== undefined)
          return await refuse({ form: 'accept', values, error: problem !== null ? { problem } : partsProblem! });
        const poNumber = values.poNumber.trim();
        const checked = checkBody(acceptQuotationBodySchema, {
          name: values.name.trim(),
          position: values.position.trim(),
          ...(poNumber === '' ? {} : { poNumber }),
          ...(submission === '' ? {} : { submission }),
        });
        if (!checked.ok) return await refuse({ form: 'accept', values, error: { message: checked.error } });
        try {
          await acceptQuotation(db.kysely, context, id, checked.data, file);
        } catch (error) {
          // another submission accepted first: the page (200: nothing to correct in the form) says when and with which
          // PO, and offers to send this one's file to the branch
          if (!(error instanceof AlreadyAcceptedRefusal)) throw error;
          const { acceptedOn, poNumber, heldFile } = error.alreadyAccepted;
          return await sendQuotationPage(request, reply, {
            form: 'alreadyAccepted',
            alreadyAccepted: { acceptedOn, poNumber, heldFile },
          });
        }
        options.onOutboxWrite?.();
        return await backTo('accepted');
      }
      const values = { message: field(fields, 'message') };
      if (values.message.trim() === '') return await refuse({ form: 'changes', values, error: { problem: 'message' } });
      if (partsProblem !== undefined) return await refuse({ form: 'changes', values, error: partsProblem });
      const checked = checkBody(askForChangesBodySchema, { message: values.message.trim() });
      if (!checked.ok) return await refuse({ form: 'changes', values, error: { message: checked.error } });
      await askForChanges(db.kysely, context, id, checked.data.message);
      options.onOutboxWrite?.();
      return await backTo('changes');
    } catch (error) {
      // past its validity, replaced by a later revision: the page says why, in the buyer's language, with no forms
      if (error instanceof BuyerRefusal) return backTo();
      request.log.error({ err: error }, `quotation form post failed: ${describeError(error)}`);
      if (kind === 'purchaseOrder') return sendQuotationPage(request, reply, undefined, 503);
      const failed = { problem: 'failed' } as const;
      return refuse(
        kind === 'accept'
          ? {
              form: 'accept',
              values: {
                name: field(fields, 'name'),
                position: field(fields, 'position'),
                poNumber: field(fields, 'poNumber'),
              },
              error: failed,
            }
          : { form: 'changes', values: { message: field(fields, 'message') }, error: failed },
        503,
      );
    }
  }
}
