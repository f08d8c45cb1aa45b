// Brotli and gzip copies beside each compressible file, made once at build time: the server sends them as they are
// (@fastify/static `preCompressed`), so no request pays for compressing a file. One set of rules for the apps' webpack
// builds (precompressPlugins) and for the content's served files (scripts/precompress-content.mjs).
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

/** Text formats that compress (images other than SVG, fonts and most PDFs are compressed already; the ratio decides). */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|map|svg|txt|xml|webmanifest|pdf)$/i;
/** Below this, compression saves less than a TCP packet and costs a header. */
const MIN_BYTES = 1024;
/** A copy is kept only when it is at most this share of the original's size. */
const MIN_RATIO = 0.8;

/** The highest settings: it is paid once per build, not per request. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } };
const GZIP_OPTIONS = { level: zlib.constants.Z_BEST_COMPRESSION };

/** The two webpack plugins writing `<asset>.br` and `<asset>.gz` into the build's output (cleaned with it). */
function precompressPlugins() {
  const common = { test: COMPRESSIBLE_FILE, threshold: MIN_BYTES, minRatio: MIN_RATIO, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: BROTLI_OPTIONS,
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: GZIP_OPTIONS,
    }),
  ];
}

module.exports = { COMPRESSIBLE_FILE, MIN_BYTES, MIN_RATIO, BROTLI_OPTIONS, GZIP_OPTIONS, precompressPlugins };
