// Form fields of the chat's two forms (welcome and inquiry).
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { branches } from '@site/content';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
  label { color: ${({ theme }) => theme.colors.text}; font-size: ${({ theme }) => theme.typeScale.sm}; font-weight: 600; }
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

interface FieldProps {
  label: string;
  children: (id: string) => ReactNode;
}

function Field({ label, children }: FieldProps) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </FieldBox>
  );
}

export function TextField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return <Field label={label}>{(id) => <Input id={id} {...input} />}</Field>;
}

export function TextAreaField({ label, ...textarea }: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field label={label}>{(id) => <Textarea id={id} {...textarea} />}</Field>;
}

/** The region/branch choice: value is the branch name ('Oman'), shown with its region label ('Oman (Muscat Office)'). */
export function RegionField({ label, ...select }: { label: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label}>
      {(id) => (
        <Select id={id} {...select}>
          <option value="">Select region/branch</option>
          {branches.map((branch) => (
            <option key={branch.id} value={branch.name}>
              {branch.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
