// Plain HTML form posts to a page's own address: the contact page's message form (plainMessageRoutes.ts) and the
// request page's form (../quote-requests/plainQuoteRoutes.ts), as a browser sends them without the page's scripts, or before
// they have started (docs/decisions/002: seconds on a phone). What both take the same way:
// - another site's post is refused before anything is read (crossSite.ts, as the staff app's and the quotation link's
//   are): a plain form, unlike the scripts' JSON, is one any site can make a visitor's browser send;
// - the body is a urlencoded form (the forms have no file input), UTF-8, at most the route's limit;
// - the scope's rate limit counts it once its body is read (its hook preHandler), so a post over the limit is answered
//   with its fields kept; a body too large or not a form is refused unread;
// - every answer is the page, drawn by the server for this one visitor with what came of the post (read by the page at
//   FORM_POST_OUTCOME_PATH) and kept nowhere (shellResponder.ts: an unlisted page, no-store, noindex), or a 303 to its
//   confirmation once the post is stored.
import { formFields } from '../platform/http/formFields.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataEdition } from '@site/content/arabic-edition';
import { FORM_POST_OUTCOME_PATH, FORM_POST_PARAM } from '@site/contracts/api';
import { LOCALES, localizedDataPath, localizedPath, splitLocale, type Locale } from '@site/contracts/locale';
import { siteRoutes, type SiteRoutePath } from '@site/contracts/routes';
import { isCrossSite } from '../platform/http/crossSite.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import type { SendShell, UnlistedPage } from '../pages/index.js';

/** A form page's answers that are not a 200: its form drawn again with why it was not taken. */
export type FormPageStatus = NonNullable<UnlistedPage['status']>;

/** Another site's post, in the page's language: nothing of it was read. */
export const CROSS_SITE_REFUSAL: Record<Locale, string> = {
  en: 'This form was sent from another site, so it was not taken. Please open our page and send it from there.',
  ar: 'أُرسل هذا النموذج من موقع آخر، لذا لم يُقبل. يُرجى فتح صفحتنا وإرساله منها.',
};

const NOT_A_FORM = 'Send the form as a browser does: application/x-www-form-urlencoded';

/** The branches' Arabic file, the one data file the contact remote's pages start from (their startDataAr). */
const ARABIC_BRANCHES = localizedDataPath('ar', '/data/branches.json');

/** The fields `names` of a posted form, as typed ('' for one left out). */
export function namedFields<Name extends string>(
  fields: Readonly<Record<string, string>>,
  names: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, Object.hasOwn(fields, name) ? fields[name]! : ''])) as Record<
    Name,
    string
  >;
}

/** A page with a form, as its answers are drawn: its route and its head (no address is named: shellResponder.ts UnlistedPage). */
export interface FormPage {
  path: SiteRoutePath;
  title: Readonly<Record<Locale, string>>;
  description: Readonly<Record<Locale, string>>;
}

/** Draws `page` for this request with `posted`, what came of its form's post (the page reads it: FORM_POST_OUTCOME_PATH). */
export function drawFormPage(sendPage: SendShell, page: FormPage) {
  const route = siteRoutes.find((candidate) => candidate.path === page.path)!;
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    posted: unknown,
    status?: FormPageStatus,
  ): Promise<FastifyReply> => {
    const answer = async (href: string) => {
      if (href === FORM_POST_OUTCOME_PATH) return { status: 200, body: posted };
      // the page's own start data, as /data serves it: an Arabic page's branches
      if (href === ARABIC_BRANCHES) return { status: 200, body: dataEdition('ar', 'branches.json') };
      return undefined;
    };
    const firstView = {
      remote: route.remote,
      modulePath: route.modulePath,
      params: { [FORM_POST_PARAM]: '' },
      logPath: `/${page.path}`,
      answer,
    };
    return sendPage(request, reply, 200, {
      title: page.title,
      description: page.description,
      firstView,
      ...(status === undefined ? {} : { status }),
    });
  };
}

export interface PlainFormOptions {
  page: FormPage;
  /** Largest body taken: the form's longest fields, each character up to 12 bytes as %XX escapes. */
  bodyLimit: number;
  /** PUBLIC_SITE_URL: the origin a post must come from (crossSite.ts). */
  publicSiteUrl: string | undefined;
  /** Whether the scope has a rate limit (registerRateLimit) these posts are counted by. */
  rateLimited: boolean;
  /** A post taken in: its fields (the body's, every one), the page's edition. */
  answer(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Record<string, string>,
    locale: Locale,
  ): Promise<FastifyReply>;
  /**
   * A post refused before its fields were checked: over the rate limit (its fields read), too large or not a form
   * (unread: none).
   */
  refused(
    request: FastifyRequest,
    reply: FastifyReply,
    status: FormPageStatus,
    fields: Record<string, string> | undefined,
    locale: Locale,
  ): Promise<FastifyReply>;
}

/** The refusals a post may meet before its handler, by Fastify's codes and the rate limit's status. */
function refusalStatus(error: FastifyError): FormPageStatus | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 413;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) return 415;
  if (error.statusCode === 429) return 429;
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return 400;
  return undefined;
}

/**
 * Registers POST at the page's address in both editions ('/contact-us', '/ar/contact-us'), in a scope of its own (its
 * body parser and error handler), under the caller's scope's rate limit. Register it with app.register.
 */
export async function plainFormRoutes(app: FastifyInstance, options: PlainFormOptions): Promise<void> {
  const { bodyLimit, publicSiteUrl } = options;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, formFields(utf8.decode(body as Buffer)));
      } catch {
        done(httpError(400, 'The form is not valid UTF-8'), undefined);
      }
    },
  );
  // every answer a page: a refusal draws the form again (5xx go on to the app's handler)
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = refusalStatus(error);
    if (status === undefined) throw error;
    const fields =
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : undefined;
    return options.refused(request, reply, status, fields, splitLocale(request.url.replace(/[?#].*$/, '')).locale);
  });
  for (const locale of LOCALES) {
    app.post(
      localizedPath(locale, `/${options.page.path}`),
      {
        bodyLimit,
        // counted once the body is read: a post over the limit is drawn again with what was typed
        config: options.rateLimited ? { rateLimit: { hook: 'preHandler' } } : {},
        onRequest: async (request, reply) => {
          reply.header('cache-control', 'no-store');
          // before anything is read: another site's form is never taken, whatever it holds
          if (isCrossSite(request, publicSiteUrl))
            return reply.code(403).type('text/plain; charset=utf-8').send(CROSS_SITE_REFUSAL[locale]);
        },
        preValidation: async (request) => {
          const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          if (type !== 'application/x-www-form-urlencoded') throw httpError(415, NOT_A_FORM);
        },
      },
      async (request, reply) => options.answer(request, reply, request.body as Record<string, string>, locale),
    );
  }
}
