// The Arabic web font is drawn only for a visitor whose browser already holds its files (docs/languages.md, "Font").
// A first visit paints in the system's Arabic face and never asks for the font while the page loads; once it has
// loaded, the shell fetches the two files into the browser's cache and sets ARABIC_FONT_COOKIE to their fingerprint
// (shell/src/frame/arabicFontCache.ts). A page requested with the current fingerprint gets ARABIC_FONT_ATTRIBUTE on
// <html> from the server (server/src/pages/arabicFont.ts), and only then does the shell's rule apply the family
// (shell/src/frame/ArabicFont.tsx). A new build of the font has a new fingerprint: an older cookie is ignored.

/** Holds the fingerprint of the font files the browser has fetched. */
export const ARABIC_FONT_COOKIE = 'site_arabic_font';

/** On <html>: the browser holds the current font files, so the page draws its Arabic text with them. */
export const ARABIC_FONT_ATTRIBUTE = 'data-arabic-font';

/**
 * The fingerprint of a set of font files: 32-bit FNV-1a of their file names (content-hashed by the build), in base
 * 36. The file names only, so a build served under another public path has the same one in the browser and the server.
 */
export function arabicFontFingerprint(urls: readonly string[]): string {
  let hash = 0x811c9dc5;
  const names = urls.map((url) => url.slice(url.lastIndexOf('/') + 1)).join(' ');
  for (let index = 0; index < names.length; index += 1) hash = Math.imul(hash ^ names.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}
