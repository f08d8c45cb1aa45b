// Which edition '/' sends a visitor to: the language they chose with the header's switch (the site_lang
// cookie), else the one their browser prefers (Accept-Language), else English. Only '/' is answered by language: every
// page's own address is the same page for everyone, crawlers included, so both editions stay reachable and indexable.
import type { IncomingHttpHeaders } from 'node:http';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, LOCALES, type Locale } from '@site/contracts/locale';
import { readCookie } from './cookies.js';

/** The longest Accept-Language read (a real one is well under 200 characters); the rest is ignored. */
const MAX_ACCEPT_LANGUAGE = 1024;
/** A quality value as RFC 9110 writes it: 0 to 1, at most three decimals. */
const QUALITY = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** How much a request wants a language: its quality, and the position of the range that gave it (ties go to the first). */
export interface LanguageQuality {
  quality: number;
  first: number;
}

/**
 * How much an Accept-Language header wants each edition's language: the highest quality of the ranges naming it ('ar',
 * 'ar-AE'), else 0. '*' counts for neither: a visitor lands in Arabic only when their browser names Arabic.
 */
export function languageQualities(header: string | undefined): Record<Locale, LanguageQuality> {
  const named = new Map<Locale, LanguageQuality>();
  (header ?? '')
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(',')
    .forEach((part, position) => {
      const [rangeText = '', ...params] = part.split(';');
      const range = rangeText.trim().toLowerCase();
      let quality = 1;
      for (const param of params) {
        const [name = '', value = ''] = param.split('=').map((item) => item.trim());
        if (name.toLowerCase() === 'q') quality = QUALITY.test(value) ? Number(value) : 0;
      }
      const language = range.split('-')[0];
      if (!isLocale(language)) return;
      const current = named.get(language);
      if (current === undefined || quality > current.quality) named.set(language, { quality, first: position });
    });
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, named.get(locale) ?? { quality: 0, first: Infinity }]),
  ) as Record<Locale, LanguageQuality>;
}

/** The edition an Accept-Language header prefers: Arabic when it wants Arabic more than English (or as much, named first). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  const { ar, en } = languageQualities(header);
  if (ar.quality > 0 && (ar.quality > en.quality || (ar.quality === en.quality && ar.first < en.first))) return 'ar';
  return DEFAULT_LOCALE;
}

/** The edition '/' sends this request to: its site_lang cookie when it holds one, else its Accept-Language. */
export function chosenLocale(headers: IncomingHttpHeaders): Locale {
  const cookie = readCookie(headers.cookie, LANGUAGE_COOKIE);
  if (isLocale(cookie)) return cookie;
  const accept = headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(accept) ? accept.join(',') : accept);
}
