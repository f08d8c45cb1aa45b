// Form fields of the chat's two forms (welcome and inquiry). An e-mail or phone field is written left to right
// (dir="ltr") on either page; on a right-to-left page it stays aligned with the other fields, on the right.
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Field } from '@site/shared-ui';
import { useText } from '../i18n/useText';
import { regionsIn } from '../widget/botTexts';

// The chat panel is narrow: smaller labels, tighter than the page's forms.
const ChatField = styled(Field)`
  gap: 4px;
  margin-bottom: 12px;
  label { color: ${({ theme }) => theme.colors.text}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

const control = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  font: inherit;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.brand}; outline-offset: 1px; }
  [dir='rtl'] &[dir='ltr'] { text-align: right; }
`;

const Input = styled.input`${control}`;
const Select = styled.select`${control}`;
const Textarea = styled.textarea`${control} resize: vertical;`;

/** A field's label and, after a refused submit, what is wrong with it (shown under it, read with it). */
interface FieldText {
  label: string;
  error?: string | undefined;
}

export function TextField({ label, error, ...input }: FieldText & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <ChatField label={label} error={error}>
      {(control) => <Input {...control} {...input} />}
    </ChatField>
  );
}

export function TextAreaField({ label, error, ...textarea }: FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <ChatField label={label} error={error}>
      {(control) => <Textarea {...control} {...textarea} />}
    </ChatField>
  );
}

/**
 * The region/branch choice: value is the branch name ('Oman'), shown with its region label in the page's language
 * ('Oman (Muscat Office)', 'عُمان (مكتب مسقط)').
 */
export function RegionField({ label, error, ...select }: FieldText & SelectHTMLAttributes<HTMLSelectElement>) {
  const text = useText();
  return (
    <ChatField label={label} error={error}>
      {(control) => (
        <Select {...control} {...select}>
          <option value="">{text('chat.form.selectRegion')}</option>
          {regionsIn(text).map((region) => (
            <option key={region.id} value={region.name}>
              {region.label}
            </option>
          ))}
        </Select>
      )}
    </ChatField>
  );
}
