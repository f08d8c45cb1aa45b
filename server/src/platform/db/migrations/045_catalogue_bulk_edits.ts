import type { Migration } from './types.js';

/**
 * A bulk edit of the staff catalogue list is an import job of its own kinds (catalogue/staff/bulk/): 'bulk-check' (its
 * dry run) and 'bulk' (written), its input the products (and sizes) chosen and the changes (`bulk_edit`), fixed when
 * it is sent. A bulk edit writes the catalogue as an import does: one at a time with imports and undos (the partial
 * unique index, now counting it), and each product it changes gets one version, action 'bulk-edit'.
 */
export const migration045CatalogueBulkEdits: Migration = {
  version: '045',
  name: 'catalogue_bulk_edits',
  sql: /* sql */ `
alter table catalogue_import_jobs drop constraint catalogue_import_jobs_kind_check;
alter table catalogue_import_jobs add constraint catalogue_import_jobs_kind_check
  check (kind in ('check', 'import', 'undo-check', 'undo', 'bulk-check', 'bulk'));
alter table catalogue_import_jobs add column bulk_edit jsonb;
drop index catalogue_import_jobs_one_import;
create unique index catalogue_import_jobs_one_import on catalogue_import_jobs ((kind in ('import', 'undo', 'bulk')))
  where kind in ('import', 'undo', 'bulk') and state in ('queued', 'running');
alter table catalogue_product_history drop constraint catalogue_product_history_action_check;
alter table catalogue_product_history add constraint catalogue_product_history_action_check
  check (action in ('publish', 'archive', 'unarchive', 'import', 'undo-import', 'bulk-edit'));
`,
};
