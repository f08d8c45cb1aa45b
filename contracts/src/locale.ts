// The site's two editions: English at the spec's addresses, Arabic at the same addresses under '/ar'.
// The browser routes inside a locale's base (React Router's basename), so every link and page is written once; the
// server, the sitemap and the language switch map an address between editions with these helpers. No React Router
// here: any remote may import it for a few bytes.
import { CATALOGUE_API_PREFIX } from './api';

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The first path segment of the Arabic edition. */
export const ARABIC_SEGMENT = 'ar';

/** Each edition's base address for React Router ('' for English: the spec's addresses). */
export const LOCALE_BASE: Readonly<Record<Locale, string>> = { en: '', ar: `/${ARABIC_SEGMENT}` };

/** Writing direction of each edition's pages (<html dir>). */
export const LOCALE_DIRECTION: Readonly<Record<Locale, 'ltr' | 'rtl'>> = { en: 'ltr', ar: 'rtl' };

/** The cookie that remembers the language a visitor chose with the header's switch; '/' sends them to that edition. */
export const LANGUAGE_COOKIE = 'site_lang';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ar';
}

/** An address split into its edition and its address inside the edition ('/ar/home' → ar, '/home'; '/ar' → ar, '/'). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const base = LOCALE_BASE.ar;
  if (pathname === base) return { locale: 'ar', path: '/' };
  if (pathname.startsWith(`${base}/`)) return { locale: 'ar', path: pathname.slice(base.length) };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The address of a page of the edition ('/home' in ar → '/ar/home'). `path` starts with '/'. */
export function localizedPath(locale: Locale, path: string): string {
  return `${LOCALE_BASE[locale]}${path}`;
}

/** The same page in the other edition ('/ar/our-products/cables' → '/our-products/cables'). */
export function otherEditionPath(pathname: string): { locale: Locale; path: string } {
  const { locale, path } = splitLocale(pathname);
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return { locale: other, path: localizedPath(other, path) };
}

/**
 * The data a page of the edition reads: a data file in the edition's folder ('/data/products.json' in ar →
 * '/data/ar/products.json'), a catalogue API answer in its language ('/api/catalogue/products/x' in ar →
 * '/api/catalogue/products/x?lang=ar', unless the address names a language already); other paths unchanged.
 */
export function localizedDataPath(locale: Locale, path: string): string {
  if (locale === 'en') return path;
  if (path.startsWith('/data/')) return `/data/${locale}/${path.slice('/data/'.length)}`;
  if (path.startsWith(CATALOGUE_API_PREFIX) && !/[?&]lang=/.test(path))
    return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
  return path;
}
