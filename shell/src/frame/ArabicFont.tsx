// The Arabic web font: Noto Sans Arabic from @fontsource, cut at build time to the characters Arabic text needs
// (tools/webpack/arabic-font.cjs: ~9 KB per weight instead of ~49 KB), served by our own server from the shell's build
// (webpack copies each file to dist/assets/<name>.<hash>.woff2, and the import is its address: an asset module,
// tools/webpack/module-rules.cjs; not `new URL(…, import.meta.url)`, whose base-URL runtime every page downloaded). Two
// weights, 400 and 700 (600 is drawn with 700 by the browser's font matching). Not preloaded, and drawn only on a page
// the server marked <html data-arabic-font>, which it does when the visitor's cookie says the browser holds the
// current files (contracts/src/arabicFont.ts). Without the mark no element uses the family, so the browser never
// downloads the faces: a first visit paints at once in the system's Arabic face (the next font of the stack), with no
// font request and no relayout, and once it has loaded arabicFontCache.ts fetches the files for the next page.
// `font-display: optional` still keeps the system face on a marked page whose files have left the cache
// (docs/languages.md, docs/decisions/004). Declared on Arabic pages only (AppFrame), so an English page never
// downloads it, not even for the switch's «العربية».
import { createGlobalStyle } from 'styled-components';
import { theme } from '@site/shared-ui';
import font400 from '../../generated/fonts/noto-sans-arabic-400.woff2';
import font700 from '../../generated/fonts/noto-sans-arabic-700.woff2';
import arabicFontSubset from '@site/contracts/arabic-font-subset.json';

/**
 * The family name, first in the Arabic pages' font stack, that the page's faces are declared under: a name of the
 * site's own, never a system font's. Named "Noto Sans Arabic", they shared their family with the face Debian's
 * fonts-noto-core (and Android) install: a page whose web font came late was laid out again (CLS 0.004-0.024 at 4x on
 * such a machine, 2026-11-30).
 */
export const ARABIC_FONT_FAMILY = 'Crescent Arabic';

/**
 * The font's files by weight, each its address on the site ('/assets/noto-sans-arabic-400.<hash>.woff2': both builds
 * name them so), for the @font-face rules below.
 */
export const ARABIC_FONT_FILES: Readonly<Record<400 | 700, string>> = { 400: font400, 700: font700 };

/** The characters the files keep: the browser uses the font for these only, the next font of the stack for the rest. */
const ARABIC_UNICODE_RANGE = arabicFontSubset.unicodeRange.join(',');

// Written as styled-components would minify it (the template below is minified at build, this string is not); no
// format() hint (the one source is woff2, which every browser with `font-display` reads), no font-style (normal).
const fontFaces = Object.entries(ARABIC_FONT_FILES)
  .map(
    ([weight, url]) =>
      `@font-face{font-family:'${ARABIC_FONT_FAMILY}';font-weight:${weight};font-display:optional;src:url(${url});unicode-range:${ARABIC_UNICODE_RANGE}}`,
  )
  .join('');

/**
 * The font's faces, and Arabic text drawn with them on a page the server marked (the browser holds the files): Noto
 * Sans Arabic first, then the site's usual stack (which draws the Latin letters and digits, outside the font's range,
 * and on an unmarked page the Arabic text too: system-ui's Arabic face). Form controls do not inherit the font by
 * themselves. `data-arabic-font` is contracts/src/arabicFont.ts's ARABIC_FONT_ATTRIBUTE written out (importing that
 * module here would put its other code into every page's start-up bundle; ArabicFont.test.tsx checks the name), on
 * <html>, the one element the server marks (the selector does not name it: the start-up code every page downloads,
 * English ones included, read a few bytes smaller without it).
 */
export const ArabicFont = createGlobalStyle`
  ${fontFaces}
  [data-arabic-font] body:lang(ar) { font-family: '${ARABIC_FONT_FAMILY}', ${theme.fontFamily}; }
  body:lang(ar) :is(button, input, select, textarea) { font-family: inherit; }
`;
