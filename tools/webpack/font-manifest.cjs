// Writes dist/fonts.json: the web fonts each edition of the site draws with, by language, under the addresses the
// build gave them ({ "ar": ["/assets/noto-sans-arabic-arabic-400-normal.<hash>.woff2", …] }). The server preloads them
// on that edition's pages only (server/src/http/fontPreloads.ts); the shell declares them (shell/src/frame/ArabicFont.tsx).

/** The font files each language preloads, by file name (the Arabic face's two weights, ~9 KB each: shell/src/frame/ArabicFont.tsx). */
const EDITION_FONTS = { ar: [/^assets\/noto-sans-arabic-400\.[0-9a-f]+\.woff2$/, /^assets\/noto-sans-arabic-700\.[0-9a-f]+\.woff2$/] };

const FONTS_FILE = 'fonts.json';

class FontManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FontManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FontManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const names = Object.keys(assets);
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const fonts = Object.fromEntries(
          Object.entries(EDITION_FONTS).map(([locale, patterns]) => [
            locale,
            patterns.flatMap((pattern) => names.filter((name) => pattern.test(name))).map((name) => `${publicPath}${name}`),
          ]),
        );
        compilation.emitAsset(FONTS_FILE, new sources.RawSource(`${JSON.stringify(fonts)}\n`));
      });
    });
  }
}

module.exports = { FontManifestPlugin, FONTS_FILE };
