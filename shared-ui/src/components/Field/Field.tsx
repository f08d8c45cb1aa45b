import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

/** What a Field hands its control: spread it on the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  /** The label's text. */
  label: string;
  /**
   * Adds ' *' to the label, hidden from screen readers (they hear the control's aria-required instead). A form whose
   * spec texts already end in '*' ('Full Name *') passes them as the label and leaves this off.
   */
  required?: boolean;
  /** Help shown under the control and read with it. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, read with it, and the control marked invalid. */
  error?: ReactNode;
  /** The control's id; a generated one by default. */
  id?: string;
  className?: string;
  /** The control, given its id and ARIA wiring. */
  children: (control: FieldControlProps) => ReactNode;
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label { font-weight: 600; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** Exported for QuantityField's field without a label, where it takes a line of its own in the row (flex-basis). */
export const ErrorText = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.typeScale.sm};
  font-weight: 600;
`;

/** A form field: label, control, hint and error, tied together for assistive technology. Style the control yourself. */
export function Field({ label, required = false, hint, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((part) => part !== null).join(' ');
  return (
    <Box className={className}>
      <label htmlFor={controlId}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id: controlId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Box>
  );
}
