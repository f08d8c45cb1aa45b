// The catalogue file's related parts columns (docs/decisions/040-related-parts.md): `fitsWith` (accessories) and
// `alternatives`, each the codes in order, separated by spaces or commas, on each of the product's rows like its
// other columns. They stand for the English detail document's `related`: the export moves it there from `details`, the
// import back. A file without them (written before they were) gives the links in `details`, if any.
import type { RowProblem } from '../file/columns.js';

export const RELATED_COLUMNS = ['fitsWith', 'alternatives'] as const;
export type RelatedColumn = (typeof RELATED_COLUMNS)[number];

const KIND_OF: Record<RelatedColumn, 'accessory' | 'alternative'> = {
  fitsWith: 'accessory',
  alternatives: 'alternative',
};

const codesOf = (cell: string): string[] => cell.split(/[\s,;]+/).filter((code) => code !== '');

/** The document's links as the two columns' cells ('' for none). */
export function relatedCells(details: unknown): Record<RelatedColumn, string> {
  const related = (details as { related?: { kind: string; code: string }[] } | null)?.related ?? [];
  const cell = (column: RelatedColumn) =>
    related
      .filter((link) => link.kind === KIND_OF[column])
      .map((link) => link.code)
      .join(' ');
  return { fitsWith: cell('fitsWith'), alternatives: cell('alternatives') };
}

/** The document without its links (the file's `details` cell: they are in their columns). */
export function withoutRelated(details: unknown): unknown {
  if (typeof details !== 'object' || details === null || !('related' in details)) return details;
  const { related: _related, ...rest } = details as Record<string, unknown>;
  return rest;
}

/**
 * The document with the columns' links (accessories, then alternatives), or as it is when both are empty; a problem
 * when it names links of its own too (one place for them, or the file says two things).
 */
export function withRelatedColumns(
  details: Record<string, unknown> | undefined,
  cells: Record<RelatedColumn, string>,
  problems?: RowProblem[],
): Record<string, unknown> | undefined {
  const links = RELATED_COLUMNS.flatMap((column) =>
    codesOf(cells[column] ?? '').map((code) => ({ kind: KIND_OF[column], code })),
  );
  if (details === undefined || links.length === 0) return details;
  if ('related' in details) {
    problems?.push({
      path: ['details', 'related'],
      message:
        'details: related parts are given in the fitsWith and alternatives columns: remove "related" from details',
    });
    return details;
  }
  return { ...details, related: links };
}

/** An import's changes of the links, by column and code, for its dry run: 'fitsWith "HEX-SH-25" → "HEX-SH-25 HEX-LN-25"'. */
export function relatedChanges(stored: unknown, written: unknown): string[] {
  const before = relatedCells(stored);
  const after = relatedCells(written);
  const shown = (cell: string) => (cell === '' ? 'none' : `"${cell}"`);
  return RELATED_COLUMNS.filter((column) => before[column] !== after[column]).map(
    (column) => `${column} ${shown(before[column])} → ${shown(after[column])}`,
  );
}
