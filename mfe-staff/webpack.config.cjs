const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The staff app: sign-in, inbox, reviews, settings, audit log. Loaded only by the staff host page
// (staff-host/, served at /staff/*), never by the public shell. English only (no src/i18n/, so no message exposes), and
// never rendered on the server (no server-render module).
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'staff',
  exposes: { './StaffApp': './src/app/StaffApp.tsx' },
  serverRender: false,
});
