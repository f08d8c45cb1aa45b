import type { FormEvent } from 'react';
import { INBOX_KINDS, INBOX_STATUSES, STAFF_BRANCHES, STAFF_SEARCH_MAX_LENGTH } from '@site/contracts/staff-api';
import { KIND_FILTER_LABELS, STATUS_LABELS } from '../ui/labels';
import { FilterSearchRow } from '../ui/FilterSearchRow';
import { FieldRow, FilterForm, StaffField } from '../ui/StaffField';
import { searchText } from '../ui/searchText';
import { isoDay, type InboxFilters as Filters } from './inboxQuery';

export interface InboxFiltersProps {
  filters: Filters;
  /** Branch staff see their own branch only: no branch filter. */
  showBranch: boolean;
  onChange: (filters: Filters) => void;
}

/**
 * The inbox's filters. A choice in a list or a date applies at once; the search text when it is sent (Enter or the
 * Search button), not on every key. Their values come from the address, so back and forward restore them.
 */
export function InboxFilters({ filters, showBranch, onChange }: InboxFiltersProps) {
  const change = (name: keyof Filters, value: string) =>
    onChange({ ...filters, [name]: value === '' ? undefined : value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = searchText(event.currentTarget).trim().slice(0, STAFF_SEARCH_MAX_LENGTH);
    onChange({ ...filters, q: q === '' ? undefined : q });
  };

  const changeDay = (name: 'from' | 'to', value: string) => {
    // A half-typed date (the browser gives '') is not applied until it is a whole one.
    if (value === '' || isoDay(value) !== undefined) change(name, value);
  };

  return (
    <FilterForm role="search" aria-label="Filter the inbox" onSubmit={submit}>
      <FieldRow>
        <StaffField label="Kind">
          {(control) => (
            <select
              {...control}
              name="kind"
              value={filters.kind ?? ''}
              onChange={(event) => change('kind', event.target.value)}
            >
              <option value="">All kinds</option>
              {INBOX_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_FILTER_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        {showBranch ? (
          <StaffField label="Branch">
            {(control) => (
              <select
                {...control}
                name="branch"
                value={filters.branch ?? ''}
                onChange={(event) => change('branch', event.target.value)}
              >
                <option value="">All branches</option>
                {STAFF_BRANCHES.map((branch) => (
                  <option key={branch} value={branch}>
                    {branch}
                  </option>
                ))}
              </select>
            )}
          </StaffField>
        ) : null}
        <StaffField label="Status">
          {(control) => (
            <select
              {...control}
              name="status"
              value={filters.status ?? ''}
              onChange={(event) => change('status', event.target.value)}
            >
              <option value="">All but spam</option>
              {INBOX_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField label="Received from">
          {(control) => (
            <input
              {...control}
              type="date"
              name="from"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => changeDay('from', event.target.value)}
            />
          )}
        </StaffField>
        <StaffField label="Received to">
          {(control) => (
            <input
              {...control}
              type="date"
              name="to"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => changeDay('to', event.target.value)}
            />
          )}
        </StaffField>
      </FieldRow>
      <FilterSearchRow
        hint="Names, e-mail addresses, companies and messages."
        q={filters.q}
        nothingToClear={Object.keys(filters).length === 0}
        onClear={() => onChange({})}
      />
    </FilterForm>
  );
}
