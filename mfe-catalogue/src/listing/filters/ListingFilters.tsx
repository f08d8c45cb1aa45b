import { lazy, Suspense, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { APP_ROOT_ELEMENT_ID } from '@site/contracts/dom-ids';
import { Button, CloseIcon, Drawer, IconButton, useMediaQuery } from '@site/shared-ui';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { ListingFilters as Filters } from '@site/contracts/listing-view';
import { afterPageStart } from '../../common/afterStart';
import type { FiltersPanelProps } from './FiltersPanel';
import { useText } from '../../i18n/useText';

/** Below this width the filters open in a sheet from a button; above it they stand beside the products. */
export const FILTERS_SHEET_BELOW_PX = 900;

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

let panelChunk: Promise<typeof import('./FiltersPanel')> | undefined;

/**
 * The panel's chunk, asked for once: after the page has started where the server drew it (at once on a page drawn in
 * the browser), since the panel is drawn in the browser only and none of the scripts the page waits for needs it.
 */
const loadPanel = () => (panelChunk ??= afterPageStart(APP_ROOT_ELEMENT_ID).then(() => import(/* webpackChunkName: "listing-filters" */ './FiltersPanel')));

const LazyPanel = lazy(loadPanel);

/** The panel once its chunk has come (nothing before: its place is kept by the layout's column or the sheet). */
function FiltersPanel(props: FiltersPanelProps) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
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
  // on a phone too, so that the sheet opens with its filters drawn, not waiting for them
  useEffect(() => {
    void loadPanel();
  }, []);
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
