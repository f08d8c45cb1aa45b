// The pages every benchmark measures: /home, the category list, one listing and one real product page, and the Arabic
// twins of /home and the product page (the same bars).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localizedPath } from '@site/contracts/locale';
import { REPO_ROOT } from '../../../tests/support/site-server';
import { arabicFor } from '../../../tests/support/ui-strings';
import type { DownloadOptions } from '../../../tests/support/visitor-downloads';

export const LISTING_CATEGORY = 'industrial_cable_glands';

/** The first product of the listing's category in content/data/products.json (so the URL is always real). */
export function productPagePath(): string {
  const products = JSON.parse(readFileSync(path.join(REPO_ROOT, 'content', 'data', 'products.json'), 'utf8')) as {
    id: string;
    productCategoryId: string;
  }[];
  const product = products.find((item) => item.productCategoryId === LISTING_CATEGORY);
  if (!product) throw new Error(`No product in category ${LISTING_CATEGORY} in content/data/products.json`);
  return `/our-products/${LISTING_CATEGORY}/${product.id}`;
}

export interface BenchPage {
  label: string;
  path: string;
  /** The English page this one is the Arabic twin of: its figures are compared with that page's. */
  englishTwin?: string;
}

/** The Arabic edition's address of a page (the same paths under /ar). */
const arabic = (path: string) => localizedPath('ar', path);

export function lighthousePages(): BenchPage[] {
  return [
    { label: '/home', path: '/home' },
    { label: '/our-products', path: '/our-products' },
    { label: `listing (${LISTING_CATEGORY})`, path: `/our-products/${LISTING_CATEGORY}` },
    { label: 'product page', path: productPagePath() },
    { label: '/ar/home', path: arabic('/home'), englishTwin: '/home' },
    { label: 'Arabic product page', path: arabic(productPagePath()), englishTwin: 'product page' },
  ];
}

export function downloadPages(): BenchPage[] {
  return [
    { label: '/home', path: '/home' },
    { label: 'product page', path: productPagePath() },
    { label: '/ar/home', path: arabic('/home'), englishTwin: '/home' },
    { label: 'Arabic product page', path: arabic(productPagePath()), englishTwin: 'product page' },
  ];
}

/** How to measure a page's downloads: an Arabic page's chat panel has its Arabic name (what visitorDownloads waits for). */
export function downloadOptions(page: BenchPage): DownloadOptions {
  return page.englishTwin ? { chatName: arabicFor('Crescent Assistant') } : {};
}
