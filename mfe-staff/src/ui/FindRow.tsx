import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { Actions, FieldRow, StaffField } from './StaffField';

/** The things a find row found, one per line, each with its own button first. */
export const FoundList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface FindRowProps {
  label: string;
  hint: string;
  /** Why the last find found nothing to use, said under the field. */
  error: string | undefined;
  /** The field's name (the browser's autofill and the tests know it by it). */
  name: string;
  value: string;
  onChange: (text: string) => void;
  onFind: () => void;
  /** The button's words: what a find does ("Add part", "Find quotations"). */
  action: string;
  /** A find is on its way: the button waits. */
  busy: boolean;
  disabled?: boolean;
  /** Codes read left to right in any edition. */
  dir?: 'ltr';
}

/**
 * A field and its button inside a bigger form (a quotation's): Enter in the field finds, as the button does, rather
 * than sending the form around it.
 */
export function FindRow({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  onFind,
  action,
  busy,
  disabled = false,
  dir,
}: FindRowProps): ReactNode {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onFind();
  };
  return (
    <FieldRow>
      <StaffField label={label} hint={hint} error={error}>
        {(control) => (
          <input
            {...control}
            name={name}
            autoComplete="off"
            dir={dir}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
      </StaffField>
      <Actions>
        <Button type="button" $variant="secondary" disabled={disabled || busy} onClick={onFind}>
          {action}
        </Button>
      </Actions>
    </FieldRow>
  );
}
