// The Arabic web font: Noto Sans Arabic from @fontsource, cut at build time to the characters Arabic text
// needs (tools/webpack/arabic-font.cjs: ~9 KB per weight instead of ~49 KB), served by our own server from the shell's
// build (webpack copies each file to dist/assets/<name>.<hash>.woff2: `new URL(…, import.meta.url)` is an asset
// module). Two weights, 400 and 700 (600 is drawn with 700 by the browser's font matching). Not preloaded, and
// `font-display: optional`: a first visit paints at once in the system's Arabic face (the next font of the stack) and
// keeps it for that page, so nothing moves when the font arrives; a visitor whose cache holds the font sees it. The
// font's files no longer hold back the first paint (docs/languages.md, docs/performance.md). Declared on Arabic pages
// only (AppFrame), so an English page never downloads it, not even for the switch's «العربية».
import { createGlobalStyle } from 'styled-components';
import { theme } from '@site/shared-ui';
import arabicFontSubset from '@site/contracts/arabic-font-subset.json';

/** The family name, first in the Arabic pages' font stack. */
export const ARABIC_FONT_FAMILY = 'Noto Sans Arabic';

export interface ArabicFontFile {
  weight: 400 | 700;
  /** The file's address on the site ('/assets/noto-sans-arabic-400.<hash>.woff2'). */
  url: string;
}

/** The font's files, for the @font-face rules below (both builds name them '/assets/<name>.<hash>.woff2'). */
export const ARABIC_FONT_FILES: readonly ArabicFontFile[] = [
  { weight: 400, url: new URL('../../generated/fonts/noto-sans-arabic-400.woff2', import.meta.url).pathname },
  { weight: 700, url: new URL('../../generated/fonts/noto-sans-arabic-700.woff2', import.meta.url).pathname },
];

/** The characters the files keep: the browser uses the font for these only, the next font of the stack for the rest. */
const ARABIC_UNICODE_RANGE = arabicFontSubset.unicodeRange.join(',');

const fontFaces = ARABIC_FONT_FILES.map(
  ({ weight, url }) =>
    `@font-face { font-family: '${ARABIC_FONT_FAMILY}'; font-style: normal; font-weight: ${weight}; font-display: optional; src: url(${url}) format('woff2'); unicode-range: ${ARABIC_UNICODE_RANGE}; }`,
).join('\n');

/**
 * The font's faces, and Arabic text drawn with it: Noto Sans Arabic first, then the site's usual stack (which draws
 * the Latin letters and digits, outside the font's range, and the Arabic text too while the font is not in the
 * browser's cache: system-ui's Arabic face). Form controls do not inherit the font by themselves.
 */
export const ArabicFont = createGlobalStyle`
  ${fontFaces}
  body:lang(ar) { font-family: '${ARABIC_FONT_FAMILY}', ${theme.fontFamily}; }
  body:lang(ar) :is(button, input, select, textarea) { font-family: inherit; }
`;
