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

/** A PDF literal string's bytes: its escapes (\n, \(, \\, \ddd…) undone. */
function literalBytes(literal: string): Buffer {
  const bytes: number[] = [];
  for (let at = 0; at < literal.length; at += 1) {
    const char = literal[at]!;
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0) & 0xff);
      continue;
    }
    const next = literal[(at += 1)]!;
    const octal = /^[0-7]{1,3}/.exec(literal.slice(at))?.[0];
    if (octal !== undefined) {
      bytes.push(Number.parseInt(octal, 8) & 0xff);
      at += octal.length - 1;
    } else bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/** A PDF text string's text: UTF-16BE after its byte order mark, else PDFDocEncoding's Latin part. */
function textString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

export interface PdfStructure {
  /** pdfinfo's structure tree: element types indented by depth, with the drawn text under each. */
  tree: string;
  /** Each structure element's type and what it says (its ActualText), in the file's order. */
  elements: { type: string; text: string }[];
  /** The document's language (its catalog's /Lang). */
  lang: string | undefined;
}

/**
 * A tagged PDF's structure (pdfinfo -struct-text, and the elements' ActualText read from the file: pdfkit writes its
 * objects uncompressed), or why it cannot be read here; throws when the PDF is not tagged.
 */
export function pdfStructure(pdf: Buffer): PdfStructure | { skipped: string } {
  const info = spawnSync('pdfinfo', ['-struct-text', '-'], { input: pdf, encoding: 'utf8', timeout: 30_000 });
  if (info.error !== undefined) {
    const reason = `pdfinfo not available (${info.error.message}): install poppler-utils to read the PDFs' structure`;
    if (process.env.REQUIRE_PDFTOTEXT === '1') throw new Error(`${reason} (REQUIRE_PDFTOTEXT=1)`);
    return { skipped: reason };
  }
  if (info.status !== 0) throw new Error(`pdfinfo failed (${info.status}): ${info.stderr}`);
  const raw = pdf.toString('latin1');
  if (!/\/Marked true/.test(raw)) throw new Error('the PDF is not tagged (no /MarkInfo << /Marked true >>)');
  const elements = [...raw.matchAll(/\/S \/(\w+)\s*\n\/ActualText \(((?:\\.|[^\\)])*)\)/g)].map(([, type, text]) => ({
    type: type!,
    text: textString(literalBytes(text!)),
  }));
  const lang = /\/Lang \(([^)]*)\)/.exec(raw)?.[1];
  return { tree: info.stdout, elements, lang };
}
