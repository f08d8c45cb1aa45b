const path = require('node:path');
const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');
const { writeArabicFontSubsets } = require('../tools/webpack/arabic-font.cjs');

const config = createFederatedAppConfig({ appDir: __dirname, name: 'shell', isHost: true });

// The host: no remote URLs here; they are read from /remotes.json when the page starts. Its Arabic font files are cut
// first (src/frame/ArabicFont.tsx imports them from generated/fonts).
module.exports = async (env, argv) => {
  await writeArabicFontSubsets(path.join(__dirname, 'generated', 'fonts'));
  return config(env, argv);
};
