import type { Migration } from './types.js';

/**
 * An import is in each changed product's history (catalogue/file/importHistory.ts): a version whose action is 'import',
 * naming its file (`note`) and, from the staff app, its job (`import_job_id`), so that the job's versions can be found
 * again (to undo the import as one step); an undo's versions are 'undo-import', naming the undo's job.
 */
export const migration043CatalogueHistoryImports: Migration = {
  version: '043',
  name: 'catalogue_history_imports',
  sql: /* sql */ `
alter table catalogue_product_history drop constraint catalogue_product_history_action_check;
alter table catalogue_product_history add constraint catalogue_product_history_action_check
  check (action in ('publish', 'archive', 'unarchive', 'import', 'undo-import'));
alter table catalogue_product_history add column note text;
alter table catalogue_product_history add column import_job_id text;
create index catalogue_product_history_import_job on catalogue_product_history (import_job_id)
  where import_job_id is not null;
`,
};
