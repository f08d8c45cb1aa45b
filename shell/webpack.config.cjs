const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The host: no remote URLs here; they are read from /remotes.json when the page starts.
module.exports = createFederatedAppConfig({ appDir: __dirname, name: 'shell', isHost: true });
