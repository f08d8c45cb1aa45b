// Form fields of the chat's two forms (welcome and inquiry).
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Field } from '@site/shared-ui';
import { branches } from '@site/content';

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
`;

const Input = styled.input`${control}`;
const Select = styled.select`${control}`;
const Textarea = styled.textarea`${control} resize: vertical;`;

export function TextField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return <ChatField label={label}>{(control) => <Input {...control} {...input} />}</ChatField>;
}

export function TextAreaField({ label, ...textarea }: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <ChatField label={label}>{(control) => <Textarea {...control} {...textarea} />}</ChatField>;
}

/** The region/branch choice: value is the branch name ('Oman'), shown with its region label ('Oman (Muscat Office)'). */
export function RegionField({ label, ...select }: { label: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <ChatField label={label}>
      {(control) => (
        <Select {...control} {...select}>
          <option value="">Select region/branch</option>
          {branches.map((branch) => (
            <option key={branch.id} value={branch.name}>
              {branch.label}
            </option>
          ))}
        </Select>
      )}
    </ChatField>
  );
}
