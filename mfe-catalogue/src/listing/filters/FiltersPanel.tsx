// The filters themselves, in a chunk of their own: none of their bytes is among the scripts a listing waits for before
// it handles clicks (tests/budgets/first-view.json), nor are its messages (i18n/ here) in the catalogue's catalog. The
// server draws them (it has the chunk: ListingFilters.tsx), so they are in the listing's HTML as one plain GET form that
// works before any script has run: its address is the filtered listing (listingViewOf reads the form's spelling). Once
// the chunk has come, the browser takes that HTML over (its Suspense boundary) and a tick applies at once, no reload.
//
// One copy serves both widths: beside the products on a wide screen; on a phone a <details> whose 'Filters' opens it
// as a sheet over the page (FilteredLayout.tsx), natively, with or without scripts.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, useHydrated, useMediaQuery } from '@site/shared-ui';
import { useLocale } from '@site/shared-store';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import {
  hasListingFilters,
  listingAddressSearch,
  LISTING_PRICE_MAX,
  listingFiltersOf,
  type ListingFilters as Filters,
} from '@site/contracts/listing-view';
import { StockFilter } from '../stock/StockFilter';
import { Choices, type ChoiceValue } from './Choices';
import { FILTERS_SHEET_BELOW_PX, LISTING_VIEW_FORM_ID } from './FilteredLayout';
import { useText } from '../../i18n/useText';
import { usePanelText, type PanelMessageId } from './i18n/panelText';

/** The filters' look (the layout around, FilteredLayout.tsx, has the price fields' and the wide screen's). */
const Panel = styled.aside`
  /* a filter's legend in bold, its values not */
  fieldset { margin: 0 0 20px; padding: 0; border: 0; font-weight: 700; }
  fieldset label { display: flex; align-items: center; gap: 8px; min-height: 32px; font-weight: 400; }
  /* open: a sheet over the page (only a phone opens it: a wide screen hides 'Filters') */
  details[open] { position: fixed; inset: 0; z-index: 900; overflow: auto; padding: 16px 20px; background: ${({ theme }) => theme.colors.surface}; }
`;

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

/** A price end typed in the field: '' for none, else a whole number of AED up to the most a range can name. */
function priceEnd(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) <= LISTING_PRICE_MAX ? Number(trimmed) : 'invalid';
}

/** The filters the form's fields say now (the ticked boxes, the price fields as typed), as the address would read them. */
function fieldsOf(form: HTMLFormElement): { filters: Filters; minText: string; maxText: string } {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return {
    filters: listingFiltersOf(params),
    minText: params.get('minPrice') ?? '',
    maxText: params.get('maxPrice') ?? '',
  };
}

/**
 * A listing's address in its one spelling (listingAddressSearch), in place. Not through the router: nothing changes
 * on the page, and a navigation now would reach the page's other server HTML not yet hydrated (React drops it then).
 */
function writtenOnce(): void {
  const { pathname, search, hash } = window.location;
  const written = listingAddressSearch(search);
  if (written !== search) window.history.replaceState(window.history.state, '', `${pathname}${written}${hash}`);
}

/**
 * Whether a filter is worth offering: one of its values is chosen, or it has more than the one value every product of
 * the view has (a category of one brand: ticking it would narrow nothing).
 */
const offered = (values: readonly ChoiceValue[], chosen: readonly string[], total: number): boolean =>
  chosen.length > 0 || values.length > 1 || (values.length === 1 && values[0]!.count !== total);

/** How many filters the view names: the 'Filters (2)' that opens them on a phone. */
function chosenCount(filters: Filters): number {
  return (
    filters.brands.length +
    Object.values(filters.attributes ?? {}).reduce((sum, values) => sum + values.length, 0) +
    (filters.minPrice === undefined && filters.maxPrice === undefined ? 0 : 1) +
    (filters.stock?.length ?? 0)
  );
}

export interface FiltersPanelProps {
  facets: ListingFacets;
  filters: Filters;
  /** The address's query of the view without filters: 'Clear all' (a listing's order, a search's text kept). */
  clearSearch: string;
  /** What the view keeps whatever the filters, sent with them as hidden fields (a search's text: `{ q }`). */
  kept?: Readonly<Record<string, string>>;
  /** A listing's address: written in its one spelling once the panel has taken the server's form over. */
  listingAddress?: boolean;
  /** Every product the filters leave: 'Show N results' on a phone. */
  total: number;
  onChange: (filters: Filters) => void;
}

/**
 * The category's brands and specification values with their counts, "In stock at", the price range, 'Apply' and
 * 'Clear all'. Values of one filter widen (any of the brands), different filters narrow; each value's count follows the
 * other filters, and a value with nothing left is disabled.
 */
export default function FiltersPanel({
  facets,
  filters,
  clearSearch,
  kept = {},
  listingAddress = false,
  total,
  onChange,
}: FiltersPanelProps) {
  const text = usePanelText();
  const siteText = useText();
  const locale = useLocale();
  const hydrated = useHydrated();
  const wide = useMediaQuery(`(min-width: ${FILTERS_SHEET_BELOW_PX}px)`);
  const sheet = useRef<HTMLDetailsElement>(null);
  const [priceError, setPriceError] = useState(false);
  const errorId = useId();
  const stock = facets.stock ?? [];
  const chosen = chosenCount(filters);
  const { minPrice, maxPrice } = filters;

  const formRef = useRef<HTMLFormElement>(null);

  /** A box ticked or not: the boxes as they stand, at once; the price range stays the address's until 'Apply'. */
  const tick = () => {
    if (formRef.current === null) return;
    const { brands, attributes, stock: locations } = fieldsOf(formRef.current).filters;
    onChange({ brands, attributes, stock: locations, minPrice, maxPrice });
  };

  // Once, as this chunk takes the server's form over: a box ticked there meanwhile (React keeps what the visitor did,
  // and tells nothing) is applied now, as a tick is; and an address the form sent without scripts, spelt its own way
  // ('?sort=1&brand=A&brand=B&minPrice='), is written in the view's one spelling, as a link names it.
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    const boxes = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [];
    if ([...boxes].some((box) => box.checked !== box.defaultChecked)) tick();
    else if (listingAddress) writtenOnce();
  });

  /** 'Apply': everything the form says (without scripts the browser sends it); a range typed wrongly is said so, and not applied. */
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { filters: fields, minText, maxText } = fieldsOf(event.currentTarget);
    const min = priceEnd(minText);
    const max = priceEnd(maxText);
    if (min === 'invalid' || max === 'invalid' || (min !== undefined && max !== undefined && min > max)) {
      setPriceError(true);
      return;
    }
    setPriceError(false);
    const { brands, attributes, stock: locations } = fields;
    onChange({
      brands,
      attributes,
      stock: locations,
      ...(min === undefined ? {} : { minPrice: min }),
      ...(max === undefined ? {} : { maxPrice: max }),
    });
    sheet.current?.removeAttribute('open');
  };

  // nothing to filter by: the form the sort's <select> belongs to, and nothing to show
  if (
    facets.brands.length === 0 &&
    facets.attributes.length === 0 &&
    facets.price.min === null &&
    !hasListingFilters(filters)
  ) {
    return <form id={LISTING_VIEW_FORM_ID} method="get" hidden />;
  }
  const brandValues = facets.brands.map(({ name, count }) => ({ value: name, label: name, count }));
  const stockValues = stock.map(({ location, count }) => ({
    value: location,
    label: text(`catalogue.stock.location.${location}`),
    count,
  }));
  return (
    <Panel aria-label={siteText('catalogue.filters.label')}>
      <form ref={formRef} id={LISTING_VIEW_FORM_ID} method="get" noValidate onSubmit={apply}>
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <details ref={sheet}>
          <Button as="summary" $variant="secondary">
            {chosen > 0
              ? siteText('catalogue.filters.openChosen', { count: chosen })
              : siteText('catalogue.filters.open')}
          </Button>
          {offered(brandValues, filters.brands, total) ? (
            <Choices
              legend={text('catalogue.filters.brand')}
              name="brand"
              values={brandValues}
              chosen={filters.brands}
              onChange={tick}
            />
          ) : null}
          {facets.attributes.map(({ attribute, values }) => {
            const valuesShown = values.map(({ value, count }) => ({
              value,
              label: filterValueText(attribute, value, locale),
              count,
            }));
            const chosenValues = filters.attributes?.[attribute] ?? [];
            return offered(valuesShown, chosenValues, total) ? (
              <Choices
                key={attribute}
                legend={text(ATTRIBUTE_LEGENDS[attribute])}
                name={attribute}
                values={valuesShown}
                chosen={chosenValues}
                onChange={tick}
              />
            ) : null;
          })}
          {/* where some product of the view is on hand somewhere, or a location is chosen (to take it off again) */}
          {stock.some(({ count }) => count > 0) || (filters.stock ?? []).length > 0 ? (
            <StockFilter values={stockValues} chosen={filters.stock ?? []} onChange={tick} />
          ) : null}
          {facets.price.min !== null || minPrice !== undefined || maxPrice !== undefined ? (
            // keyed by the address's range: another range (back, Clear all) starts the fields from it
            <fieldset key={`${minPrice}-${maxPrice}`}>
              <legend>{text('catalogue.filters.price')}</legend>
              <PriceInput
                name="minPrice"
                label={text('catalogue.filters.minPrice')}
                value={minPrice}
                placeholder={facets.price.min === null ? undefined : Math.floor(facets.price.min)}
                errorId={priceError ? errorId : undefined}
              />{' '}
              <PriceInput
                name="maxPrice"
                label={text('catalogue.filters.maxPrice')}
                value={maxPrice}
                placeholder={facets.price.max === null ? undefined : Math.ceil(facets.price.max)}
                errorId={priceError ? errorId : undefined}
              />
              {priceError ? (
                <p id={errorId} role="alert">
                  {text('catalogue.filters.priceInvalid')}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <Button type="submit" $variant="secondary">
            {text('catalogue.filters.apply')}
          </Button>{' '}
          {hasListingFilters(filters) ? (
            <Link to={{ search: clearSearch }}>{text('catalogue.filters.clearAll')}</Link>
          ) : null}
          {/* with scripts a tick applies at once behind the sheet: this closes it on the products it leaves */}
          {hydrated && !wide ? (
            <Button type="button" onClick={() => sheet.current?.removeAttribute('open')}>
              {siteText('catalogue.filters.showResults', { count: total })}
            </Button>
          ) : null}
        </details>
      </form>
    </Panel>
  );
}

interface PriceInputProps {
  name: 'minPrice' | 'maxPrice';
  label: string;
  /** The address's end of the range, if any. */
  value: number | undefined;
  placeholder: number | undefined;
  /** The id of the range's error message while it shows. */
  errorId: string | undefined;
}

/** One end of the price range: numbers typed as text (no spinner), sent as the form's field, invalid with the range. */
function PriceInput({ name, label, value, placeholder, errorId }: PriceInputProps) {
  return (
    <input
      type="text"
      name={name}
      size={6}
      inputMode="numeric"
      aria-label={label}
      placeholder={placeholder === undefined ? undefined : String(placeholder)}
      defaultValue={value === undefined ? '' : String(value)}
      aria-invalid={errorId !== undefined}
      aria-describedby={errorId}
    />
  );
}
