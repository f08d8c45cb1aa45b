// The look-up's addresses for codes as a basket or a pasted list holds them (GET /api/catalogue/lookup): the request
// page's lines and the header's basket panel ask the same way.
import { normalizedProductCode } from '@site/content/validation';
import { CATALOGUE_LOOKUP_API_PATH } from './api';
import { LOOKUP_CODES_MAX } from './catalogueApi';

/** A product's key as the server compares codes: only such a key can name a product (codes and ids are [A-Za-z0-9_-]). */
const PRODUCT_KEY = /^[a-z0-9]{1,64}$/;

/** The look-up addresses for `codes`: their keys, each once, LOOKUP_CODES_MAX to a request. */
export function lookupPaths(codes: readonly string[]): string[] {
  const keys = [...new Set(codes.map(normalizedProductCode))].filter((key) => PRODUCT_KEY.test(key));
  const paths: string[] = [];
  for (let start = 0; start < keys.length; start += LOOKUP_CODES_MAX) {
    paths.push(`${CATALOGUE_LOOKUP_API_PATH}?codes=${keys.slice(start, start + LOOKUP_CODES_MAX).join(',')}`);
  }
  return paths;
}
