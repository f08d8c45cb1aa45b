import type { Migration } from './types.js';

/**
 * The `release` staff role: the releases console of its named remotes only (a team releases its own remote).
 * staff_accounts.remotes: the release role's remotes as comma-separated federation names (as release_tokens keeps
 * them), set for that role only.
 */
export const migration018: Migration = {
  version: '018',
  name: 'release_role',
  sql: /* sql */ `
alter table staff_accounts add column remotes text;
alter table staff_accounts drop constraint staff_accounts_role_check;
alter table staff_accounts add constraint staff_accounts_role_check check (role in ('admin', 'branch', 'catalogue', 'release'));
alter table staff_accounts drop constraint staff_accounts_check;
alter table staff_accounts add constraint staff_accounts_check
  check ((role in ('admin', 'catalogue', 'release') and branch is null) or (role = 'branch' and branch is not null));
alter table staff_accounts add constraint staff_accounts_remotes_check
  check ((role = 'release') = (remotes is not null and remotes <> ''));
`,
};
