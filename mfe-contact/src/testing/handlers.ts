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
import { STOCK_API, type LocationAvailability } from '@site/contracts/stock-api';

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

/** A variant as the tests' catalogue has it: its code, its labels, and whether it is published. */
interface TestVariant {
  productId: string;
  code: string;
  label: { en: string; ar: string };
  published: boolean;
  /** Sold in packs of this many, as the site's data has the gland's sizes. */
  packQuantity?: number;
}

/** The CW gland's sizes (docs/decisions/034-orderable-variants.md): its code names the first; Size 40 is withdrawn. */
export const CW_GLAND_ID = 'hex_cw_brass_cable_gland';
const size = (code: string, en: string, ar: string, packQuantity: number, published = true): TestVariant => ({
  productId: CW_GLAND_ID,
  code,
  label: { en, ar },
  published,
  packQuantity,
});
export const CW_GLAND_VARIANTS: TestVariant[] = [
  size('HEX-CW-20S', 'Size 20S (M20)', 'المقاس 20S (M20)', 10),
  size('HEX-CW-20', 'Size 20 (M20)', 'المقاس 20 (M20)', 10),
  size('HEX-CW-25', 'Size 25 (M25)', 'المقاس 25 (M25)', 10),
  size('HEX-CW-32', 'Size 32 (M32)', 'المقاس 32 (M32)', 5),
  size('HEX-CW-40', 'Size 40 (M40)', 'المقاس 40 (M40)', 5, false),
];

/** Every product's variants: the gland's sizes, and for any other product one, with the product's code and no label. */
const variantsOf = (product: Product): TestVariant[] =>
  product.id === CW_GLAND_ID
    ? CW_GLAND_VARIANTS
    : [{ productId: product.id, code: product.code, label: { en: '', ar: '' }, published: true }];

/**
 * GET /api/catalogue/lookup over the site's products in both languages, as the server answers it
 * (server/src/catalogue/productLookup.ts): the products whose normalised code, id or variant code the comma-separated
 * keys name, each once, in the order asked; the variants whose codes the keys name (a product's code is its first
 * variant's); the withdrawn variants named, among `withdrawn`.
 */
/** The stock the tests' server answers, by code key (normalizedProductCode); empty unless a test sets some. */
export const TEST_STOCK = new Map<string, LocationAvailability[]>();

export const productHandlers = [
  http.get(CATALOGUE_LOOKUP_API_PATH, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const locale = query.get('lang') === 'ar' ? 'ar' : 'en';
    const products = locale === 'ar' ? ARABIC_PRODUCTS : ENGLISH_PRODUCTS;
    const found = new Map<string, Product>();
    const answer: Required<LookupResponse> = { products: [], variants: [], withdrawn: [] };
    for (const key of (query.get('codes') ?? '').split(',')) {
      for (const product of products) {
        const variants = variantsOf(product);
        // a product's id names the product; a code names a variant (the product's code, its first)
        if (normalizedProductCode(product.id) === key) found.set(product.id, product);
        const named = variants.find((variant) => normalizedProductCode(variant.code) === key);
        if (named === undefined) continue;
        if (!named.published) {
          answer.withdrawn.push({ id: product.id, code: named.code, productName: product.productName });
          continue;
        }
        found.set(product.id, product);
        const variant = {
          code: named.code,
          label: named.label[locale],
          unit: product.unit,
          ...(named.packQuantity === undefined ? {} : { packQuantity: named.packQuantity }),
        };
        answer.variants.push({ key, productId: product.id, variant });
      }
    }
    answer.products = [...found.values()];
    const { variants, withdrawn, ...rest } = answer;
    // as the server: an empty list is left out
    return HttpResponse.json({
      ...rest,
      ...(variants.length > 0 ? { variants } : {}),
      ...(withdrawn.length > 0 ? { withdrawn } : {}),
    });
  }),
  // the stock, as GET /api/stock/availability answers: TEST_STOCK's figures; a code not in it, never named by the ERP
  http.get(STOCK_API.availability, ({ request }) => {
    const codes = (new URL(request.url).searchParams.get('codes') ?? '').split(',');
    return HttpResponse.json({
      availability: codes.map((code) => ({ code, locations: TEST_STOCK.get(normalizedProductCode(code)) ?? [] })),
    });
  }),
];
