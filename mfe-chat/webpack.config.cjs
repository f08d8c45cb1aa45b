const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The chat assistant widget, mounted by the shell on every page.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'chat',
  exposes: { './ChatWidget': './src/widget/ChatWidget.tsx' },
});
