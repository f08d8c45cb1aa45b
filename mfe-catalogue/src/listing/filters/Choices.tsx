// One filter's values as checkboxes (a brand, a specification, "In stock at"): the filters' panel's and the stock
// filter's, both in the filters' chunk (FiltersPanel.tsx).
import styled from 'styled-components';

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  cursor: pointer;
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.brand}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
  &:has(input:disabled) { cursor: default; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface ChoicesProps {
  legend: string;
  /** Each value of the filter: what the address says, what the page shows, how many products it leaves. */
  values: readonly { value: string; label: string; count: number }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/** One filter's values as checkboxes labelled with the value and its count; a value with nothing left is disabled. */
export function Choices({ legend, values, chosen, onChange }: ChoicesProps) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {values.map(({ value, label, count }) => {
        const checked = chosen.includes(value);
        return (
          <Choice key={value}>
            <input
              type="checkbox"
              checked={checked}
              disabled={count === 0 && !checked}
              onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((other) => other !== value))}
            />
            <bdi>{label}</bdi> <span>({count})</span>
          </Choice>
        );
      })}
    </fieldset>
  );
}
