// The visitor's choice of the currency prices are shown in (docs/decisions/044-buyer-currency-indicative-and-cached-per-
// currency.md): a small page the server draws at /currency?back=<the page> (and /ar/currency), no script, the four
// currencies as a form's buttons; choosing answers 303 back to that page (a path of this site only, else home) with
// the `site-currency` cookie, which the pages and the API read. /api/catalogue/display-currency tells a script the
// currency the cookie names and its rate's version.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CURRENCY_CHOICE_PATH,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  cookieCurrency,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  isDisplayCurrency,
  sameSitePath,
} from '@site/contracts/display-currency';
import type { Locale } from '@site/contracts/locale';
import { readCookie } from '../../platform/http/cookies.js';
import { isCrossSite } from '../../platform/http/crossSite.js';
import { displayRateOf, type CurrentDisplayRate } from './displayPrices.js';

/** The refusal of a choice another site's page posted (403): a visitor's currency is theirs to choose. */
export const CROSS_SITE_CHOICE = 'The currency is chosen on this site’s own currency page, not from another site';

/** A form of four short fields. */
const FORM_BODY_LIMIT = 2048;

export const DISPLAY_CURRENCY_API_PATH = '/api/catalogue/display-currency';

/** The refusal of a currency the site does not show prices in (400). */
export const UNKNOWN_CURRENCY =
  'The currency must be one of AED, OMR, BHD or SAR: prices are shown in the catalogue’s dirhams or a branch’s currency';

const WORDS = {
  en: {
    title: 'Currency of prices',
    lead: 'Choose the currency the catalogue’s prices are shown in. Prices in another currency than AED are converted at our current rate and are indicative: the quotation confirms them.',
    names: {
      AED: 'AED: UAE dirham',
      OMR: 'OMR: Omani rial',
      BHD: 'BHD: Bahraini dinar',
      SAR: 'SAR: Saudi riyal',
    },
    current: 'shown now',
    back: 'Back without changing',
    home: '/',
  },
  ar: {
    title: 'عملة الأسعار',
    lead: 'اختر العملة التي تُعرض بها أسعار الكتالوج. تُحوَّل الأسعار بغير الدرهم الإماراتي وفق سعر الصرف المعتمد لدينا، وهي أسعار استرشادية يؤكدها عرض السعر.',
    names: {
      AED: 'درهم إماراتي (AED)',
      OMR: 'ريال عُماني (OMR)',
      BHD: 'دينار بحريني (BHD)',
      SAR: 'ريال سعودي (SAR)',
    },
    current: 'المعروضة حاليًا',
    back: 'العودة دون تغيير',
    home: '/ar',
  },
} satisfies Record<Locale, unknown>;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The choice page: the four currencies as buttons of one form posted to itself, the one shown now marked. */
export function currencyPage(locale: Locale, back: string, shown: DisplayCurrency): string {
  const words = WORDS[locale];
  const action = `${locale === 'ar' ? '/ar' : ''}${CURRENCY_CHOICE_PATH}`;
  const buttons = DISPLAY_CURRENCIES.map(
    (currency) =>
      `<li><button type="submit" name="currency" value="${currency}"${currency === shown ? ' aria-current="true"' : ''}>${escapeHtml(words.names[currency])}</button>${currency === shown ? ` (${escapeHtml(words.current)})` : ''}</li>`,
  ).join('');
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title></head>
<body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.lead)}</p>
<form method="post" action="${action}"><input type="hidden" name="back" value="${escapeHtml(back)}"><ul>${buttons}</ul></form>
<p><a href="${escapeHtml(back)}">${escapeHtml(words.back)}</a></p></main></body></html>
`;
}

/** The cookie of a visitor's own choice: a year, the whole site, sent on top-level navigations from elsewhere too. */
export const currencyCookie = (currency: DisplayCurrency, secure: boolean): string =>
  `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;

const firstOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

export interface CurrencyRoutesOptions {
  /** The staff-set rates (for the API's answer: the currency a cookie names is shown only once it has a rate). */
  currentRate: CurrentDisplayRate;
  /** PUBLIC_SITE_URL: the origin a choice must be posted from (crossSite.ts). */
  publicSiteUrl?: string | undefined;
}

/** GET and POST /currency and /ar/currency, and GET /api/catalogue/display-currency; register with app.register. */
export async function currencyRoutes(
  app: FastifyInstance,
  { currentRate, publicSiteUrl }: CurrencyRoutesOptions,
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  for (const locale of ['en', 'ar'] as const) {
    const path = `${locale === 'ar' ? '/ar' : ''}${CURRENCY_CHOICE_PATH}`;
    const home = WORDS[locale].home;

    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const back = sameSitePath(firstOf((request.query as Record<string, unknown>).back), home);
      const shown = cookieCurrency(readCookie(request.headers.cookie, CURRENCY_COOKIE))?.currency ?? 'AED';
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(currencyPage(locale, back, shown));
    });

    app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (isCrossSite(request, publicSiteUrl))
        return reply
          .code(403)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`${CROSS_SITE_CHOICE}.\n`);
      const currency = firstOf(fields.currency) ?? '';
      if (!isDisplayCurrency(currency))
        return reply
          .code(400)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`${UNKNOWN_CURRENCY}.\n`);
      const back = sameSitePath(firstOf(fields.back), home);
      return reply
        .code(303)
        .header('set-cookie', currencyCookie(currency, request.protocol === 'https'))
        .header('cache-control', 'no-store')
        .header('location', back)
        .send();
    });
  }

  app.get(DISPLAY_CURRENCY_API_PATH, async (request, reply) => {
    const display = await displayRateOf(request.headers.cookie, currentRate);
    reply.header('cache-control', 'no-store').header('vary', 'Cookie');
    return { currency: display.currency, rateVersion: display.version };
  });
}
