// What the contact remote's two forms (the message form of /contact-us and the request page /request-quote) share:
// the field's look, the human check and the honeypot, so both ask and hide the same way.
import { useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Field, fieldControlStyles, Honeypot } from '@site/shared-ui';
import { useTypedBeforeStart } from '@site/shared-ui/typed-before-start';
import type { Branch } from '@site/content';
import { cutToCharacters, FIELD_MAX_LENGTH, HONEYPOT_FIELD, HUMAN_CHECK } from '@site/content/validation';
import { useText } from '../i18n/useText';
import { branchValue } from '../contact/pageBranches';

/** The forms' fields: two columns, one on narrow screens. */
export const FormGrid = styled.div`
  display: grid;
  gap: 16px 24px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) { grid-template-columns: 1fr; }
`;

/** The submit button and its spinner. */
export const FormActions = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  > div { padding: 0; }
`;

type ControlChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;

/** What `bind(field)` gives a control: its name, value and onChange. */
export interface BoundControl {
  name: string;
  value: string;
  onChange: ControlChange;
}

/**
 * A form's text values in state, and `bind(field, limit)`: the name, value and onChange to spread on that field's
 * control. With `limit`, what is typed or pasted is cut to that many characters as the server counts them (grapheme
 * clusters, cutToCharacters): not maxLength, whose UTF-16 units would stop vocalised Arabic at a third of the limit.
 */
export function useFormValues<Values extends { [Field in keyof Values]: string }>(initial: Values) {
  const [values, setValues] = useState(initial);
  /** For the form element: the controls whose typing is taken in (useTypedBeforeStart). */
  const formRef = useRef<HTMLFormElement>(null);
  // what was typed before the page's scripts started (the server's form works without them)
  useTypedBeforeStart(formRef, values, (typed) => setValues((current) => ({ ...current, ...typed })));
  const bind = (field: keyof Values & string, limit?: number): BoundControl => ({
    name: field,
    value: values[field],
    onChange: (event) => {
      const value = limit === undefined ? event.target.value : cutToCharacters(event.target.value, limit);
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return { values, setValues, bind, formRef };
}

interface PersonFieldsProps {
  /** The form's prefix of the fields' ids ('contact' gives 'contact-name'). */
  idPrefix: string;
  /** The name's label: the forms word it each their own way. */
  nameLabel: string;
  bind: (field: 'name' | 'email' | 'phone', limit?: number) => BoundControl;
  phoneRequired: boolean;
}

/** Who writes: name, e-mail and phone, as both forms ask for them (e-mail and phone are written left to right). */
export function PersonFields({ idPrefix, nameLabel, bind, phoneRequired }: PersonFieldsProps) {
  const text = useText();
  return (
    <>
      <FormField id={`${idPrefix}-name`} label={nameLabel} required>
        {(control) => (
          <input {...control} {...bind('name', FIELD_MAX_LENGTH.name)} type="text" dir="auto" autoComplete="name" />
        )}
      </FormField>
      <FormField id={`${idPrefix}-email`} label={text('contact.form.email')} required>
        {(control) => (
          <input
            {...control}
            {...bind('email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={FIELD_MAX_LENGTH.email}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-phone`} label={text('contact.form.phone')} required={phoneRequired}>
        {(control) => (
          <input
            {...control}
            {...bind('phone')}
            type="tel"
            dir="ltr"
            autoComplete="tel"
            maxLength={FIELD_MAX_LENGTH.phone}
          />
        )}
      </FormField>
    </>
  );
}

interface BranchFieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** The branches in the page's language: the list shows their names and sends the server's name of each. */
  branches: readonly Branch[];
  control: BoundControl;
}

/** The choice of a branch (the message form's country, the request's branch). */
export function BranchField({ id, label, required, branches, control: bound }: BranchFieldProps) {
  return (
    <FormField id={id} label={label} required={required}>
      {(control) => (
        <select {...control} {...bound}>
          {branches.map((branch) => (
            <option key={branch.id} value={branchValue(branch.id)}>
              {branch.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A labelled field of the contact remote's forms ($wide: across both columns of a two-column grid). */
export const FormField = styled(Field)<{ $wide?: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  ${fieldControlStyles}
`;

type InputChange = (event: ChangeEvent<HTMLInputElement>) => void;

export interface HumanCheckFieldProps {
  /** The field's id ('contact-answer'). */
  id: string;
  value: string;
  onChange: InputChange;
}

/** The human check '23 - 14 = ?' (checked in the browser with isHumanCheckAnswer, never sent). */
export function HumanCheckField({ id, value, onChange }: HumanCheckFieldProps) {
  const text = useText();
  return (
    <FormField
      id={id}
      label={text('contact.form.humanCheck', { minuend: HUMAN_CHECK.minuend, subtrahend: HUMAN_CHECK.subtrahend })}
      required
    >
      {(control) => (
        <input
          {...control}
          name="answer"
          value={value}
          onChange={onChange}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
        />
      )}
    </FormField>
  );
}

export interface FormHoneypotProps {
  /** The form's id prefix ('contact'): the field's id is `${prefix}-website`. */
  idPrefix: string;
  value: string;
  onChange: InputChange;
}

/** The hidden field bots fill and people never see: the server stores what it sends as spam. */
export function FormHoneypot({ idPrefix, value, onChange }: FormHoneypotProps) {
  const text = useText();
  return (
    <Honeypot
      id={`${idPrefix}-${HONEYPOT_FIELD}`}
      label={text('contact.form.honeypot')}
      name={HONEYPOT_FIELD}
      value={value}
      onChange={onChange}
    />
  );
}
