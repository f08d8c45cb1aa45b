// The pages every benchmark measures: /home, the category list, one listing and one real product page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../tests/support/site-server';

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
}

export function lighthousePages(): BenchPage[] {
  return [
    { label: '/home', path: '/home' },
    { label: '/our-products', path: '/our-products' },
    { label: `listing (${LISTING_CATEGORY})`, path: `/our-products/${LISTING_CATEGORY}` },
    { label: 'product page', path: productPagePath() },
  ];
}

export function downloadPages(): BenchPage[] {
  return [
    { label: '/home', path: '/home' },
    { label: 'product page', path: productPagePath() },
  ];
}
