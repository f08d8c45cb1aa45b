// A row's check of its Arabic document for related parts (docs/decisions/040-related-parts.md), on its own: the row's
// checks (file/rowChecks.ts) need it, and the import's checks of the links (relatedImport.ts) read the row checks' groups.
import type { RowProblem } from '../file/columns.js';

/** A row's Arabic document naming related parts: refused, they are the English document's alone (codes have no language). */
export function arabicRelatedProblem(detailsAr: Record<string, unknown> | undefined): RowProblem | null {
  return detailsAr !== undefined && 'related' in detailsAr
    ? {
        path: ['details_ar', 'related'],
        message: 'details_ar: related parts are kept in details only (codes have no language): remove "related" here',
      }
    : null;
}
