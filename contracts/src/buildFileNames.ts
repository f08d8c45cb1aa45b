// Files a build writes for the server beside its pages, by name: one list (build-file-names.json), which the CommonJS
// webpack plugins in tools/webpack require and the server imports from here. Never imported by browser code.
import names from './build-file-names.json';

/**
 * The shell build's list of the Arabic web font's files, beside its index.html: `{ "files": ["/assets/…woff2", …] }`
 * (tools/webpack/arabic-font.cjs writes it; server/src/pages/arabicFont.ts reads it).
 */
export const ARABIC_FONT_MANIFEST = names.arabicFontManifest;
