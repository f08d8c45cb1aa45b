import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '@site/shared-ui';
import { Actions, FieldRow, StaffField } from './StaffField';

/** A form of one row of fields and its one button (a rate to set, a branch's details to save). */
export function RowForm({
  label,
  onSubmit,
  busy,
  submitText,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: () => Promise<void>;
  /** The button is disabled while the last submit is on its way. */
  busy: boolean;
  submitText: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <FieldRow>
        {children}
        <Actions>
          <Button type="submit" disabled={busy}>
            {submitText}
          </Button>
        </Actions>
      </FieldRow>
    </form>
  );
}

/** A field choosing one of a fixed list (a branch, a currency, a country), each shown by `shown` (itself by default). */
export function ChoiceField<T extends string>({
  label,
  name,
  value,
  options,
  shown = (option) => option,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  shown?: (option: T) => string;
  onChange: (chosen: T) => void;
  error?: string;
}) {
  return (
    <StaffField label={label} error={error}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          // the options are `options` alone: the value read back is one of them
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {shown(option)}
            </option>
          ))}
        </select>
      )}
    </StaffField>
  );
}

/** A typed field (text, a number, a date) with its label, hint and the server's or the form's refusal. */
export function TypedField({
  label,
  name,
  value,
  onChange,
  required,
  hint,
  error,
  input,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (typed: string) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  /** The input's own attributes: type, inputMode, autoComplete, dir. */
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'dir'>;
}) {
  return (
    <StaffField label={label} required={required} hint={hint} error={error}>
      {(control) => (
        <input {...control} {...input} name={name} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </StaffField>
  );
}
