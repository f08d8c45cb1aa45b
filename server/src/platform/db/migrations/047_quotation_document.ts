import type { Migration } from './types.js';

/**
 * What a sent quotation's document names beside its prices (docs/quotations.md):
 * - each branch's legal name, tax registration number (TRN in the UAE, VATIN in Oman and Bahrain, the VAT number in
 *   Saudi Arabia) and commercial registration number, kept by admins; a quotation is not sent without them;
 * - a staff account's name and direct phone as a quotation names its salesperson (their e-mail is the account's);
 * - the quotation's Incoterms 2020 rule and named place (null: a quotation prepared before them);
 * - what was sent, as it was: the seller's and the salesperson's details copied at the send (null: sent before);
 * - each line's stock at the branch when it was priced (LocationAvailability[]; [] the ERP never named the part;
 *   null not recorded: a free-text line, or one priced before this column) and when that was read.
 */
export const migration047QuotationDocument: Migration = {
  version: '047',
  name: 'quotation_document',
  sql: /* sql */ `
create table quotation_branch_settings (
  branch text primary key check (branch in ('Dubai', 'Oman', 'Bahrain', 'Saudi Arabia')),
  legal_name text not null,
  tax_number text not null,
  commercial_registration text not null,
  updated_by_email text,
  updated_at timestamptz not null default now()
);
alter table staff_accounts add column display_name text not null default '';
alter table staff_accounts add column direct_phone text not null default '';
alter table quotations add column incoterm text
  check (incoterm in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'));
alter table quotations add column delivery_place text not null default '';
alter table quotations add column seller_legal_name text;
alter table quotations add column seller_tax_number text;
alter table quotations add column seller_commercial_registration text;
alter table quotations add column salesperson_name text;
alter table quotations add column salesperson_phone text;
alter table quotations add column salesperson_email text;
alter table quotation_lines add column availability jsonb;
alter table quotation_lines add column availability_checked_at timestamptz;
`,
};
