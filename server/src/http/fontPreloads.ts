// The web fonts a page's edition draws its first view with (the Arabic font, preloaded on Arabic pages only).
// The shell's build writes their hashed names into shell/dist/fonts.json, by language:
//   { "ar": ["/noto-sans-arabic-arabic-400-normal.0123abcd.woff2", …] }
// and each page of that edition gets <link rel="preload" as="font" type="font/woff2" crossorigin href=…> for them, so
// the font downloads with the HTML instead of once the styles that name it have run. No file, or nothing for an
// edition: no preload (the page still works; the font comes when the CSS asks for it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from '@site/contracts/locale';
import { escapeHtml } from './seo/escape.js';

/** The shell build's list of fonts by language, beside its index.html. */
export const FONTS_FILE = 'fonts.json';

/** What may be preloaded: a site-root path of a .woff2 file (no other origin, no scheme, no query). */
const FONT_PATH = /^\/(?!\/)[\w./-]+\.woff2$/;

/** The most fonts preloaded per page: each one competes with the page's scripts and picture. */
export const MAX_FONT_PRELOADS = 2;

/** Each edition's preload tags (HTML; '' for none). */
export type FontPreloads = Readonly<Record<Locale, string>>;

export const NO_FONT_PRELOADS: FontPreloads = Object.freeze({ en: '', ar: '' });

/** The preload tags of fonts.json's content (its text): unknown languages, bad paths and '..' ignored. */
export function fontPreloadsOf(json: string): FontPreloads {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return NO_FONT_PRELOADS;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_FONT_PRELOADS;
  const byLocale = parsed as Record<string, unknown>;
  const tags = (locale: Locale): string => {
    const files = byLocale[locale];
    if (!Array.isArray(files)) return '';
    return files
      .filter((file): file is string => typeof file === 'string' && FONT_PATH.test(file) && !file.split('/').includes('..'))
      .slice(0, MAX_FONT_PRELOADS)
      .map((file) => `<link rel="preload" href="${escapeHtml(file)}" as="font" type="font/woff2" crossorigin>`)
      .join('');
  };
  return Object.fromEntries(LOCALES.map((locale) => [locale, tags(locale)])) as Record<Locale, string>;
}

/** The preloads of the shell build in `shellDist` (none when it wrote no fonts.json). */
export async function readFontPreloads(shellDist: string): Promise<FontPreloads> {
  try {
    return fontPreloadsOf(await readFile(path.join(shellDist, FONTS_FILE), 'utf8'));
  } catch {
    return NO_FONT_PRELOADS;
  }
}
