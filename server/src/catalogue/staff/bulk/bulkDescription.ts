// What a bulk edit does, in words: the job's name on its page and in the list of jobs, the note of each version it
// makes, and its audit line ("Bulk edit of 200 products: price +5 %").
import type { BulkChanges } from '@site/contracts/staff-catalogue-api';
import { priceChangeWords } from './bulkPrices.js';
import type { ChosenRows } from './bulkSelection.js';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function bulkDescription(chosen: ChosenRows, changes: BulkChanges): string {
  const what = [
    changes.price === undefined ? null : `price ${priceChangeWords(changes.price)}`,
    changes.packQuantity === undefined
      ? null
      : changes.packQuantity.trim() === ''
        ? 'no pack quantity'
        : `pack quantity ${changes.packQuantity.trim()}`,
    changes.categoryId === undefined ? null : `category ${changes.categoryId}`,
    changes.brand === undefined ? null : changes.brand.trim() === '' ? 'no brand' : `brand "${changes.brand.trim()}"`,
    changes.published === undefined ? null : changes.published ? 'published' : 'withdrawn',
  ].filter((item) => item !== null);
  const of =
    chosen.codes === null
      ? plural(chosen.products.length, 'product', 'products')
      : `${plural(chosen.codes.length, 'size', 'sizes')} of ${plural(chosen.products.length, 'product', 'products')}`;
  return `Bulk edit of ${of}: ${what.join(', ')}`;
}
