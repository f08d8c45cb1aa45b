// How every build of ours turns sources into modules: TypeScript/TSX through swc, images and PDFs as files.
// Shared by the federated apps (federated-app.cjs) and the comparison build (monolith.cjs) so both compile alike.
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
            transform: { react: { runtime: 'automatic', development: !production } },
            target: 'es2020',
          },
        },
      },
    },
    { test: /\.(png|jpe?g|webp|svg|pdf)$/, type: 'asset/resource' },
  ];
}

module.exports = { moduleRules };
