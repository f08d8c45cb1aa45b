// Compiles an app's message catalog (src/i18n/<locale>.json: message id → ICU MessageFormat text) into Lingui's
// compiled form at build time, so browsers get no message parser: Lingui's runtime only interpolates (docs/languages.md). A message that does not parse fails the build.
//
// `?with=<folder>,…` (repo-relative folders, as an app's messages expose asks for them: federated-app.cjs
// `pageCatalogs`) adds the same language's catalog of each folder, so a package's words (shared-ui's quantities) reach
// the page in its language only, with the app's own, rather than both languages in the app's code.
const fs = require('node:fs');
const path = require('node:path');
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

const REPO = path.resolve(__dirname, '..', '..');

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function compileCatalog(source) {
  const catalogs = [[this.resourcePath, JSON.parse(source)]];
  const folders = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('with');
  for (const folder of folders ? folders.split(',') : []) {
    const file = path.join(REPO, folder, path.basename(this.resourcePath));
    this.addDependency(file);
    catalogs.push([file, JSON.parse(fs.readFileSync(file, 'utf8'))]);
  }
  const compiled = {};
  for (const [file, catalog] of catalogs) {
    for (const [id, message] of Object.entries(catalog)) {
      if (typeof message !== 'string') throw new Error(`${file}: message ${id} is not a string`);
      if (id in compiled) throw new Error(`${file}: message ${id} is in the app's catalog already`);
      try {
        compiled[id] = compileMessageOrThrow(message);
      } catch (error) {
        throw new Error(`${file}: message ${id} does not parse: ${error.message}`);
      }
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
