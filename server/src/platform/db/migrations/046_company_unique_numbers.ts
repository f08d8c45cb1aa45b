import type { Migration } from './types.js';

/**
 * Request and quotation numbers unique across the group. A number now carries its branch's code: QT-OM-2026-000001
 * (each branch still counts on its own: quotation_number_counters is unchanged, so a branch's next number follows its
 * last) and RFQ-OM-2026-000123 (the request's id, one sequence for all). Numbers sent before keep their form
 * (QT-2026-000001, in Oman and in Bahrain alike, and its revisions -R1…): they stay unique with their branch only,
 * as 032's index had them; every number with a code is unique over the company.
 * - quotations: the (branch, number) index becomes two: one over the number alone for every number but the old form,
 *   one over (branch, number) for the old form. A number with a code carries its own branch's code (a check: an
 *   unknown branch has none).
 * - orders: the ERP keys on quotation_number: unique too, the old form aside (two branches' orders may share one).
 * - quote_requests: its reference was unique already (the id is in it); one with a code carries its branch's.
 */
export const migration046CompanyUniqueNumbers: Migration = {
  version: '046',
  name: 'company_unique_numbers',
  sql: /* sql */ `
create unique index quotations_company_number_idx on quotations (number)
  where number is not null and number !~ '^QT-[0-9]{4}-';
create unique index quotations_branch_number_idx on quotations (branch, number) where number ~ '^QT-[0-9]{4}-';
drop index quotations_number_idx;
alter table quotations add constraint quotations_number_branch_code_check check (
  number is null
  or number ~ '^QT-[0-9]{4}-'
  or number like ('QT-' || case branch
    when 'Dubai' then 'AE'
    when 'Oman' then 'OM'
    when 'Bahrain' then 'BH'
    when 'Saudi Arabia' then 'SA'
    else '?'
  end || '-%')
);

create unique index orders_quotation_number_idx on orders (quotation_number) where quotation_number !~ '^QT-[0-9]{4}-';

alter table quote_requests add constraint quote_requests_reference_branch_code_check check (
  reference !~ '^RFQ-[A-Z]{2}-'
  or reference like ('RFQ-' || case branch
    when 'Dubai' then 'AE'
    when 'Oman' then 'OM'
    when 'Bahrain' then 'BH'
    when 'Saudi Arabia' then 'SA'
    else '?'
  end || '-%')
);
`,
};
