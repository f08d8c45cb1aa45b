// The Arabic edition of the data the pages' heads are written from: the English records with their prose
// replaced from each data file's dictionary (content/translations/ar/<file>.json, English text → Arabic text) by the function
// that writes /data/ar/*.json for the browser (content/src/arabic), so the head says what the Arabic page shows. Ids,
// addresses on the web, numbers, phone numbers, brand names and technical values stay as they are. Any source is
// translated (tests pass changed data), not only the site's files.
import { translateData } from '@site/content/arabic';
import { arabicDictionary, type DataFileName } from '@site/content/arabic-edition';
import type { SeoSource } from './types.js';

/** Each part of the source and the dictionary of the data file it comes from. */
const FILES: Readonly<Record<keyof SeoSource, DataFileName>> = {
  company: 'company.json',
  branches: 'branches.json',
  categories: 'products-category.json',
  products: 'products.json',
  productDetails: 'product-details.json',
  certificates: 'certificates.json',
  home: 'home.json',
  projects: 'projects.json',
};

/** The catalogue's part of a source, which the database holds in Arabic too (catalogue_*.title_ar, name_ar, details_ar). */
export type SeoCatalogue = Pick<SeoSource, 'categories' | 'products' | 'productDetails'>;

/**
 * `source` in Arabic: every translatable string its file's dictionary has, replaced (the others stay as they are);
 * the catalogue's part is `catalogue` when given (the database's Arabic records), not translated again.
 */
export function arabicSeoSource(source: SeoSource, catalogue?: SeoCatalogue): SeoSource {
  const arabic = <K extends keyof SeoSource>(part: K): SeoSource[K] =>
    translateData(source[part], arabicDictionary(FILES[part]));
  return {
    company: arabic('company'),
    branches: arabic('branches'),
    categories: catalogue?.categories ?? arabic('categories'),
    products: catalogue?.products ?? arabic('products'),
    productDetails: catalogue?.productDetails ?? arabic('productDetails'),
    certificates: arabic('certificates'),
    home: arabic('home'),
    projects: arabic('projects'),
  };
}
