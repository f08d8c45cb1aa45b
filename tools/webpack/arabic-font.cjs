// The Arabic web font, cut to what Arabic text needs: @fontsource's "arabic" subset of Noto Sans Arabic is
// ~49 KB per weight (Persian, Urdu and the presentation forms included), and on Lighthouse's 1.6 Mbps line its one
// weight alone held /ar/home's LCP at 1.66 s. Kept: the characters of contracts/src/arabic-font-subset.json, with every
// glyph and shaping rule they use (HarfBuzz's subsetter keeps the joining forms and ligatures): ~9 KB per weight.
// Written to shell/generated/fonts/ (not committed) before the shell's build, which serves them as assets.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const subsetFont = require('subset-font');
const { unicodeRange } = require('@site/contracts/arabic-font-subset.json');

const WEIGHTS = [400, 700];

/** 'U+0621-063A' → its characters. */
function charactersOf(range) {
  const [first, last = first] = range.replace(/^U\+/, '').split('-');
  const from = Number.parseInt(first, 16);
  const to = Number.parseInt(last, 16);
  return Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('');
}

/** Writes noto-sans-arabic-<weight>.woff2 for each weight into `outDir`. */
async function writeArabicFontSubsets(outDir) {
  const text = unicodeRange.map(charactersOf).join('');
  mkdirSync(outDir, { recursive: true });
  for (const weight of WEIGHTS) {
    const source = readFileSync(
      require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`),
    );
    writeFileSync(
      path.join(outDir, `noto-sans-arabic-${weight}.woff2`),
      await subsetFont(source, text, { targetFormat: 'woff2' }),
    );
  }
}

/** The build's list of the font's files, for the server (contracts/src/buildFileNames.ts). */
const { arabicFontManifest: ARABIC_FONT_MANIFEST } = require('@site/contracts/build-file-names.json');
const FONT_ASSET = /^assets\/noto-sans-arabic-\d00\.[0-9a-f]+\.woff2$/;

/**
 * Writes dist/arabic-font.json, { "files": ["/assets/noto-sans-arabic-400.<hash>.woff2", …] }: the addresses this
 * build gave the font's files. The server reads it with the shell's index.html and marks a page for the web font only
 * when the visitor's cookie holds these files' fingerprint (server/src/pages/arabicFont.ts).
 */
class ArabicFontManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ArabicFontManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ArabicFontManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const publicPath =
            compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
          const files = Object.keys(assets)
            .filter((name) => FONT_ASSET.test(name))
            .sort()
            .map((name) => `${publicPath}${name}`);
          compilation.emitAsset(ARABIC_FONT_MANIFEST, new sources.RawSource(`${JSON.stringify({ files })}\n`));
        },
      );
    });
  }
}

module.exports = { writeArabicFontSubsets, ArabicFontManifestPlugin, ARABIC_FONT_MANIFEST };
