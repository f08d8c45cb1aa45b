import type { Product } from '@site/content';
import type { RatingSummary } from '@site/content/reviews';
import type { MessageId } from '../i18n/text';

/** The sort dropdown of the listing (spec: six options, values 1-6, default 1), with its labels' message ids. */
export const SORT_OPTIONS = [
  { value: 1, labelId: 'catalogue.listing.sort.default' },
  { value: 2, labelId: 'catalogue.listing.sort.popularity' },
  { value: 3, labelId: 'catalogue.listing.sort.rating' },
  { value: 4, labelId: 'catalogue.listing.sort.newness' },
  { value: 5, labelId: 'catalogue.listing.sort.priceAscending' },
  { value: 6, labelId: 'catalogue.listing.sort.priceDescending' },
] as const satisfies readonly { value: number; labelId: MessageId }[];

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SORT: SortValue = 1;

export const SORT_BY_RATING: SortValue = 3;

export const isSortValue = (value: number): value is SortValue => SORT_OPTIONS.some((option) => option.value === value);

type Compare = (a: Product, b: Product) => number;

/** Average rating first (more reviews first on a tie); products without reviews last. */
const byRating =
  (ratings: Readonly<Record<string, RatingSummary>>): Compare =>
  (a, b) => {
    const ra = ratings[a.id];
    const rb = ratings[b.id];
    if (!ra || !rb) return (ra ? 0 : 1) - (rb ? 0 : 1);
    return rb.average - ra.average || rb.count - ra.count;
  };

/** By price in one direction; products without a price always last. */
const byPrice =
  (direction: 1 | -1): Compare =>
  (a, b) => {
    if (a.price === undefined || b.price === undefined) return (a.price === undefined ? 1 : 0) - (b.price === undefined ? 1 : 0);
    return (a.price - b.price) * direction;
  };

const COMPARE: Record<Exclude<SortValue, 1>, (ratings: Readonly<Record<string, RatingSummary>>) => Compare> = {
  2: () => (a, b) => b.popularity - a.popularity,
  3: byRating,
  4: () => (a, b) => (a.dateAdded < b.dateAdded ? 1 : a.dateAdded > b.dateAdded ? -1 : 0),
  5: () => byPrice(1),
  6: () => byPrice(-1),
};

/**
 * The listing in the chosen order, as a new array. Default Sorting keeps the catalogue order, and every
 * other order keeps it among equals (the sort is stable). `ratings` (by product id) feeds 'average rating'.
 */
export function sortProducts(products: readonly Product[], sort: SortValue, ratings: Readonly<Record<string, RatingSummary>> = {}): Product[] {
  if (sort === 1) return [...products];
  return [...products].sort(COMPARE[sort](ratings));
}
