import type { Migration } from './types.js';

/**
 * A quotation line's description in Arabic, as it was priced (server/src/quotations/, docs/quotations.md): the
 * catalogue's Arabic name and label of its part, kept beside the English description so that an Arabic request's
 * quotation names its parts in Arabic, and a later catalogue edit changes no sent quotation. '' when there is none: a
 * line typed by hand (shown as typed in both editions), a description retyped by staff, or a line priced before this
 * column (shown in English, as it was sent).
 */
export const migration050QuotationLineArabic: Migration = {
  version: '050',
  name: 'quotation_line_arabic',
  sql: /* sql */ `
alter table quotation_lines add column description_ar text not null default '';
`,
};
