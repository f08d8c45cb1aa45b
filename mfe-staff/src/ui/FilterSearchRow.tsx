import type { ReactNode } from 'react';
import { Button } from '@site/shared-ui';
import { STAFF_SEARCH_MAX_LENGTH } from '@site/contracts/staff-api';
import { Actions, FieldRow, SearchField } from './StaffField';

export interface FilterSearchRowProps {
  /** What the search looks through, e.g. 'Names, e-mail addresses and comments.' */
  hint: string;
  /** The search the address holds. */
  q: string | undefined;
  /** No filter is set: nothing to clear. */
  nothingToClear: boolean;
  onClear: () => void;
  /** The row's other fields, between the search box and the buttons. */
  children?: ReactNode;
}

/** A list page's last filter row: the search box, then Search (the form's submit) and Clear filters. */
export function FilterSearchRow({ hint, q = '', nothingToClear, onClear, children }: FilterSearchRowProps) {
  return (
    <FieldRow>
      <SearchField label="Search" hint={hint}>
        {/* Uncontrolled, refilled from the address when it changes (key): typing does not touch the address. */}
        {(control) => (
          <input {...control} key={q} type="search" name="q" defaultValue={q} maxLength={STAFF_SEARCH_MAX_LENGTH} />
        )}
      </SearchField>
      {children}
      <Actions>
        <Button type="submit">Search</Button>
        <Button type="button" $variant="secondary" onClick={onClear} disabled={nothingToClear}>
          Clear filters
        </Button>
      </Actions>
    </FieldRow>
  );
}
