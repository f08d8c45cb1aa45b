// The Arabic web font (issue 18): Noto Sans Arabic from @fontsource, its Arabic subset only, served by our own server
// from the shell's build (webpack copies each file to dist/assets/<name>.<hash>.woff2: `new URL(…, import.meta.url)`
// is an asset module). One weight, 400: what is bold (headings, buttons) is emboldened by the browser. Measured under
// Lighthouse (1.6 Mbps): with 400 and 700 (2 × ~49 KB, both preloaded) /ar/home's LCP was 1.96 s; with 700 not
// preloaded the late bold face moved the page (CLS 0.027); with one face preloaded LCP 1.66 s (product page 1.29 s) and
// CLS 0 (README "Languages"). Declared on Arabic pages only (AppFrame), so an English page never downloads it, not even
// for the switch's «العربية».
import { createGlobalStyle } from 'styled-components';
import { theme } from '@site/shared-ui';

/** The family name, first in the Arabic pages' font stack. */
export const ARABIC_FONT_FAMILY = 'Noto Sans Arabic';

export interface ArabicFontFile {
  weight: 400;
  /** The file's address on the site ('/assets/noto-sans-arabic-arabic-400-normal.<hash>.woff2'). */
  url: string;
}

/**
 * The font's files, for the @font-face rules below (both builds name them '/assets/<name>.<hash>.woff2'; the build
 * lists them in dist/fonts.json for the server, which preloads them on Arabic pages: tools/webpack/font-manifest.cjs).
 */
export const ARABIC_FONT_FILES: readonly ArabicFontFile[] = [
  {
    weight: 400,
    url: new URL('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2', import.meta.url).pathname,
  },
];

/** The Arabic subset's characters (the package's unicode.json, "arabic"): the browser uses the font for these only. */
const ARABIC_UNICODE_RANGE =
  'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC';

const fontFaces = ARABIC_FONT_FILES.map(
  ({ weight, url }) =>
    `@font-face { font-family: '${ARABIC_FONT_FAMILY}'; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(${url}) format('woff2'); unicode-range: ${ARABIC_UNICODE_RANGE}; }`,
).join('\n');

/**
 * The font's faces, and Arabic text drawn with it: Noto Sans Arabic first, then the site's usual stack (which draws
 * the Latin letters and digits, outside the font's range). Form controls do not inherit the font by themselves.
 */
export const ArabicFont = createGlobalStyle`
  ${fontFaces}
  body:lang(ar) { font-family: '${ARABIC_FONT_FAMILY}', ${theme.fontFamily}; }
  body:lang(ar) :is(button, input, select, textarea) { font-family: inherit; }
`;
