// The pages' heads, their JSON-LD and the sitemap written from a catalogue's records in memory (catalogueFeed.ts): the
// committed files (tests over a stub database) or a feed a test gives, with the company's own data (content/data)
// around them. Made again once per catalogue version. Over the database the pages read their own rows instead
// (databaseSite.ts).
import { branches, company } from '@site/content';
import type { CatalogueRecords } from '../catalogue/index.js';
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
