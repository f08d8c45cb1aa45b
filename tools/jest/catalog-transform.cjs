// Jest's view of shared-ui's message catalogs (shared-ui/src/i18n/<locale>.json) and of a part's own catalog that its
// chunk adds to the page's instance (mfe-catalogue/src/details/variants/i18n, mfe-contact/src/quotation-link/i18n): compiled as the build's
// messages-loader.cjs compiles them, because they reach Lingui's runtime directly. The apps' catalogs
// reach their components through the page's Lingui instance (tools/jest/i18n.ts compiles those) and stay raw here.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

module.exports = {
  process(source) {
    const compiled = Object.fromEntries(
      Object.entries(JSON.parse(source)).map(([id, message]) => [id, compileMessageOrThrow(message)]),
    );
    // Jest parses a transformed JSON module's output as JSON.
    return { code: JSON.stringify(compiled) };
  },
};
