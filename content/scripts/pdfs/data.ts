// The data the PDFs are made from, read from content/data and validated by the schema.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  branchesSchema,
  companySchema,
  productCategoriesSchema,
  productDetailsSchema,
  productsSchema,
} from '../../src/schema';
import type { Branch, CompanyInfo, Product, ProductCategory, ProductDetail } from '../../src/types';

export const CONTENT_DIR = resolve(__dirname, '..', '..');

export interface CatalogueData {
  company: CompanyInfo;
  branches: Branch[];
  categories: ProductCategory[];
  products: Product[];
  details: ProductDetail[];
}

/** Reads and validates the data files the PDFs are made from. */
export function loadCatalogueData(contentDir: string = CONTENT_DIR): CatalogueData {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(contentDir, 'data', file), 'utf8')) as unknown;
  return {
    company: companySchema.parse(read('company.json')),
    branches: branchesSchema.parse(read('branches.json')),
    categories: productCategoriesSchema.parse(read('products-category.json')),
    products: productsSchema.parse(read('products.json')),
    details: productDetailsSchema.parse(read('product-details.json')),
  };
}
