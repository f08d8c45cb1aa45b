// The filters themselves, in a chunk of their own (ListingFilters.tsx asks for it once the page has started): they are
// drawn in the browser only (beside the products on a wide screen, in the sheet on a phone), so none of their bytes is
// among the scripts a listing waits for before it handles clicks (tests/budgets/first-view.json), nor are its messages
// (i18n/ here) in the catalogue's catalog.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { useLocale } from '@site/shared-store';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import { hasListingFilters, LISTING_PRICE_MAX, type ListingFilters as Filters } from '@site/contracts/listing-view';
import { TextButton } from '../../common/TextButton';
import { StockFilter } from '../stock/StockFilter';
import { Choices } from './Choices';
import { useText } from '../../i18n/useText';
import { usePanelText, type PanelMessageId } from './i18n/panelText';

/** Each specification filter's heading. */
const ATTRIBUTE_LEGENDS: Readonly<Record<FilterAttribute, PanelMessageId>> = {
  voltage: 'catalogue.filters.attribute.voltage',
  cores: 'catalogue.filters.attribute.cores',
  size: 'catalogue.filters.attribute.size',
  current: 'catalogue.filters.attribute.current',
  poles: 'catalogue.filters.attribute.poles',
  ip: 'catalogue.filters.attribute.ip',
  material: 'catalogue.filters.attribute.material',
  standard: 'catalogue.filters.attribute.standard',
};

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  fieldset { margin: 0; padding: 0; border: 0; }
  legend { margin-bottom: 8px; font-weight: 700; }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; }
`;

const LinkButton = styled(TextButton)`
  font-weight: 600;
`;

const PriceRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  input {
    width: 96px;
    min-height: 40px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
  }
`;

/** A price end typed in the field: '' for none, else a whole number of AED up to the most a range can name. */
function priceEnd(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) <= LISTING_PRICE_MAX ? Number(trimmed) : 'invalid';
}

export interface FiltersPanelProps {
  facets: ListingFacets;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Names the panel's fields apart from the other copy's (the sheet's and the side's are both in the page). */
  idPrefix: string;
}

/**
 * The filters themselves: the category's brands and specification values with their counts, "In stock at", the price
 * range, and 'Clear all'.
 */
export default function FiltersPanel({ facets, filters, onChange, idPrefix }: FiltersPanelProps) {
  const text = usePanelText();
  const siteText = useText();
  const locale = useLocale();
  const stock = facets.stock ?? [];
  return (
    <Panel>
      <Heading>
        <h2>{siteText('catalogue.filters.label')}</h2>
        {hasListingFilters(filters) ? (
          <LinkButton type="button" onClick={() => onChange({ brands: [] })}>
            {text('catalogue.filters.clearAll')}
          </LinkButton>
        ) : null}
      </Heading>
      {facets.brands.length > 0 ? (
        <Choices
          legend={text('catalogue.filters.brand')}
          values={facets.brands.map(({ name, count }) => ({ value: name, label: name, count }))}
          chosen={filters.brands}
          onChange={(brands) => onChange({ ...filters, brands })}
        />
      ) : null}
      {facets.attributes.map(({ attribute, values }) => (
        <Choices
          key={attribute}
          legend={text(ATTRIBUTE_LEGENDS[attribute])}
          values={values.map(({ value, count }) => ({ value, label: filterValueText(attribute, value, locale), count }))}
          chosen={filters.attributes?.[attribute] ?? []}
          onChange={(chosen) => onChange({ ...filters, attributes: { ...filters.attributes, [attribute]: chosen } })}
        />
      ))}
      {/* where some product of the view is on hand somewhere, or a location is chosen (to take it off again) */}
      {stock.some(({ count }) => count > 0) || (filters.stock ?? []).length > 0 ? <StockFilter stock={stock} filters={filters} onChange={onChange} /> : null}
      {/* keyed by the address's range: another range (back, Clear all) starts the fields from it */}
      <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} facets={facets} filters={filters} onChange={onChange} idPrefix={idPrefix} />
    </Panel>
  );
}

interface PriceInputProps {
  label: string;
  placeholder: string | undefined;
  value: string;
  /** The id of the range's error message while it shows. */
  errorId: string | undefined;
  onChange: (value: string) => void;
}

/** One end of the price range: numbers typed as text (no spinner), invalid with the range. */
function PriceInput({ label, placeholder, value, errorId, onChange }: PriceInputProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      aria-invalid={errorId !== undefined}
      aria-describedby={errorId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The price range's two fields and 'Apply'; a range typed wrongly is said so, and not applied. */
function PriceRange({ facets, filters, onChange, idPrefix }: FiltersPanelProps) {
  const text = usePanelText();
  const [min, setMin] = useState(filters.minPrice === undefined ? '' : String(filters.minPrice));
  const [max, setMax] = useState(filters.maxPrice === undefined ? '' : String(filters.maxPrice));
  const [priceError, setPriceError] = useState(false);

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = priceEnd(min);
    const maxPrice = priceEnd(max);
    if (minPrice === 'invalid' || maxPrice === 'invalid' || (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)) {
      setPriceError(true);
      return;
    }
    const { brands, attributes, stock } = filters;
    onChange({ brands, attributes, stock, ...(minPrice === undefined ? {} : { minPrice }), ...(maxPrice === undefined ? {} : { maxPrice }) });
  };

  const errorId = `${idPrefix}-price-error`;
  return (
    <form noValidate onSubmit={applyPrice}>
      <fieldset>
        <legend>{text('catalogue.filters.price')}</legend>
        <PriceRow>
          <PriceInput
            label={text('catalogue.filters.minPrice')}
            placeholder={facets.price.min === null ? undefined : String(Math.floor(facets.price.min))}
            value={min}
            errorId={priceError ? errorId : undefined}
            onChange={setMin}
          />
          <span aria-hidden="true">–</span>
          <PriceInput
            label={text('catalogue.filters.maxPrice')}
            placeholder={facets.price.max === null ? undefined : String(Math.ceil(facets.price.max))}
            value={max}
            errorId={priceError ? errorId : undefined}
            onChange={setMax}
          />
          <Button type="submit" $variant="secondary">
            {text('catalogue.filters.apply')}
          </Button>
        </PriceRow>
        {priceError ? (
          <p id={errorId} role="alert">
            {text('catalogue.filters.priceInvalid')}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
