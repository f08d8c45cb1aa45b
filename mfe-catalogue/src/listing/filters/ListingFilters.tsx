import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, CloseIcon, Drawer, IconButton, useMediaQuery } from '@site/shared-ui';
import { useLocale } from '@site/shared-store';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import { hasListingFilters, LISTING_PRICE_MAX, type ListingFilters as Filters } from '@site/contracts/listing-view';
import { TextButton } from '../../common/TextButton';
import { LazyStockFilter } from '../stock/LazyStockFilter';
import { Choices } from './Choices';
import type { MessageId } from '../../i18n/text';
import { useText } from '../../i18n/useText';

/** Each specification filter's heading. */
const ATTRIBUTE_LEGENDS: Readonly<Record<FilterAttribute, MessageId>> = {
  voltage: 'catalogue.filters.attribute.voltage',
  cores: 'catalogue.filters.attribute.cores',
  size: 'catalogue.filters.attribute.size',
  current: 'catalogue.filters.attribute.current',
  poles: 'catalogue.filters.attribute.poles',
  ip: 'catalogue.filters.attribute.ip',
  material: 'catalogue.filters.attribute.material',
  standard: 'catalogue.filters.attribute.standard',
};

/** Below this width the filters open in a sheet from a button; above it they stand beside the products. */
export const FILTERS_SHEET_BELOW_PX = 900;

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

/** Where the filters stand beside the products. */
const WIDE_QUERY = `(min-width: ${FILTERS_SHEET_BELOW_PX}px)`;

/** Beside the products on a wide screen; hidden below FILTERS_SHEET_BELOW_PX, where the button opens them in a sheet. */
const Beside = styled.aside`
  @media (max-width: ${FILTERS_SHEET_BELOW_PX - 1}px) { display: none; }
`;

const SheetButton = styled(Button)`
  @media (min-width: ${FILTERS_SHEET_BELOW_PX}px) { display: none; }
`;

const SheetTop = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: 8px;
`;

const ShowResults = styled(Button)`
  width: 100%;
  margin-top: 24px;
`;

/** A price end typed in the field: '' for none, else a whole number of AED up to the most a range can name. */
function priceEnd(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) <= LISTING_PRICE_MAX ? Number(trimmed) : 'invalid';
}

interface PanelProps {
  facets: ListingFacets;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Names the panel's fields apart from the other copy's (the sheet's and the side's are both in the page). */
  idPrefix: string;
}

/** The filters themselves: the category's brands with their counts, the price range, and 'Clear all'. */
function FiltersPanel({ facets, filters, onChange, idPrefix }: PanelProps) {
  const text = useText();
  const locale = useLocale();
  return (
    <Panel>
      <Heading>
        <h2>{text('catalogue.filters.label')}</h2>
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
      {facets.stock === undefined ? null : <LazyStockFilter stock={facets.stock} filters={filters} onChange={onChange} />}
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
function PriceRange({ facets, filters, onChange, idPrefix }: PanelProps) {
  const text = useText();
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

export interface ListingFiltersProps {
  facets: ListingFacets;
  filters: Filters;
  /** Every product the filters leave: the sheet's 'Show N results'. */
  total: number;
  onChange: (filters: Filters) => void;
}

/**
 * The listing's filters: beside the products on a wide screen, in a sheet opened by 'Filters' on a phone. Values of
 * one filter widen (any of the brands), different filters narrow; each brand's count follows the price range, and a
 * brand with nothing left is disabled.
 */
export function ListingFilters({ facets, filters, total, onChange }: ListingFiltersProps) {
  const text = useText();
  const id = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  // The side copy is drawn only where it shows, and only in the browser: on a phone it is never seen, yet in the
  // server's HTML it was 40 of the listing's 342 elements, styled, laid out and hydrated in the page's longest task.
  // Its grid column is there from the first paint, so nothing moves when it fills.
  const wide = useMediaQuery(WIDE_QUERY);
  const chosen =
    filters.brands.length +
    Object.values(filters.attributes ?? {}).reduce((sum, values) => sum + values.length, 0) +
    (filters.minPrice === undefined && filters.maxPrice === undefined ? 0 : 1) +
    (filters.stock?.length ?? 0);
  return (
    <>
      <Beside aria-label={text('catalogue.filters.label')}>
        {wide ? <FiltersPanel facets={facets} filters={filters} onChange={onChange} idPrefix={`${id}-side`} /> : null}
      </Beside>
      <SheetButton type="button" $variant="secondary" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
        {chosen > 0 ? text('catalogue.filters.openChosen', { count: chosen }) : text('catalogue.filters.open')}
      </SheetButton>
      <Drawer open={sheetOpen} onClose={() => setSheetOpen(false)} label={text('catalogue.filters.label')}>
        <SheetTop>
          <IconButton type="button" aria-label={text('catalogue.filters.close')} onClick={() => setSheetOpen(false)}>
            <CloseIcon size={20} />
          </IconButton>
        </SheetTop>
        <FiltersPanel facets={facets} filters={filters} onChange={onChange} idPrefix={`${id}-sheet`} />
        <ShowResults type="button" onClick={() => setSheetOpen(false)}>
          {text('catalogue.filters.showResults', { count: total })}
        </ShowResults>
      </Drawer>
    </>
  );
}
