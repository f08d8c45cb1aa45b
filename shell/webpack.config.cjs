const path = require('node:path');
const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');
const { ArabicFontManifestPlugin, writeArabicFontSubsets } = require('../tools/webpack/arabic-font.cjs');

const config = createFederatedAppConfig({ appDir: __dirname, name: 'shell', isHost: true });

// The host: no remote URLs here; they are read from /remotes.json when the page starts. Its Arabic font files are cut
// first (src/frame/ArabicFont.tsx imports them from generated/fonts), and the browser build lists them for the server
// (dist/arabic-font.json).
module.exports = async (env, argv) => {
  await writeArabicFontSubsets(path.join(__dirname, 'generated', 'fonts'));
  const made = config(env, argv);
  const builds = Array.isArray(made) ? made : [made];
  // the browser's build is the first (the other one is the server-render module's)
  builds[0].plugins.push(new ArabicFontManifestPlugin());
  return made;
};
