// Which pages are sent marked for the Arabic web font (<html data-arabic-font>): Arabic pages requested with the
// cookie that holds the fingerprint of the font files of the shell build being served, i.e. from a browser that has
// those files in its cache (contracts/src/arabicFont.ts). Any other value (an older build's, a forged one) is ignored:
// a page is marked or not, so the page cache holds at most two copies of an Arabic page whatever the cookie says.
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { ARABIC_FONT_ATTRIBUTE, ARABIC_FONT_COOKIE, arabicFontFingerprint } from '@site/contracts/arabic-font';
import { ARABIC_FONT_MANIFEST } from '@site/contracts/build-file-names';
import type { Locale } from '@site/contracts/locale';
import { readCookie } from '../platform/http/cookies.js';
import { escapeHtml } from '../platform/http/escape.js';

/** A font file's address as the build writes it: a path or URL ending in .woff2, nothing that needs escaping. */
const FONT_URL = /^[\w.:/-]+\.woff2$/;

/** The font files of a shell build, as its arabic-font.json lists them, and their fingerprint. */
export interface ArabicFontBuild {
  files: readonly string[];
  fingerprint: string;
}

/** The font files an arabic-font.json lists (its text); undefined when it lists none or is not the build's. */
export function arabicFontOf(json: string): ArabicFontBuild | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const files: unknown =
    typeof parsed === 'object' && parsed !== null ? (parsed as { files?: unknown }).files : undefined;
  if (
    !Array.isArray(files) ||
    files.length === 0 ||
    !files.every((file): file is string => typeof file === 'string' && FONT_URL.test(file))
  )
    return undefined;
  return { files, fingerprint: arabicFontFingerprint(files) };
}

/** The font files of the shell build in `shellDist`; undefined without its list (then no page is marked). */
export async function readArabicFont(shellDist: string): Promise<ArabicFontBuild | undefined> {
  try {
    return arabicFontOf(await readFile(path.join(shellDist, ARABIC_FONT_MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether a page of `locale` asked for with `headers` is marked: Arabic, and the cookie exactly the current fingerprint. */
export function usesArabicFont(headers: IncomingHttpHeaders, locale: Locale, fingerprint: string | undefined): boolean {
  return locale === 'ar' && fingerprint !== undefined && readCookie(headers.cookie, ARABIC_FONT_COOKIE) === fingerprint;
}

const HTML_OPEN = /<html\b/i;

/** The shell template with the mark on its <html> (in the part before the head, unless the shell had none there). */
export function withArabicFontMark<T extends { before: string; after: string }>(template: T): T {
  const mark = (html: string) => html.replace(HTML_OPEN, (open) => `${open} ${ARABIC_FONT_ATTRIBUTE}`);
  return HTML_OPEN.test(template.before)
    ? { ...template, before: mark(template.before) }
    : { ...template, after: mark(template.after) };
}

/**
 * The preloads of a marked page: its visitor's browser holds the files, so they cost no download, and asked for with
 * the HTML they are loaded before the page is first laid out. Without them a file read from the cache still had to
 * wait for the main thread, busy laying out the page, past `font-display: optional`'s 100 ms, and the page kept the
 * system face.
 */
export function arabicFontPreloads(font: ArabicFontBuild): string {
  return font.files
    .map((file) => `<link rel="preload" href="${escapeHtml(file)}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}
