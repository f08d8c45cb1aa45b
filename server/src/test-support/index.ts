// The server's test helpers for code outside the server (Playwright's support and specs, the benches):
// `@site/server/test-support`. None of them loads the server itself (a Playwright spec compiles what it imports to
// CommonJS, and the server's modules are ES modules): those are `@site/server/test-support/server`. The server's own
// tests import the files beside this one.
export { FakeGemini, type FakeAnswer, type SeenGeminiRequest } from './fakeGemini.js';
export { adminQuery, findPostgres } from './postgresFinder.js';
/** What a spec reads a running site's stored rows with (its embedded database, the server stopped or not writing). */
export { openPglite } from '../platform/db/pglite.js';
export { pdfStructure, pdfText, pdfWords } from '@site/content/pdf/testing';
/** A distributor's catalogue as file rows, and CSV both ways: the import's input, without the server. */
export { generateCatalogueRows } from '../catalogue/file/generate.js';
export { readCsv, writeCsv } from '../platform/spreadsheet/csv.js';
export { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp.js';
export {
  parsePrometheusText,
  PrometheusTextError,
  sampleValue,
  type MetricFamily,
  type MetricType,
} from './prometheusText.js';
export { inlineRemotesMap, remotesMaps, REMOTES_MAP_TAG } from './html.js';
export { escapeRegExp } from './regexp.js';
