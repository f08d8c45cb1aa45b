import { useId, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import {
  QUOTE_LIMITS,
  unitAllowsDecimals,
  type QuantityProblem,
  type QuoteUnit,
} from '@site/content/validation/quantity';
// From the package's shared entry, not its file: an app bundling this entry then uses the page's one Field (the
// shell's shared copy) instead of carrying a second one (~260 B brotli on every catalogue page).
import { ErrorText, Field, type FieldControlProps } from '@site/shared-ui';
import { useQuantityTexts } from './quantityText';

export interface QuantityFieldProps {
  /** The field's label ('Quantity'). */
  label: string;
  unit: QuoteUnit;
  /** The quantity as typed (kept as text: '12.' on its way to '12.5' is not a number yet). */
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value (parseQuantity's code), shown under the field in the page's language. */
  problem?: QuantityProblem | null;
  id?: string;
  /**
   * No label in sight: the field is named by an aria-label (screen readers hear the same name), for a field whose
   * place says what it is (a table row's column, a product's card). No label element and no wrapper: one field
   * is two elements (three with a problem), which counts on a page of a dozen cards.
   */
  labelHidden?: boolean;
  className?: string;
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Input = styled.input`
  inline-size: 7.5em;
  min-block-size: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  font: inherit;
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
`;

/**
 * A quantity in a product's unit: a text field (numeric keyboard; decimals only where the unit takes them), the unit's
 * name after it, and the problem under it. The caller checks the value with parseQuantity and passes the problem.
 */
export function QuantityField({
  label,
  unit,
  value,
  onChange,
  problem = null,
  id,
  labelHidden = false,
  className,
}: QuantityFieldProps) {
  const texts = useQuantityTexts();
  const generatedId = useId();
  const input = useRef<HTMLInputElement>(null);
  // A quantity typed into the server's field before the page's scripts started stays on screen through hydration but
  // is not the caller's value: taken in at the first drawing, so a tap kept meanwhile (an early "Add to quote", the
  // request's send) uses the quantity the buyer sees. Once: afterwards the field shows the value.
  useLayoutEffect(() => {
    const shown = input.current?.value;
    if (shown !== undefined && shown !== value) onChange(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first drawing only
  }, []);
  const error = problem === null ? undefined : texts.problem(problem, unit, QUOTE_LIMITS.maxQuantity);
  const row = (control: FieldControlProps, rowClassName?: string) => (
    <Row className={rowClassName}>
      <Input
        ref={input}
        {...control}
        aria-label={labelHidden ? label : undefined}
        type="text"
        inputMode={unitAllowsDecimals(unit) ? 'decimal' : 'numeric'}
        autoComplete="off"
        dir="ltr"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={[control['aria-describedby'], `${control.id}-unit`].filter(Boolean).join(' ')}
      />
      <span id={`${control.id}-unit`}>{texts.unitName(unit)}</span>
      {labelHidden && error ? <ErrorText id={`${control.id}-error`}>{error}</ErrorText> : null}
    </Row>
  );
  if (!labelHidden) {
    return (
      <Field label={label} id={id} className={className} error={error}>
        {(control) => row(control)}
      </Field>
    );
  }
  const controlId = id ?? generatedId;
  return row(
    { id: controlId, ...(error ? { 'aria-describedby': `${controlId}-error`, 'aria-invalid': true } : {}) },
    className,
  );
}
