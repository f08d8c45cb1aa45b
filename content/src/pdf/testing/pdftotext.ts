// The text of a PDF, by poppler's pdftotext (apt-get install poppler-utils), for tests that read what a PDF says.
// Without it those checks are skipped with the reason, and fail with REQUIRE_PDFTOTEXT=1 (as PostgreSQL's and Redis's).
import { spawnSync } from 'node:child_process';

/** The PDF's text in reading order, or why it cannot be read here. */
export function pdfText(
  pdf: Buffer,
  { layout = false }: { layout?: boolean } = {},
): { text: string } | { skipped: string } {
  // -layout keeps a table's row on one line (a line's code beside its quantity), as the page shows it
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), '-', '-'], {
    input: pdf,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.error !== undefined) {
    const reason = `pdftotext not available (${result.error.message}): install poppler-utils to read the PDFs' text`;
    if (process.env.REQUIRE_PDFTOTEXT === '1') throw new Error(`${reason} (REQUIRE_PDFTOTEXT=1)`);
    return { skipped: reason };
  }
  if (result.status !== 0) throw new Error(`pdftotext failed (${result.status}): ${result.stderr}`);
  return { text: result.stdout };
}

/**
 * The words of a text: Arabic ones (with their marks) and Latin or numeric ones, apart wherever the script changes, as
 * pdftotext does not always put a space there; its embedding marks and the punctuation between words left out.
 */
export const pdfWords = (text: string): string[] =>
  text.match(/[\p{Script=Arabic}\p{M}]+|[A-Za-z0-9\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F\-./%]*/gu) ?? [];
