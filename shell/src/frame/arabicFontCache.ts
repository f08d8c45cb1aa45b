// Loaded on Arabic pages only, once the page has loaded and the browser is idle (bootstrap.tsx): puts the Arabic web
// font's files into the browser's HTTP cache, then says so in a cookie, so that the next page the server sends is
// marked for the font (contracts/src/arabicFont.ts). The page on screen keeps its face: nothing on it uses the family
// until a new document comes marked, so nothing is drawn again.
import { ARABIC_FONT_ATTRIBUTE, ARABIC_FONT_COOKIE, arabicFontFingerprint } from '@site/contracts/arabic-font';
import { ARABIC_FONT_FILES } from './ArabicFont';

/** A year: the files are immutable (hashed names), and a new build has a new fingerprint anyway. */
export const ARABIC_FONT_COOKIE_MAX_AGE = 31_536_000;

/** The cookie saying the browser holds the files of `fingerprint`; Secure on https. Read by the server only. */
export function arabicFontCookie(fingerprint: string, secure: boolean): string {
  return `${ARABIC_FONT_COOKIE}=${fingerprint}; Path=/; Max-Age=${ARABIC_FONT_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Fetches both files at low priority and, when both arrived whole, sets the cookie. Nothing to do on a page already
 * marked (its cookie is current). Resolves whether it set the cookie; never rejects (a failed fetch sets nothing, and a
 * later page tries again).
 */
export async function cacheArabicFont(
  doc: Document = document,
  fetchFile: typeof fetch = (input, init) => fetch(input, init),
): Promise<boolean> {
  if (doc.documentElement.hasAttribute(ARABIC_FONT_ATTRIBUTE)) return false;
  // by weight, 400 then 700 (integer keys come in ascending order): the order of the build's list
  const urls = Object.values(ARABIC_FONT_FILES);
  try {
    // The request the @font-face load makes later: the same URL, CORS mode with same-origin credentials (fetch's
    // defaults), so it finds this cache entry. The body is read to the end: only a whole response is kept.
    const arrived = await Promise.all(
      urls.map(async (url) => {
        const response = await fetchFile(url, { priority: 'low' });
        if (response.ok) await response.arrayBuffer();
        return response.ok;
      }),
    );
    if (arrived.includes(false)) return false;
  } catch {
    return false;
  }
  doc.cookie = arabicFontCookie(arabicFontFingerprint(urls), doc.location.protocol === 'https:');
  return true;
}
