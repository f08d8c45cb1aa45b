import type { Migration } from './types.js';

/**
 * A quote line names the part (docs/decisions/034-orderable-variants.md): product_code holds the variant's code (a
 * line of a request sent before variants holds its product's code, which is its first variant's), and the new columns
 * its label in each language as it was on the day ('' for a product's only variant, and on the earlier lines). Two
 * sizes of one product are two lines: a request names each product once no more, each code once instead.
 */
export const migration030QuoteLineVariants: Migration = {
  version: '030',
  name: 'quote_line_variants',
  sql: /* sql */ `
alter table quote_request_lines add column variant_label text not null default '';
alter table quote_request_lines add column variant_label_ar text not null default '';
alter table quote_request_lines drop constraint quote_request_lines_request_id_product_id_key;
alter table quote_request_lines add constraint quote_request_lines_request_id_product_code_key unique (request_id, product_code);
`,
};
