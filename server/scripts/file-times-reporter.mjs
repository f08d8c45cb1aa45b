// A node:test reporter beside the TAP output: one JSON line per top-level test with its file and milliseconds, so
// `npm test` can name the slowest server test files (scripts/lib/test-times.mjs).
// A bundled test file (bundle-tests.mjs) is named by its source, the file a reader opens.
const sourceOf = (file) => file.replace(/([\\/])\.test-bundle([\\/])/, '$1src$2').replace(/\.mjs$/, '.ts');

export default async function* fileTimes(source) {
  for await (const event of source) {
    if (
      (event.type === 'test:pass' || event.type === 'test:fail') &&
      event.data.nesting === 0 &&
      event.data.file !== undefined
    ) {
      yield `${JSON.stringify({ file: sourceOf(event.data.file), ms: event.data.details?.duration_ms ?? 0 })}\n`;
    }
  }
}
