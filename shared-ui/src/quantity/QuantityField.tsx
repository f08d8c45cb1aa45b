import styled from 'styled-components';
import { QUOTE_LIMITS, unitAllowsDecimals, type QuantityProblem, type QuoteUnit } from '@site/content/validation';
import { Field } from '../components/Field/Field';
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
  /** Hides the label from sight (kept for screen readers): for a field in a table row whose column says it. */
  labelHidden?: boolean;
  className?: string;
}

const Row = styled.div`
  display: flex;
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

const QuantityBox = styled(Field)<{ $labelHidden: boolean }>`
  ${({ $labelHidden }) =>
    $labelHidden
      ? `> label { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }`
      : ''}
`;

/**
 * A quantity in a product's unit: a text field (numeric keyboard; decimals only where the unit takes them), the unit's
 * name after it, and the problem under it. The caller checks the value with parseQuantity and passes the problem.
 */
export function QuantityField({ label, unit, value, onChange, problem = null, id, labelHidden = false, className }: QuantityFieldProps) {
  const texts = useQuantityTexts();
  const unitName = texts.unitName(unit);
  return (
    <QuantityBox
      label={label}
      id={id}
      className={className}
      $labelHidden={labelHidden}
      error={problem === null ? undefined : texts.problem(problem, unit, QUOTE_LIMITS.maxQuantity)}
    >
      {(control) => (
        <Row>
          <Input
            {...control}
            type="text"
            inputMode={unitAllowsDecimals(unit) ? 'decimal' : 'numeric'}
            autoComplete="off"
            dir="ltr"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={[control['aria-describedby'], `${control.id}-unit`].filter(Boolean).join(' ')}
          />
          <span id={`${control.id}-unit`}>{unitName}</span>
        </Row>
      )}
    </QuantityBox>
  );
}
