// The catalogue's API: what a page asks the server for instead of downloading whole-catalogue files. The schemas are
// the routes' own (the server validates requests and answers with them: server/src/catalogue/catalogueRoutes.ts);
// browsers import this module's types only (`import type`), so no zod reaches a bundle. The addresses are in ./api.ts.
import { z } from 'zod';
import { apiProblemsSchema } from './apiProblems';
import {
  productCategorySchema,
  productDetailSchema,
  productSchema,
  productVariantSchema,
  RELATED_KINDS,
  searchResultSchema,
} from '@site/content/schema';
import { COMPARE_ID_MAX, COMPARE_MAX, compareIdsOf } from './compareView';
import { FILTER_ATTRIBUTES, type FilterAttribute } from '@site/content/filter-attributes';
import { BRAND_NAME_MAX, LISTING_BRANDS_MAX, LISTING_PAGE_MAX, LISTING_PRICE_MAX, brandsOf } from './listingView';
import { STOCK_LOCATIONS } from './stockApi';
import { DISPLAY_CURRENCIES } from './displayCurrency';

/** The editions a catalogue answer can be in ('en' when absent). */
export const catalogueLanguageSchema = z.enum(['en', 'ar']).default('en');

/** Products per listing page: the default, and the most a page may ask for. */
export const LISTING_PAGE_SIZE = 24;
export const LISTING_PAGE_SIZE_MAX = 100;
export { LISTING_PAGE_MAX };

/** A whole number given as query text: digits only (no '1e3', ' 2', '0x10'), then range-checked. */
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`));

export const categoriesQuerySchema = z.strictObject({ lang: catalogueLanguageSchema });

export const categoriesResponseSchema = z.strictObject({ categories: z.array(productCategorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const listingParamsSchema = z.strictObject({ categoryId: z.string().min(1).max(100) });

/**
 * ?sort=1–6 (the listing's six orders, 1 by default)&brand=<names, comma-separated>&<filter>=<values, comma-separated>
 * (voltage, cores, size, current, poles, ip, material, standard)&minPrice=…&maxPrice=… (whole AED)&page=1…
 * &pageSize=1–100&lang=en|ar. A brand or a value the category does not have narrows nothing (an old link's).
 */
/** A list of names in one parameter ('ABB,Legrand'): at most LISTING_BRANDS_MAX of BRAND_NAME_MAX characters. */
const nameList = (what: string) =>
  z
    .string()
    .max(LISTING_BRANDS_MAX * (BRAND_NAME_MAX + 1), `${what} may name at most ${LISTING_BRANDS_MAX} values`)
    .default('')
    .transform(brandsOf);

/** Each specification filter's parameter ('ip=IP66,IP67'). */
const attributeParams = Object.fromEntries(
  FILTER_ATTRIBUTES.map((attribute) => [attribute, nameList(attribute)]),
) as Record<FilterAttribute, ReturnType<typeof nameList>>;

/** The filters' parameters, the same on a listing and on the search's results page. */
const filterParams = {
  brand: nameList('brand'),
  ...attributeParams,
  minPrice: wholeNumber('minPrice', 0, LISTING_PRICE_MAX).optional(),
  maxPrice: wholeNumber('maxPrice', 0, LISTING_PRICE_MAX).optional(),
  /** "In stock at": locations, comma-separated ('dubai,muscat'), each once, in STOCK_LOCATIONS' order. */
  stock: z
    .string()
    .max(64, 'stock may name at most the three locations')
    .default('')
    .transform((text) => text.split(',').filter((name) => name !== ''))
    .pipe(z.array(z.enum(STOCK_LOCATIONS, `stock must name locations among ${STOCK_LOCATIONS.join(', ')}`)))
    .transform((named) => STOCK_LOCATIONS.filter((location) => named.includes(location))),
};

export const listingQuerySchema = z.strictObject({
  lang: catalogueLanguageSchema,
  sort: wholeNumber('sort', 1, 6).default(1),
  ...filterParams,
  page: wholeNumber('page', 1, LISTING_PAGE_MAX).default(1),
  pageSize: wholeNumber('pageSize', 1, LISTING_PAGE_SIZE_MAX).default(LISTING_PAGE_SIZE),
});
export type ListingQuery = z.input<typeof listingQuerySchema>;

/** A brand of the category, and how many of its products the view's other filters (the price range) leave. */
export const brandFacetSchema = z.strictObject({ name: z.string(), count: z.number().int().min(0) });
export type BrandFacet = z.infer<typeof brandFacetSchema>;

/** A specification filter of the category: its values (FILTER_ATTRIBUTES' normal spellings), each with its count. */
export const attributeFacetSchema = z.strictObject({
  attribute: z.enum(FILTER_ATTRIBUTES),
  values: z.array(z.strictObject({ value: z.string(), count: z.number().int().min(0) })),
});
export type AttributeFacet = z.infer<typeof attributeFacetSchema>;

/** What the listing's filters offer for the category, each counted under the other filters. */
export const listingFacetsSchema = z.strictObject({
  /** Every brand of the category, by name. */
  brands: z.array(brandFacetSchema),
  /** The specification filters the category's products have values for, in FILTER_ATTRIBUTES' order. */
  attributes: z.array(attributeFacetSchema),
  /** The lowest and highest price among the products of the chosen brands (null: none has a price). */
  price: z.strictObject({ min: z.number().nullable(), max: z.number().nullable() }),
  /**
   * "In stock at": each location with how many of the products under the other filters have a published variant on
   * hand there (docs/stock.md). Absent where the stock is not read.
   */
  stock: z.array(z.strictObject({ location: z.enum(STOCK_LOCATIONS), count: z.number().int().min(0) })).optional(),
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;

/** Filters that offer nothing (no set of products yet). */
export const NO_FACETS: ListingFacets = { brands: [], attributes: [], price: { min: null, max: null } };

/**
 * The answer's prices in the visitor's currency (./displayCurrency.ts), when it is not AED: each AED price the answer
 * holds (its text, String(price)) with its amount converted by the server at the staff-set rate, written with all of the
 * currency's decimals ('1.234' OMR). Indicative: the quotation confirms it. The browser prints them; it never converts.
 */
export const displayPricesSchema = z.strictObject({
  currency: z.enum(DISPLAY_CURRENCIES),
  amounts: z.record(z.string(), z.string().regex(/^\d+\.\d{2,3}$/)),
});
export type DisplayPrices = z.infer<typeof displayPricesSchema>;

export const listingResponseSchema = z.strictObject({
  category: productCategorySchema,
  /** Every product of the view (the category, narrowed by its filters): the spec's 'Showing N results'. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  products: z.array(productSchema),
  /** The brands the view narrows to, of those the category has. */
  brands: z.array(z.string()),
  /** The specification filters' values the view narrows to, of those the category has. */
  attributes: z.partialRecord(z.enum(FILTER_ATTRIBUTES), z.array(z.string())),
  facets: listingFacetsSchema,
  /** The locations the view narrows to ("In stock at"). */
  stock: z.array(z.enum(STOCK_LOCATIONS)).optional(),
  /** Of the page's products, those with a published variant on hand somewhere (the card's "In stock"). */
  inStock: z.array(z.string()).optional(),
  /**
   * Of the page's products, those whose card says 'from': sizes priced differently, or quantity breaks (decision 043).
   * The card's 'from AED 12' is the product's price, or its `fromPrices` where that is lower.
   */
  priceFrom: z.array(z.string()).optional(),
  /**
   * Of those, each whose lowest price is a quantity break's, below its price at 1: that price (the card's 'from AED 11').
   * Sort and the price filter stay on the price at 1.
   */
  fromPrices: z.record(z.string(), z.number().min(0)).optional(),
  /** Its prices (the products' and `fromPrices`') in the visitor's currency, when not AED. */
  display: displayPricesSchema.optional(),
});
export type ListingResponse = z.infer<typeof listingResponseSchema>;

export const productParamsSchema = z.strictObject({ productId: z.string().min(1).max(100) });
export const productQuerySchema = z.strictObject({ lang: catalogueLanguageSchema });

/**
 * A product page's one answer: its detail record, its listing record (code and unit, for the quote basket), and its
 * published variants in order (at least one; docs/decisions/034-orderable-variants.md). Where the variants carry table
 * rows, the detail's productDetailTableData is exactly their rows, in the same order.
 */
/**
 * A related part as the product page shows it ("Fits with", "Alternatives"; docs/decisions/040-related-parts.md): the
 * part the code names (a published variant) with its product, in the answer's language, in the product's order.
 */
export const relatedPartSchema = z.strictObject({
  kind: z.enum(RELATED_KINDS),
  productId: z.string(),
  productCategoryId: z.string(),
  /** Its product's name. */
  name: z.string(),
  image: productSchema.shape.image,
  variant: productVariantSchema,
});
export type RelatedPart = z.infer<typeof relatedPartSchema>;

export const productResponseSchema = z.strictObject({
  product: productDetailSchema,
  listing: productSchema,
  variants: z.array(productVariantSchema).min(1),
  /** Its related parts still in the catalogue (one withdrawn since is left out); absent: none. */
  related: z.array(relatedPartSchema).optional(),
  /** Its prices (the variants' and the related parts') in the visitor's currency, when not AED. */
  display: displayPricesSchema.optional(),
});
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** HTTP status of a withdrawn (archived) product's answer and page: gone, where an unknown id is a 404. */
export const PRODUCT_GONE_STATUS = 410;
/** HTTP status of an archived category's listing and page: gone, where an unknown category is a 404. */
export const CATEGORY_GONE_STATUS = 410;

/**
 * A withdrawn product's answer (410): a sentence, and its name and category in the language asked for, so its page
 * can say it is no longer in the catalogue and lead to its category.
 */
export const productGoneSchema = z.strictObject({
  error: z.string(),
  withdrawn: z.strictObject({
    id: z.string(),
    productName: z.string(),
    categoryId: z.string(),
    categoryName: z.string(),
  }),
});
export type ProductGone = z.infer<typeof productGoneSchema>;

/** The most successors a withdrawn product's look-up names. */
export const SUCCESSORS_MAX = 3;

/** The most products one look-up may name: a basket's lines, or a pasted list, fit. */
export const LOOKUP_CODES_MAX = 200;

/**
 * ?codes=<model codes or ids, normalised (normalizedProductCode: lower case, no spaces or dashes), comma-separated>.
 * A key no product has simply finds nothing; an empty list finds nothing.
 */
export const lookupQuerySchema = z.strictObject({
  lang: catalogueLanguageSchema,
  codes: z
    .string()
    .max(LOOKUP_CODES_MAX * 65, `codes may name at most ${LOOKUP_CODES_MAX} products`)
    .default('')
    .transform((text) => text.split(',').filter((code) => code !== ''))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^[a-z0-9]{1,64}$/,
              'codes must be normalised model codes or ids (lower-case letters and digits), comma-separated',
            ),
        )
        .max(LOOKUP_CODES_MAX, `codes may name at most ${LOOKUP_CODES_MAX} products`),
    ),
});

export const lookupResponseSchema = z.strictObject({
  /** Each product a code names, once, in the order of the codes that name them. */
  products: z.array(productSchema),
  /**
   * The withdrawn (archived) products the codes name: a basket's line of one says it is no longer available. Its
   * successors: the alternatives its related parts named still in the catalogue (a published variant's code and its
   * product's name), offered in its place; absent: none.
   */
  withdrawn: z
    .array(
      z.strictObject({
        id: z.string(),
        code: z.string(),
        productName: z.string(),
        successors: z
          .array(z.strictObject({ code: z.string(), productName: z.string() }))
          .max(SUCCESSORS_MAX)
          .optional(),
      }),
    )
    .optional(),
  /**
   * The codes that named a variant (a product's code names its first published variant), each with its product and
   * the variant: a pasted list's or a basket's line then names the part. A withdrawn variant's code is among `withdrawn`.
   */
  variants: z
    .array(z.strictObject({ key: z.string(), productId: z.string(), variant: productVariantSchema }))
    .optional(),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

/**
 * ?ids=<product ids, comma-separated>&lang=…: the first four named (compareIdsOf), each once; an id no product has is
 * answered as not found, not as an error.
 */
export const compareQuerySchema = z.strictObject({
  lang: catalogueLanguageSchema,
  ids: z
    .string()
    .max(COMPARE_MAX * 50 * (COMPARE_ID_MAX + 1), 'ids names too many products')
    .default('')
    .transform((text) => compareIdsOf(new URLSearchParams({ ids: text }))),
});

/** A variant as a comparison shows it: its code and price (decision 034), without its table row. */
export const compareVariantSchema = productVariantSchema.pick({ code: true, label: true, price: true, unit: true });
export type CompareVariant = z.infer<typeof compareVariantSchema>;

/** One column of a comparison: the product's records and its published variants in order, or the id no product has. */
export const compareItemSchema = z.union([
  z.strictObject({
    id: z.string(),
    found: z.literal(true),
    product: productDetailSchema,
    listing: productSchema,
    variants: z.array(compareVariantSchema).min(1),
  }),
  z.strictObject({ id: z.string(), found: z.literal(false) }),
]);
export type CompareItem = z.infer<typeof compareItemSchema>;

export const compareResponseSchema = z.strictObject({
  products: z.array(compareItemSchema),
  /** Its variants' prices in the visitor's currency, when not AED. */
  display: displayPricesSchema.optional(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/** Results per search page: what the modal draws at first and adds with each 'Show more'. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * ?q=<the visitor's text, any>&offset=0…&limit=1–100&lang=en|ar. Any text is a search: one that cannot match (empty,
 * only spaces, longer than any name) simply finds nothing.
 */
export const searchQuerySchema = z.strictObject({
  lang: catalogueLanguageSchema,
  q: z.string().default(''),
  offset: wholeNumber('offset', 0, 1_000_000).default(0),
  limit: wholeNumber('limit', 1, LISTING_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
  /** '1': the answer brings the filters over every match (the results page's); the listing's filter parameters narrow. */
  facets: z.enum(['1']).optional(),
  ...filterParams,
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResponseSchema = z.strictObject({
  /** Every match: the modal's 'N result(s) found'. */
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  /** One page of matches, best first: the exact code, codes starting with the text, names, the rest. */
  results: z.array(searchResultSchema),
  /** When nothing matched the text as typed, the closest text the catalogue's words make: these results are its. */
  suggestion: z.string().optional(),
  /** The phrases looked for, folded (foldSearchText): what the page marks in the titles it shows, as text. */
  highlight: z.array(z.string()),
  /** With facets=1: the brands and specification values the view narrows to, and what the filters offer over every match. */
  brands: z.array(z.string()).optional(),
  attributes: z.partialRecord(z.enum(FILTER_ATTRIBUTES), z.array(z.string())).optional(),
  facets: z.lazy(() => listingFacetsSchema).optional(),
  /** With facets=1: the locations the view narrows to ("In stock at"). */
  stock: z.array(z.enum(STOCK_LOCATIONS)).optional(),
  /** Of the page's results, the products with a published variant on hand somewhere (the card's "In stock"). */
  inStock: z.array(z.string()).optional(),
  /**
   * With facets=1 (the results page's cards): each result's lowest price a buyer can get, at 1 or a quantity break (a
   * result without one is on request), and those whose card says 'from' (sizes priced differently, or breaks).
   */
  prices: z.record(z.string(), z.number().min(0)).optional(),
  priceFrom: z.array(z.string()).optional(),
  /** Its `prices` in the visitor's currency, when not AED. */
  display: displayPricesSchema.optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Every error answer of the catalogue's API: a sentence a person can read. */
export const catalogueErrorSchema = z.strictObject({ error: z.string(), problems: apiProblemsSchema });
