// One filter's values as checkboxes of the filters' form (a brand, a specification, "In stock at"), in the filters'
// chunk (FiltersPanel.tsx). Each box is a field of the form: ticked, it is sent as `name=value` without scripts.
import { useLocale } from '@site/shared-store';

/** A value of a filter: what the address says, what the page shows, how many products it leaves. */
export interface ChoiceValue {
  value: string;
  label: string;
  count: number;
}

export interface ChoicesProps {
  legend: string;
  /** The field's name, the address's parameter ('brand', 'ip', 'stock'). */
  name: string;
  values: readonly ChoiceValue[];
  chosen: readonly string[];
  /** A box ticked or not (the panel reads the form's boxes). */
  onChange: () => void;
}

/**
 * One filter's values as checkboxes labelled with the value and its count ('Hex (2)'); a value with nothing left is
 * disabled. Styled by the layout around (FilteredLayout.tsx): one element per value beside its box. In the Arabic
 * edition the value is isolated (<bdi>): a brand or '600/1000 V' reads left to right there, its count after it.
 */
export function Choices({ legend, name, values, chosen, onChange }: ChoicesProps) {
  const isolate = useLocale() === 'ar';
  return (
    <fieldset>
      <legend>{legend}</legend>
      {values.map(({ value, label, count }) => {
        const checked = chosen.includes(value);
        return (
          <label key={value}>
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={checked}
              disabled={count === 0 && !checked}
              onChange={onChange}
            />
            {isolate ? (
              <>
                <bdi>{label}</bdi>
                {` (${count})`}
              </>
            ) : (
              `${label} (${count})`
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
