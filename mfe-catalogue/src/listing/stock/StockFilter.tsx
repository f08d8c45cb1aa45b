// "In stock at: Dubai / Muscat / Bahrain" (docs/catalogue.md, Filters): each location with how many products of the
// view, under the other filters, have a variant on hand there; locations widen one another, like a filter's values.
// In the filters' chunk (filters/FiltersPanel.tsx), its messages the panel's: a field of the filters' form
// ('stock=muscat'), drawn by the server.
import { Choices, type ChoiceValue } from '../filters/Choices';
import { usePanelText } from '../filters/i18n/panelText';

export interface StockFilterProps {
  /** Each location, named in the page's language, with its count. */
  values: readonly ChoiceValue[];
  chosen: readonly string[];
  onChange: () => void;
}

export function StockFilter({ values, chosen, onChange }: StockFilterProps) {
  const text = usePanelText();
  return (
    <Choices legend={text('catalogue.stock.legend')} name="stock" values={values} chosen={chosen} onChange={onChange} />
  );
}
