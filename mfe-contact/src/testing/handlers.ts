// What the contact remote's tests serve (with MSW, see tools/jest/msw.ts): the branches of the Arabic edition and the catalogue's look-up, as the
// server makes them: the English records with their prose replaced from the dictionary content/translations/ar/branches.json.
import { http, HttpResponse } from 'msw';
import type { Branch, Product } from '@site/content';
import englishBranches from '@site/content/data/branches.json';
import arabicTexts from '@site/content/translations/ar/branches.json';
import englishProducts from '@site/content/data/products.json';
import arabicProductTexts from '@site/content/translations/ar/products.json';
import { localizedDataPath } from '@site/contracts/locale';
import { BRANCHES_PATH } from '../contact/branchesSlice';
import { normalizedProductCode } from '@site/content/validation';
import { CATALOGUE_LOOKUP_API_PATH } from '@site/contracts/api';
import type { LookupResponse } from '@site/contracts/catalogue-api';

const PROSE_FIELDS = ['name', 'label', 'address', 'mapTitle'] as const;
const dictionary = arabicTexts as Record<string, string>;

/** /data/ar/branches.json. */
export const ARABIC_BRANCHES: Branch[] = (englishBranches as Branch[]).map((branch) => ({
  ...branch,
  ...Object.fromEntries(PROSE_FIELDS.map((field) => [field, dictionary[branch[field]] ?? branch[field]])),
}));

export const ARABIC_BRANCHES_PATH = localizedDataPath('ar', BRANCHES_PATH);

export const contactHandlers = [http.get(ARABIC_BRANCHES_PATH, () => HttpResponse.json(ARABIC_BRANCHES))];

/** The site's products, and their Arabic edition (the names translated, as the server makes it). */
export const ENGLISH_PRODUCTS = englishProducts as Product[];
const productDictionary = arabicProductTexts as Record<string, string>;
export const ARABIC_PRODUCTS: Product[] = ENGLISH_PRODUCTS.map((product) => ({
  ...product,
  productName: productDictionary[product.productName] ?? product.productName,
  productCategory: productDictionary[product.productCategory] ?? product.productCategory,
}));

/**
 * GET /api/catalogue/lookup over the site's products in both languages, as the server answers it
 * (server/src/catalogue/productLookup.ts): the products whose normalised code or id the comma-separated keys name, each
 * once, in the order asked.
 */
export const productHandlers = [
  http.get(CATALOGUE_LOOKUP_API_PATH, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const products = query.get('lang') === 'ar' ? ARABIC_PRODUCTS : ENGLISH_PRODUCTS;
    const found = new Map<string, Product>();
    for (const key of (query.get('codes') ?? '').split(',')) {
      const product = products.find((candidate) => [candidate.id, candidate.code].some((code) => normalizedProductCode(code) === key));
      if (product !== undefined) found.set(product.id, product);
    }
    const answer: LookupResponse = { products: [...found.values()] };
    return HttpResponse.json(answer);
  }),
];
