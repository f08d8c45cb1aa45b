// What the contact remote's tests serve (with MSW, see tools/jest/msw.ts): the branches and products of the Arabic edition, as the
// server makes them: the English records with their prose replaced from the dictionary content/translations/ar/branches.json.
import { http, HttpResponse } from 'msw';
import type { Branch, Product } from '@site/content';
import englishBranches from '@site/content/data/branches.json';
import arabicTexts from '@site/content/translations/ar/branches.json';
import englishProducts from '@site/content/data/products.json';
import arabicProductTexts from '@site/content/translations/ar/products.json';
import { localizedDataPath } from '@site/contracts/locale';
import { BRANCHES_PATH } from '../contact/branchesSlice';
import { PRODUCTS_PATH } from '../quote-request/quoteProductsSlice';

const PROSE_FIELDS = ['name', 'label', 'address', 'mapTitle'] as const;
const dictionary = arabicTexts as Record<string, string>;

/** /data/ar/branches.json. */
export const ARABIC_BRANCHES: Branch[] = (englishBranches as Branch[]).map((branch) => ({
  ...branch,
  ...Object.fromEntries(PROSE_FIELDS.map((field) => [field, dictionary[branch[field]] ?? branch[field]])),
}));

export const ARABIC_BRANCHES_PATH = localizedDataPath('ar', BRANCHES_PATH);

export const contactHandlers = [http.get(ARABIC_BRANCHES_PATH, () => HttpResponse.json(ARABIC_BRANCHES))];

/** /data/products.json, and the Arabic edition's (/data/ar/products.json: the names translated, as the server makes it). */
export const ENGLISH_PRODUCTS = englishProducts as Product[];
const productDictionary = arabicProductTexts as Record<string, string>;
export const ARABIC_PRODUCTS: Product[] = ENGLISH_PRODUCTS.map((product) => ({
  ...product,
  productName: productDictionary[product.productName] ?? product.productName,
  productCategory: productDictionary[product.productCategory] ?? product.productCategory,
}));

export const productHandlers = [
  http.get(PRODUCTS_PATH, () => HttpResponse.json(ENGLISH_PRODUCTS)),
  http.get(localizedDataPath('ar', PRODUCTS_PATH), () => HttpResponse.json(ARABIC_PRODUCTS)),
];
