import type { Migration } from './types.js';

/**
 * release_tokens.scope: 'qa' joins them, a QA run's token (releases/qaTokens.ts): made for one remote's pinned run, it
 * names that remote, as a release token names its own.
 */
export const migration041QaTokens: Migration = {
  version: '041',
  name: 'qa_tokens',
  sql: /* sql */ `
alter table release_tokens drop constraint release_tokens_scope_check;
alter table release_tokens add constraint release_tokens_scope_check check (scope in ('release', 'stock', 'orders', 'qa'));
alter table release_tokens drop constraint release_tokens_scope_remotes_check;
alter table release_tokens add constraint release_tokens_scope_remotes_check check ((scope in ('release', 'qa')) = (remotes <> ''));
`,
};
