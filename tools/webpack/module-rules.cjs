// How every build of ours turns sources into modules: TypeScript/TSX through swc, images, PDFs and fonts as files.
// Shared by the federated apps (federated-app.cjs), their server-render builds (server-render.cjs) and the comparison
// build (monolith.cjs) so all compile alike.

/**
 * styled-components names each component by the order components are created in, which differs between the
 * browser (main.js, then each remote as it loads) and the server (every module at once), so server-rendered
 * class names would not match the ones the browser makes when it hydrates the page. The plugin gives every
 * styled component an id from its file and position instead: the same in both builds.
 */
const styledComponentsPlugin = [
  require.resolve('@swc/plugin-styled-components'),
  { ssr: true, displayName: false, fileName: false, pure: true },
];

function moduleRules(production) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            // Class fields as assignments in the constructor, not es2020's defineProperty helper around each (~120 B
            // a field, in main.js and the remotes' first chunks); no class of ours shadows an accessor of its base.
            transform: { react: { runtime: 'automatic', development: !production }, useDefineForClassFields: false },
            target: 'es2020',
            experimental: { plugins: [styledComponentsPlugin] },
          },
        },
      },
    },
    // react-router's NavLink and Form, which no app uses, left out of the bundle (react-router-unused.cjs)
    {
      test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][a-z]+[\\/]chunk-\w+\.mjs$/,
      use: require.resolve('./react-router-unused.cjs'),
    },
    { test: /\.(png|jpe?g|webp|svg|pdf|woff2)$/, type: 'asset/resource' },
    // An app's message catalogs (src/i18n/en.json, ar.json, and a part's own under src/…/i18n/, such as the staff
    // preview's), compiled for Lingui's runtime.
    {
      test: /[\\/]src[\\/](?:[\w-]+[\\/])*i18n[\\/][a-z]{2}\.json$/,
      type: 'javascript/auto',
      use: require.resolve('./messages-loader.cjs'),
    },
  ];
}

module.exports = { moduleRules };
