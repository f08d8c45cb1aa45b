import type { Migration } from './types.js';

/**
 * Categories edited in the staff app. A category is a handful of short texts, saved directly (no draft): each save
 * moves `edit_version` on, and a save based on an older one is refused (optimistic locking: the second of two staff
 * saving at once is told, nothing is overwritten). `edited_by_email` names who changed it last, for that refusal.
 */
export const migration023CategoriesEdit: Migration = {
  version: '023',
  name: 'catalogue_categories_edit',
  sql: /* sql */ `
alter table catalogue_categories add column edit_version integer not null default 0;
alter table catalogue_categories add column edited_by_email text;
`,
};
