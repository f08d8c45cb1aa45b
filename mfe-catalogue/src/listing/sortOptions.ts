import { LISTING_SORTS, type ListingSortValue } from '@site/contracts/listing-view';
import type { MessageId } from '../i18n/text';

/** The sort dropdown of the listing (spec: six options, values 1-6, default 1), with its labels' message ids. */
export const SORT_OPTIONS = [
  { value: 1, labelId: 'catalogue.listing.sort.default' },
  { value: 2, labelId: 'catalogue.listing.sort.popularity' },
  { value: 3, labelId: 'catalogue.listing.sort.rating' },
  { value: 4, labelId: 'catalogue.listing.sort.newness' },
  { value: 5, labelId: 'catalogue.listing.sort.priceAscending' },
  { value: 6, labelId: 'catalogue.listing.sort.priceDescending' },
] as const satisfies readonly { value: ListingSortValue; labelId: MessageId }[];

export const SORT_BY_RATING: ListingSortValue = 3;

export const isSortValue = (value: number): value is ListingSortValue =>
  (LISTING_SORTS as readonly number[]).includes(value);
