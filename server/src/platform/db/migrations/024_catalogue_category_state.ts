import type { Migration } from './types.js';

/**
 * A category's state in the staff app: `live` (every category until now, and one created in the editor), `draft` (a
 * duplicate, not on the public site until it is published) or `archived` (withdrawn: gone from the menus, the category
 * grid, the search and the sitemap; its page answers 410). The public reads ask for `live` categories only. A category
 * is archived only when it holds no live product (the staff call refuses otherwise), and a product is written only into
 * a live category (the import's row check), so no live product is ever in a hidden category.
 */
export const migration024CategoryState: Migration = {
  version: '024',
  name: 'catalogue_category_state',
  sql: /* sql */ `
alter table catalogue_categories add column state text not null default 'live' check (state in ('draft', 'live', 'archived'));
`,
};
