// The pages' heads, their JSON-LD and the sitemap written from the catalogue in the database (catalogueFeed.ts):
// its categories, products and details in both languages, with the company's own data (content/data) around them.
// Made again once per catalogue version, on the first page or sitemap asked for after it moved.
import { branches, company } from '@site/content';
import type { CatalogueRecords } from '../../catalogue/catalogueFeed.js';
import { arabicSeoSource } from './arabicSource.js';
import { createSeoSite, mapOriginsOf, siteSeoSource, type SeoSite, type SeoSource } from './pages.js';

/** The site's pages over the catalogue's records (the Arabic edition's catalogue from the database, not translated again). */
export function catalogueSeoSite(records: CatalogueRecords): SeoSite {
  const english: SeoSource = {
    ...siteSeoSource(),
    categories: [...records.en.categories],
    products: [...records.en.products],
    productDetails: [...records.en.details],
  };
  const arabic = arabicSeoSource(english, {
    categories: [...records.ar.categories],
    products: [...records.ar.products],
    productDetails: [...records.ar.details],
  });
  return createSeoSite(english, arabic);
}

/** The map embeds' origins (company.json and branches.json: not the catalogue's), for the CSP. */
export const siteMapOrigins = (): string[] => mapOriginsOf(company, branches);
