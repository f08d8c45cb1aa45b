// The request page's form as a plain HTML form post (POST /request-quote, /ar/request-quote: submissions' plainForm.ts),
// sent without the page's scripts or before they started. Its lines are its "Paste a list" box (pastedLines.ts says
// why). The same checks as the scripted form, in its order (quoteFormProblem, mfe-contact/src/quote-request/
// quoteRequest.ts: the required fields, the e-mail, the needed-by date, the human check, then the lines), then the
// API's own (quoteRoutes.ts `take`: the body's schema over the catalogue, the same sentence as POST /api/quote-requests);
// stored with its lines and mails before the answer, as the API stores it; then a 303 to the request's confirmation
// (/request-quote?sent=<reference>&key=<its PDF's key>: "Request sent", drawn from the stored request for whoever holds
// the key, as its PDF is). A request not sent draws the page again with everything as typed and the scripted form's
// words for why.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HONEYPOT_FIELD,
  isHumanCheckAnswer,
  isValidEmail,
  neededByProblem,
  QUOTE_REFERENCE_PATTERN,
} from '@site/content/validation';
import { localizedPath, type Locale } from '@site/contracts/locale';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import type { ApiProblem } from '@site/contracts/forms-api';
import {
  PASTED_LIST_FIELD,
  type PostedQuoteForm,
  type PostedQuoteSent,
  type QuoteFormFields,
  type QuoteNotSent,
  type PastedListProblems,
} from '@site/contracts/quote-api';
import { quoteRequestBodyOf } from '@site/contracts/quote-request-body';
import { describeError, type Database } from '../platform/db/index.js';
import type { SendShell } from '../pages/index.js';
import {
  drawFormPage,
  namedFields,
  plainFormRoutes,
  type FormPage,
  type FormPageStatus,
} from '../submissions/index.js';
import { pastedLines, type CodeLookup } from './pastedLines.js';
import type { QuoteCatalogue } from './quoteCatalogue.js';
import { quotePdfUrl } from './quoteSnapshot.js';
import { keyMatches, loadQuoteRequest } from './quoteStore.js';

/** The form's controls, by name (mfe-contact/src/quote-request/QuoteForm.tsx), and its list's (PasteList.tsx). */
const QUOTE_FIELDS = [
  'companyName',
  'name',
  'email',
  'phone',
  'branch',
  'deliveryCity',
  'neededBy',
  'notes',
  'answer',
  HONEYPOT_FIELD,
] as const satisfies readonly (keyof QuoteFormFields)[];

/** The scripted form's required fields (QUOTE_REQUIRED_FIELDS of mfe-contact's quoteRequest.ts). */
const REQUIRED = ['companyName', 'name', 'email', 'phone'] as const satisfies readonly (keyof QuoteFormFields)[];

/** The pasted list's 20,000 characters and the notes' 2,000, each up to 12 bytes as %XX escapes, and the rest. */
export const QUOTE_FORM_BODY_LIMIT = 300 * 1024;

const QUOTE_PAGE: FormPage = {
  path: 'request-quote',
  title: { en: 'Request a Quote', ar: 'طلب عرض سعر' },
  description: {
    en: 'Request a quote: the products and quantities you need, and your details.',
    ar: 'طلب عرض سعر: المنتجات والكميات التي تحتاجها، وبياناتك.',
  },
};

/** The confirmation's query: the reference and the key of its PDF (the sender's alone: the answer's pdfUrl's). */
const SENT = { reference: 'sent', key: 'key' } as const;

/** What came of a request's body: refused (the API's sentence and problems), not stored (503), or stored under its reference, its PDF's key given. */
export type QuoteTaken =
  | { type: 'refused'; error: string; problems: ApiProblem[] }
  | { type: 'notSaved' }
  | { type: 'saved'; reference: string; key: string };

/** quoteRoutes.ts's one way in for a request's body (the API's and this form's). */
export type TakeQuoteRequest = (body: unknown, request: FastifyRequest) => Promise<QuoteTaken>;

export interface PlainQuoteOptions {
  db: Database;
  sendPage: SendShell;
  /** The catalogue's look-up of products by code (a pasted list's codes). */
  lookup: CodeLookup;
  publicSiteUrl: string | undefined;
  /** quoteRoutes.ts's way in for a request's body: the API's checks, the store and the mails. */
  take: TakeQuoteRequest;
  catalogue: (productIds: readonly string[]) => Promise<QuoteCatalogue>;
  rateLimited: boolean;
  now?: (() => Date) | undefined;
}

/**
 * The scripted form's checks before sending (quoteFormProblem), in its order, of the fields as posted: the lines are
 * the list's, checked after (pastedLines.ts).
 */
export function quoteFieldsProblem(
  values: QuoteFormFields,
  now: Date,
): Extract<QuoteNotSent, { type: 'invalid' }>['problem'] | null {
  if (REQUIRED.some((field) => values[field].trim() === '')) return 'required';
  if (!isValidEmail(values.email)) return 'invalidEmail';
  if (values.neededBy.trim() !== '' && neededByProblem(values.neededBy.trim(), now) !== null) return 'badNeededBy';
  if (!isHumanCheckAnswer(values.answer)) return 'wrongAnswer';
  return null;
}

export async function plainQuoteRoutes(app: FastifyInstance, options: PlainQuoteOptions): Promise<void> {
  const { take } = options;
  const now = options.now ?? (() => new Date());
  const draw = drawFormPage(options.sendPage, QUOTE_PAGE);
  /** The form drawn again: everything as posted, and why it was not sent. */
  const notSent = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: FormPageStatus,
    posted: { values: QuoteFormFields; pastedList: string; why: QuoteNotSent; list?: PastedListProblems },
  ) =>
    draw(
      request,
      reply,
      { form: 'quote', outcome: 'notSent', ...posted, list: posted.list ?? null } satisfies PostedQuoteForm,
      status,
    );

  await app.register(plainFormRoutes, {
    page: QUOTE_PAGE,
    bodyLimit: QUOTE_FORM_BODY_LIMIT,
    publicSiteUrl: options.publicSiteUrl,
    rateLimited: options.rateLimited,
    refused: async (request, reply, status, fields) =>
      notSent(request, reply, status, {
        values: namedFields(fields ?? {}, QUOTE_FIELDS),
        pastedList: fields?.[PASTED_LIST_FIELD] ?? '',
        why: status === 429 ? { type: 'rateLimited' } : { type: 'failed' },
      }),
    answer: async (request, reply, fields, locale: Locale) => {
      const values = namedFields(fields, QUOTE_FIELDS);
      const pastedList = fields[PASTED_LIST_FIELD] ?? '';
      const refuse = (status: FormPageStatus, why: QuoteNotSent, list?: PastedListProblems) =>
        notSent(request, reply, status, { values, pastedList, why, list });
      const problem = quoteFieldsProblem(values, now());
      if (problem !== null) return refuse(400, { type: 'invalid', problem });
      let read;
      try {
        read = await pastedLines(pastedList, options.lookup, options.catalogue);
      } catch (error) {
        request.log.error({ err: error }, `could not read a posted list's products: ${describeError(error)}`);
        return refuse(503, { type: 'failed' });
      }
      if (read.type === 'empty') return refuse(400, { type: 'invalid', problem: 'noLines' });
      if (read.type === 'problems') return refuse(400, { type: 'invalid', problem: 'badList' }, read.problems);
      // the body the scripted form sends (contracts' quoteRequestBodyOf)
      const taken = await take(quoteRequestBodyOf(values, read.lines, locale), request);
      if (taken.type === 'refused') return refuse(400, { type: 'refused', message: taken.error });
      if (taken.type === 'notSaved') return refuse(503, { type: 'failed' });
      const query = new URLSearchParams({ [SENT.reference]: taken.reference, [SENT.key]: taken.key }).toString();
      return reply.redirect(`${localizedPath(locale, QUOTE_REQUEST_PATH)}?${query}`, 303);
    },
  });
}

/**
 * The request page at a request's confirmation (`?sent=<reference>&key=<key>`, where a stored post is sent): drawn
 * with its "Request sent" summary, from the stored request, for whoever holds its PDF's key. Any other address of the
 * page, a wrong key or an unknown reference: undefined (the page as usual, which says nothing of any request).
 */
export function quoteSentPage(db: Database, sendPage: SendShell) {
  const draw = drawFormPage(sendPage, QUOTE_PAGE);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
    const reference = query.get(SENT.reference);
    const key = query.get(SENT.key);
    if (reference === null || key === null || !QUOTE_REFERENCE_PATTERN.test(reference) || key.length > 100)
      return undefined;
    let stored: Awaited<ReturnType<typeof loadQuoteRequest>>;
    try {
      stored = await loadQuoteRequest(db, reference);
    } catch (error) {
      request.log.error(
        { err: error },
        `could not read the request for quotation ${reference}: ${describeError(error)}`,
      );
      return undefined;
    }
    if (stored === undefined || !keyMatches(key, stored.keyHash)) return undefined;
    const { snapshot } = stored;
    const sent: PostedQuoteSent = {
      reference,
      pdfUrl: quotePdfUrl(reference, key),
      lines: snapshot.lines.map(({ productId, code, name, nameAr, label, labelAr, unit, quantity }) => ({
        productId,
        code,
        name,
        nameAr,
        label,
        labelAr,
        unit,
        quantity,
      })),
      values: {
        companyName: snapshot.companyName,
        name: snapshot.name,
        email: snapshot.email,
        phone: snapshot.phone,
        branch: snapshot.branch,
        deliveryCity: snapshot.deliveryCity ?? '',
        neededBy: snapshot.neededBy ?? '',
        notes: snapshot.notes ?? '',
      },
    };
    // the key's holder alone: never kept (an unlisted page: no-store), no address named in its head
    return draw(request, reply, { form: 'quote', outcome: 'sent', sent } satisfies PostedQuoteForm);
  };
}
