// A node:test reporter beside the TAP output: one JSON line per top-level test with its file and milliseconds, so
// `npm test` can name the slowest server test files (scripts/lib/test-times.mjs).
export default async function* fileTimes(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file !== undefined) {
      yield `${JSON.stringify({ file: event.data.file, ms: event.data.details?.duration_ms ?? 0 })}\n`;
    }
  }
}
