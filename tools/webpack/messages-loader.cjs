// Compiles an app's message catalog (src/i18n/<locale>.json: message id → ICU MessageFormat text) into Lingui's
// compiled form at build time, so browsers get no message parser: Lingui's runtime only interpolates (docs/languages.md). A message that does not parse fails the build.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function compileCatalog(source) {
  const catalog = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: message ${id} is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message ${id} does not parse: ${error.message}`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
