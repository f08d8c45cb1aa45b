import type { Migration } from './types.js';

/**
 * A company's administrator makes a colleague an administrator too (docs/accounts.md, "The company"): the change is in
 * both buyers' logs, as every company change is, under a kind of its own.
 */
export const migration059CompanyAdministrators: Migration = {
  version: '059',
  name: 'company_administrators',
  sql: /* sql */ `
alter table buyer_account_events drop constraint buyer_account_events_kind_check;
alter table buyer_account_events add constraint buyer_account_events_kind_check check (kind in (
  'signed-in-by-link', 'signed-in-by-passkey', 'signed-out', 'device-signed-out',
  'passkey-added', 'passkey-removed', 'data-downloaded', 'closed',
  'company-created', 'company-joined', 'company-invited', 'company-invitation-withdrawn',
  'company-member-removed', 'company-left', 'company-admin-made'
));
`,
};
