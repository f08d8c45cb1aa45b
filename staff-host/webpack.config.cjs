const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The staff pages' host: the page the server answers /staff/* with. A federation host like the shell (it
// provides the shared singletons and the runtime the staff remote is built without), but its own small build, so the
// public shell's files stay exactly as they are. Its files are served at /staff/assets/ (STAFF_HOST_ASSETS_PATH in
// contracts/src/staffApi.ts; a test checks the two agree), and the page is client-rendered only.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'staffHost',
  isHost: true,
  publicPath: '/staff/assets/',
  serverRender: false,
  // whole, not the public pages' facades: the staff app bundles RTK Query, which imports more of both
  wholeShared: ['@reduxjs/toolkit', 'react-redux'],
});
