// The listing's filters as the page's first chunk knows them: where they stand, and their chunk (FiltersPanel.tsx)
// asked for once. The server awaits the chunk before it draws the page (loadFirstView), so the listing's HTML has the
// filters' form; the browser keeps that HTML, a form that works without scripts, and hydrates it when the chunk has
// come after the page's start (the Suspense boundary below), without drawing it twice.
import { createElement, memo, Suspense, use } from 'react';
import { afterPageStart } from '../../common/afterStart';
import type * as PanelChunk from './FiltersPanel';
import type { FiltersPanelProps } from './FiltersPanel';
import { LISTING_VIEW_FORM_ID } from './FilteredLayout';

let loaded: typeof PanelChunk | undefined;
let loading: Promise<typeof PanelChunk> | undefined;

/**
 * Loads the panel's chunk once: in the browser after the page's start where the server drew the form (at once on a
 * page drawn in the browser, and on the server); resolves when the panel can be drawn.
 */
export function loadFiltersPanel(): Promise<typeof PanelChunk> {
  loading ??= afterPageStart(LISTING_VIEW_FORM_ID)
    .then(() => import(/* webpackChunkName: "listing-filters" */ './FiltersPanel'))
    .then((panel) => (loaded = panel));
  return loading;
}

/** The panel, the chunk's own export whatever the chunk's state (one component type: nothing typed is lost as it comes). */
const Drawn = (props: FiltersPanelProps) => createElement((loaded ?? use(loadFiltersPanel())).default, props);

/**
 * The filters: the server's HTML until the chunk has come, then the panel. Memoised, its props kept by the page
 * (ProductListingPage.tsx): an update reaching the boundary before the chunk has come would make React drop the
 * server's form and draw nothing until it came.
 */
export const ListingFilters = memo(function ListingFilters(props: FiltersPanelProps) {
  return (
    <Suspense fallback={null}>
      <Drawn {...props} />
    </Suspense>
  );
});
