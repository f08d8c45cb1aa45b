// "In stock at: Dubai / Muscat / Bahrain" (docs/catalogue.md, Filters): each location with how many products of the
// view, under the other filters, have a variant on hand there; locations widen one another, like a filter's values.
// In the filters' chunk (filters/FiltersPanel.tsx), its messages the panel's: drawn in the browser only, once the
// page has started.
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { ListingFilters } from '@site/contracts/listing-view';
import type { StockLocation } from '@site/contracts/stock-api';
import { Choices } from '../filters/Choices';
import { usePanelText } from '../filters/i18n/panelText';

export interface StockFilterProps {
  stock: NonNullable<ListingFacets['stock']>;
  filters: ListingFilters;
  onChange: (filters: ListingFilters) => void;
}

export function StockFilter({ stock, filters, onChange }: StockFilterProps) {
  const text = usePanelText();
  return (
    <Choices
      legend={text('catalogue.stock.legend')}
      values={stock.map(({ location, count }) => ({ value: location, label: text(`catalogue.stock.location.${location}`), count }))}
      chosen={filters.stock ?? []}
      onChange={(chosen) => onChange({ ...filters, stock: chosen as StockLocation[] })}
    />
  );
}
