// The catalogue's reads: the category grid, one page of a category in one of the listing's six orders with its total,
// one product's detail, and the whole catalogue a page at a time for /data/*.json. Every answer is a record of
// content/src/types.ts in the language asked for (records.ts), so the pages render what they always rendered.
import type { Product, ProductCategory, ProductDetail, ProductVariant } from '@site/content';
import type { RatingSummary } from '@site/contracts/reviews-api';
import { foldSearchText } from '@site/content/search-text';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFilters } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import type { StockLocation } from '@site/contracts/stock-api';
import { SEARCH_TEXT_MAX } from '@site/contracts/search-view';
import { normalizedProductCode } from '@site/content/validation';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { searchCatalogue, type SearchOptions, type SearchPage, type SearchQuery } from './catalogueSearch.js';
import { askedCondition, narrowedView, PRODUCT_FACET_ROWS, type NarrowedView } from './listingFilters.js';
import { productsOnHandOf, type ProductStock } from './productStock.js';
import { readCatalogueVersion } from './state.js';
import { VersionedMemo } from './versionedCache.js';
import {
  categoryRecord,
  productDetailRecord,
  productRecord,
  type CategoryRow,
  type ProductRow,
  type ProductWithDetails,
} from './records.js';
import {
  cardPricesOf,
  publishedVariants,
  publishedVariantsOfProducts,
  labelTableOf,
  variantRecord,
  variantsWithKeys,
  type VariantRow,
} from './variants/variantRecords.js';
import { relatedLinksOf, relatedParts, relatedPartsByProduct } from './related/relatedParts.js';
import { SUCCESSORS_MAX, type LookupResponse, type RelatedPart } from '@site/contracts/catalogue-api';

/**
 * Of the products `rows`, those whose lowest price (`lowest`: with its breaks) is below the row's price at 1: that price.
 * The row's price is its lowest published price at 1, so only a break can be below it.
 */
function breakPricesBelow(rows: readonly ProductRow[], lowest: ReadonlyMap<string, number>): Record<string, number> {
  const below: Record<string, number> = {};
  for (const row of rows) {
    const price = lowest.get(row.id);
    if (price !== undefined && row.price !== null && price < Number(row.price)) below[row.id] = price;
  }
  return below;
}

/** The listing's orders (spec: six options, values 1–6): catalogue order, popularity, rating, newness, price up, price down. */
export const LISTING_SORTS = [1, 2, 3, 4, 5, 6] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** A withdrawn product, as its 410 page and answer name it. */
export interface WithdrawnProduct {
  id: string;
  code: string;
  productName: string;
  categoryId: string;
  categoryName: string;
}

/** A withdrawn product a look-up named, and what is offered in its place (the look-up's contract). */
export type WithdrawnNamed = NonNullable<LookupResponse['withdrawn']>[number];

export interface ListingQuery {
  categoryId: string;
  sort: ListingSort;
  /** The brands, specification values and price range the view narrows to (none: the whole category). */
  filters?: ListingFilters;
  /** Products skipped (page × page size). */
  offset: number;
  limit: number;
  locale: Locale;
}

export interface ListingPage {
  category: ProductCategory;
  /** Every product of the view ('Showing N results'). */
  total: number;
  products: Product[];
  /** The brands the view narrows to, of those the category has (an unknown one narrows nothing). */
  brands: string[];
  /** The specification filters' values the view narrows to, of those the category has. */
  attributes: Partial<Record<FilterAttribute, string[]>>;
  facets: ListingFacets;
  /** The locations the view narrows to ("In stock at"), when the stock is read. */
  stock?: StockLocation[];
  /** Of the page's products, those on hand somewhere (the cards' badge), when the stock is read. */
  inStock?: string[];
  /**
   * Of the page's products, those whose card says 'from': sizes priced differently, or quantity breaks (the cards'
   * 'from AED 12'; variantRecords.ts cardPricesOf).
   */
  priceFrom: string[];
  /**
   * Of those, each whose lowest price is a quantity break's, below its price at 1 (the product's `price`): that price,
   * the card's 'from AED 11' (absent: none on the page). Sort and the price filter stay on the price at 1.
   */
  fromPrices?: Record<string, number>;
}

/** A product page's records: the detail and the listing record of one product, its category's, and its published variants. */
export interface ProductRecords {
  detail: ProductDetail;
  listing: Product;
  category: ProductCategory;
  variants: ProductVariant[];
  /** Its related parts still in the catalogue (related/relatedParts.ts), in its order. */
  related: RelatedPart[];
}

/** A category page's head: the category, the products of its listing's first page (catalogue order) and how many it has. */
export interface CategoryFirstPage {
  category: ProductCategory;
  products: Product[];
  total: number;
}

/** The variants a look-up's codes name: the published ones with their product, the unpublished ones as withdrawn. */
export interface NamedVariants {
  named: { key: string; productId: string; variant: ProductVariant }[];
  withdrawn: { id: string; code: string; productName: string }[];
}

/** A product as the sitemap lists it. */
/** Some of the catalogue's records in one language: every category, and the products read with their details. */
export interface CatalogueSample {
  categories: ProductCategory[];
  products: Product[];
  details: ProductDetail[];
}

export type ProductEntry = Pick<Product, 'id' | 'productCategoryId' | 'dateAdded'>;

/** How many products there are, and their newest date added, of all and by category. */
export interface ProductDates {
  count: number;
  newest: { all: string | undefined; byCategory: ReadonlyMap<string, string | undefined> };
}

/**
 * The search modal's text as the database compares it: without control characters (NUL cannot reach PostgreSQL) and
 * lone surrogates, trimmed, folded (foldSearchText); undefined when nothing is left or it is too long to match anything (longer than SEARCH_TEXT_MAX: than any name).
 */
export function searchNeedle(text: string): string | undefined {
  const cleaned = text
    .replace(/[\p{Cc}]/gu, ' ')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  return cleaned === '' || cleaned.length > SEARCH_TEXT_MAX ? undefined : foldSearchText(cleaned);
}

/** Every reviewed product's rating by id, for 'Sort by average rating' (the review store's summaries: seed and stored reviews). */
export type RatingsOf = () => Promise<Readonly<Record<string, RatingSummary>>>;

const CATEGORY_COLUMNS = ['id', 'position', 'title', 'title_ar', 'info', 'info_ar', 'image', 'company'] as const;

type ProductsQuery = SelectQueryBuilder<DatabaseSchema, 'catalogue_products', object>;

/** The listing columns, with the date as 'YYYY-MM-DD' and the price as numeric text (records.ts ProductRow). */
function selectProductRow(query: ProductsQuery) {
  return query.select([
    'id',
    'category_id',
    'position',
    'name',
    'name_ar',
    'code',
    'image',
    'company',
    'popularity',
    sql<string>`to_char(date_added, 'YYYY-MM-DD')`.as('date_added'),
    'unit',
    sql<string | null>`price::text`.as('price'),
  ]);
}

/**
 * The SQL orders of the listing; 3 (rating) is read in two parts (byRatingPage), from the review store's summaries. Columns are
 * qualified: an ORDER BY name means the output column first, and price and date_added are selected as text.
 */
function ordered(query: ReturnType<typeof selectProductRow>, sort: Exclude<ListingSort, 3>) {
  switch (sort) {
    case 1:
      return query.orderBy('position').orderBy('id');
    case 2:
      return query.orderBy('popularity', 'desc').orderBy('position').orderBy('id');
    case 4:
      return query.orderBy('catalogue_products.date_added', 'desc').orderBy('position').orderBy('id');
    case 5:
      return query.orderBy(sql`catalogue_products.price asc nulls last`).orderBy('position').orderBy('id');
    case 6:
      return query.orderBy(sql`catalogue_products.price desc nulls last`).orderBy('position').orderBy('id');
  }
}

/** Average rating first (more reviews first on a tie), unrated last; stable, so catalogue order among equals. */
function byRating(rows: ProductRow[], ratings: Readonly<Record<string, RatingSummary>>): ProductRow[] {
  return [...rows].sort((a, b) => {
    const ra = ratings[a.id];
    const rb = ratings[b.id];
    if (!ra || !rb) return (ra ? 0 : 1) - (rb ? 0 : 1);
    return rb.average - ra.average || rb.count - ra.count;
  });
}

/** A column's letters and digits, lower-cased: the expression migration 013 indexes code and id by. */
export const LETTERS_OF = (column: 'code' | 'id') =>
  sql`regexp_replace(lower(${sql.ref(`catalogue_products.${column}`)}), '[^a-z0-9]+', '', 'g')`;

/** How many filter counts and search pages a process keeps per catalogue version (a few KB each). */
export const CATALOGUE_MEMO_LIMIT = 1000;

export interface CatalogueStoreOptions {
  /**
   * The catalogue's version as this process follows it (changes.ts): given, a listing's filter counts and a search's
   * pages are kept until it moves (a category's sorts and pages share one counting); without it, read every time.
   */
  version?: () => number;
  /** How a broad text's matches are kept (catalogueSearch.ts: tests make a small catalogue's text broad). */
  search?: SearchOptions;
  /**
   * The stock (productStock.ts): given, listings and searches count "In stock at", narrow by it and name the page's
   * products on hand; their kept answers then follow the stock's version as well as the catalogue's.
   */
  stock?: ProductStock;
}

/**
 * The version a kept listing count or search page is made for: the catalogue's, and the stock's when it is read (a
 * feed makes them again; the product pages' HTML and the /data files, keyed by the catalogue's alone, stay). Negative
 * when either is not known: nothing is kept.
 */
function viewVersion(catalogue: () => number, stock: ProductStock | undefined): () => number | string {
  if (stock === undefined) return catalogue;
  return () => {
    const [ofCatalogue, ofStock] = [catalogue(), stock.version()];
    return ofCatalogue < 0 || ofStock < 0 ? -1 : `${ofCatalogue}:${ofStock}`;
  };
}

export class CatalogueStore {
  private readonly views: VersionedMemo<NarrowedView> | undefined;
  private readonly searches: VersionedMemo<SearchPage> | undefined;
  private readonly searchOptions: SearchOptions;
  private readonly stock: ProductStock | undefined;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly ratingsOf: RatingsOf = async () => ({}),
    options: CatalogueStoreOptions = {},
  ) {
    const { version } = options;
    this.stock = options.stock;
    this.searchOptions = { ...options.search, ...(options.stock === undefined ? {} : { stock: options.stock }) };
    this.views =
      version === undefined ? undefined : new VersionedMemo(viewVersion(version, this.stock), CATALOGUE_MEMO_LIMIT);
    this.searches =
      version === undefined ? undefined : new VersionedMemo(viewVersion(version, this.stock), CATALOGUE_MEMO_LIMIT);
  }

  // the public site's categories are the live ones (migration 024): a draft or an archived one is nowhere public
  private async categoryRow(id: string): Promise<CategoryRow | undefined> {
    return this.db
      .selectFrom('catalogue_categories')
      .select(CATEGORY_COLUMNS)
      .where('id', '=', id)
      .where('state', '=', 'live')
      .executeTakeFirst();
  }

  private async categoryRows(): Promise<CategoryRow[]> {
    return this.db
      .selectFrom('catalogue_categories')
      .select(CATEGORY_COLUMNS)
      .where('state', '=', 'live')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Whether `id` names an archived category: its page and listing answer 410 (gone), not 404. */
  async archivedCategory(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('catalogue_categories')
      .select('id')
      .where('id', '=', id)
      .where('state', '=', 'archived')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * One page of the view by rating: the view's reviewed products (few: only they have a rating) sorted by it, then the
   * rest in catalogue order, read a page at a time like the other orders rather than the whole category.
   */
  private async byRatingPage(inView: ProductsQuery, offset: number, limit: number): Promise<ProductRow[]> {
    const ratings = await this.ratingsOf();
    const reviewedIds = Object.keys(ratings);
    const reviewed =
      reviewedIds.length === 0
        ? []
        : byRating(
            await ordered(
              selectProductRow(inView.where(sql<boolean>`id = any(${sql.val(reviewedIds)}::text[])`)),
              1,
            ).execute(),
            ratings,
          );
    const first = reviewed.slice(offset, offset + limit);
    if (first.length === limit) return first;
    const unrated =
      reviewedIds.length === 0 ? inView : inView.where(sql<boolean>`not (id = any(${sql.val(reviewedIds)}::text[]))`);
    const rest = await ordered(selectProductRow(unrated), 1)
      .offset(Math.max(0, offset - reviewed.length))
      .limit(limit - first.length)
      .execute();
    return [...first, ...rest];
  }

  /** Of the products `ids`, those with a published variant on hand somewhere, in the order of `ids` (the cards' badge). */
  async onHandOf(ids: readonly string[]): Promise<string[]> {
    if (this.stock === undefined || ids.length === 0) return [];
    const { rows } = await productsOnHandOf(this.stock, ids).execute(this.db);
    const found = new Set(rows.map((row) => row.product_id));
    return ids.filter((id) => found.has(id));
  }

  /** The catalogue's version as the database has it now (state.ts). */
  version(): Promise<number> {
    return readCatalogueVersion(this.db);
  }

  /** The category grid, in the catalogue's order. */
  async categories(locale: Locale): Promise<ProductCategory[]> {
    return (await this.categoryRows()).map((row) => categoryRecord(row, locale));
  }

  /**
   * One page of a category in the view's order, narrowed by its filters, with what the filters offer (facets): or
   * undefined for an unknown category.
   */
  async listing(query: ListingQuery): Promise<ListingPage | undefined> {
    const category = await this.categoryRow(query.categoryId);
    if (category === undefined) return undefined;
    const count = () =>
      narrowedView(
        this.db,
        PRODUCT_FACET_ROWS,
        sql<boolean>`catalogue_products.category_id = ${query.categoryId}`,
        query.filters,
        undefined,
        this.stock,
      );
    const readPage = (where: RawBuilder<boolean>) => {
      const inView = this.db.selectFrom('catalogue_products').where('category_id', '=', query.categoryId).where(where);
      return query.sort === 3
        ? this.byRatingPage(inView, query.offset, query.limit)
        : ordered(selectProductRow(inView), query.sort).offset(query.offset).limit(query.limit).execute();
    };
    // the page read under everything the filters ask while they are counted; again only if the category does not offer
    // part of it (an old link's brand)
    const [view, firstRows] = await Promise.all([
      this.views?.get(JSON.stringify([query.categoryId, query.filters ?? null]), count) ?? count(),
      readPage(askedCondition(PRODUCT_FACET_ROWS, query.filters, this.stock)),
    ]);
    const rows = view.asAsked ? firstRows : await readPage(view.where);
    const ids = rows.map((row) => row.id);
    const [inStock, cardPrices] = await Promise.all([
      this.stock === undefined ? undefined : this.onHandOf(ids),
      cardPricesOf(this.db, ids),
    ]);
    const stocked = inStock === undefined ? {} : { stock: [...(query.filters?.stock ?? [])], inStock };
    const fromPrices = breakPricesBelow(rows, cardPrices.lowest);
    return {
      ...stocked,
      priceFrom: cardPrices.priceFrom,
      ...(Object.keys(fromPrices).length === 0 ? {} : { fromPrices }),
      category: categoryRecord(category, query.locale),
      total: view.total,
      products: rows.map((row) => productRecord(row, category, query.locale)),
      brands: view.brands,
      attributes: view.attributes,
      facets: view.facets,
    };
  }

  /**
   * One product's records, or undefined for an unknown id: its detail record (the product page) and its listing record
   * (the code and unit the quote basket needs), both from its one row, and its published variants in order.
   */
  async product(id: string, locale: Locale): Promise<ProductRecords | undefined> {
    const row = await selectProductRow(this.db.selectFrom('catalogue_products'))
      .select(locale === 'ar' ? 'details_ar as details' : 'details')
      // the related parts are the English document's in both editions (codes have no language)
      .select(sql<unknown>`details->'related'`.as('related_links'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const [category, variantRows, related] = await Promise.all([
      this.categoryRow(row.category_id),
      publishedVariants(this.db, id),
      relatedParts(this.db, relatedLinksOf(row.related_links), locale),
    ]);
    if (category === undefined) return undefined; // the foreign key makes this impossible; kept for the type
    const variants = variantRows.map((variant) => variantRecord(variant, locale));
    const { related_links: _links, ...productRow } = row;
    const detail = productDetailRecord(productRow, category, locale);
    // the codes are answered as the parts they name (`related`), not as they are stored
    delete detail.related;
    // where the variants are the table's rows, the table is theirs: a withdrawn variant's row leaves it (decision 034)
    const labelTable = detail.productDetailTableColumns === undefined ? labelTableOf(variants, locale) : undefined;
    if (labelTable !== undefined) {
      // each variant carries its row, as where the table is the variants' own
      variants.forEach((variant, index) => (variant.row = labelTable.rows[index]));
      detail.productDetailTableColumns = labelTable.columns;
      detail.productDetailTableData = labelTable.rows;
    } else if (variants.some((variant) => variant.row !== undefined)) {
      detail.productDetailTableData = variants.flatMap((variant) => (variant.row === undefined ? [] : [variant.row]));
    }
    return {
      detail,
      listing: productRecord(productRow, category, locale),
      category: categoryRecord(category, locale),
      variants,
      related,
    };
  }

  /**
   * A withdrawn (archived, migration 016) product's name and category in `locale`, or undefined when no product of
   * that id is archived: its page answers 410 with a link to the category.
   */
  async archivedProduct(id: string, locale: Locale): Promise<WithdrawnProduct | undefined> {
    const row = await this.db
      .selectFrom('catalogue_archived_products as a')
      .innerJoin('catalogue_categories as c', 'c.id', 'a.category_id')
      .select(['a.id', 'a.code', 'a.name', 'a.name_ar', 'a.category_id', 'c.title', 'c.title_ar'])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const ar = locale === 'ar';
    return {
      id: row.id,
      code: row.code,
      productName: ar ? row.name_ar : row.name,
      categoryId: row.category_id,
      categoryName: ar ? row.title_ar : row.title,
    };
  }

  /**
   * The withdrawn products whose id or code has the letters and digits of one of `keys` (productsNamedBy's match), each
   * with its successors: the alternatives its related parts named (decision 040) still in the catalogue, the first
   * SUCCESSORS_MAX.
   */
  async archivedNamedBy(keys: readonly string[], locale: Locale): Promise<WithdrawnNamed[]> {
    const letters = [...new Set(keys.map((key) => key.replace(/[^a-z0-9]+/g, '')))].filter((key) => key !== '');
    if (letters.length === 0) return [];
    const named = sql.val(letters);
    // few rows (the withdrawn products): no index needed
    const rows = await this.db
      .selectFrom('catalogue_archived_products')
      .select(['id', 'code', 'name', 'name_ar', sql<unknown>`product->'details'->'related'`.as('related_links')])
      .where(
        sql<boolean>`(regexp_replace(lower(code), '[^a-z0-9]+', '', 'g') = any(${named}::text[]) or regexp_replace(lower(id), '[^a-z0-9]+', '', 'g') = any(${named}::text[]))`,
      )
      .orderBy('id')
      .execute();
    const alternatives = rows.map((row) =>
      relatedLinksOf(row.related_links).filter((link) => link.kind === 'alternative'),
    );
    // every withdrawn product's alternatives resolved together (two statements)
    const live = new Map(
      (await relatedParts(this.db, alternatives.flat(), locale)).map((part) => [
        normalizedProductCode(part.variant.code),
        { code: part.variant.code, productName: part.name },
      ]),
    );
    return rows.map((row, index) => {
      const successors = (alternatives[index] ?? [])
        .flatMap((link) => live.get(normalizedProductCode(link.code)) ?? [])
        .slice(0, SUCCESSORS_MAX);
      return {
        id: row.id,
        code: row.code,
        productName: locale === 'ar' ? row.name_ar : row.name,
        ...(successors.length === 0 ? {} : { successors }),
      };
    });
  }

  /** A category's first `limit` products in the catalogue's order and its count; undefined for an unknown category. */
  async categoryFirstPage(id: string, locale: Locale, limit: number): Promise<CategoryFirstPage | undefined> {
    const category = await this.categoryRow(id);
    if (category === undefined) return undefined;
    const inCategory = this.db.selectFrom('catalogue_products').where('category_id', '=', id);
    const rows = await ordered(selectProductRow(inCategory), 1).limit(limit).execute();
    const { total } = await inCategory.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return {
      category: categoryRecord(category, locale),
      products: rows.map((row) => productRecord(row, category, locale)),
      total: Number(total),
    };
  }

  /**
   * Products `from` to `from + count` (in the catalogue's order) by id, category and date added: the sitemap's, without
   * the rest of the rows, `pageSize` at a time.
   */
  async *productEntryPages(from: number, count: number, pageSize: number): AsyncGenerator<ProductEntry[]> {
    const entries = this.db
      .selectFrom('catalogue_products')
      .select(['id', 'position', 'category_id', sql<string>`to_char(date_added, 'YYYY-MM-DD')`.as('date_added')]);
    for await (const rows of this.pagesOf(entries, pageSize, { from, count })) {
      yield rows.map((row) => ({ id: row.id, productCategoryId: row.category_id, dateAdded: row.date_added }));
    }
  }

  /** Whether the catalogue has more than `count` products (reading at most `count` + 1 of its ids). */
  async hasMoreProductsThan(count: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('catalogue_products').select('id').offset(count).limit(1).executeTakeFirst()) !==
      undefined
    );
  }

  /** How many products there are, and the newest date added of all and of each category's (the sitemap's dates). */
  async productDates(): Promise<ProductDates> {
    const rows = await this.db
      .selectFrom('catalogue_products')
      .select([
        'category_id',
        (eb) => eb.fn.countAll<string>().as('count'),
        sql<string>`to_char(max(date_added), 'YYYY-MM-DD')`.as('newest'),
      ])
      .groupBy('category_id')
      .execute();
    const byCategory = new Map(rows.map((row) => [row.category_id, row.newest]));
    return {
      count: rows.reduce((sum, row) => sum + Number(row.count), 0),
      newest: { all: [...byCategory.values()].sort().at(-1), byCategory },
    };
  }

  /**
   * The products whose code or id, or a published variant's code, may be one of `keys` (normalizedProductCode's): those
   * with the same letters and digits, by their indexes (migrations 013, 029); the caller matches them exactly.
   */
  async productsNamedBy(keys: readonly string[], locale: Locale): Promise<Product[]> {
    const letters = [...new Set(keys.map((key) => key.replace(/[^a-z0-9]+/g, '')))].filter((key) => key !== '');
    if (letters.length === 0) return [];
    const named = sql.val(letters);
    const rows = await ordered(
      selectProductRow(this.db.selectFrom('catalogue_products')).where(
        sql<boolean>`(${LETTERS_OF('code')} = any(${named}::text[]) or ${LETTERS_OF('id')} = any(${named}::text[])
          or catalogue_products.id in (select v.product_id from catalogue_product_variants as v where v.code_key = any(${named}::text[]) and v.published))`,
      ),
      1,
    ).execute();
    if (rows.length === 0) return [];
    const categories = await this.categoriesById();
    return rows.map((row) => productRecord(row, categories.get(row.category_id)!, locale));
  }

  /** The published variants of the products `ids` in `locale`, by product, each's in its order (the chat's knowledge base). */
  async publishedVariantsOf(ids: readonly string[], locale: Locale): Promise<Map<string, ProductVariant[]>> {
    const byProduct = new Map<string, ProductVariant[]>();
    for (const row of await publishedVariantsOfProducts(this.db, ids)) {
      const variants = byProduct.get(row.product_id) ?? [];
      variants.push(variantRecord(row, locale));
      byProduct.set(row.product_id, variants);
    }
    return byProduct;
  }

  /** The related parts of the products `ids` still in the catalogue, by product (the chat's knowledge base). */
  relatedPartsOf(ids: readonly string[], locale: Locale): Promise<Map<string, RelatedPart[]>> {
    return relatedPartsByProduct(this.db, ids, locale);
  }

  /** The variants, published or not, whose code may be one of `keys` (their letters and digits, by the unique index). */
  async variantRowsNamedBy(keys: readonly string[]): Promise<VariantRow[]> {
    return variantsWithKeys(
      this.db,
      [...new Set(keys.map((key) => key.replace(/[^a-z0-9]+/g, '')))].filter((key) => key !== ''),
    );
  }

  /**
   * The published variants whose maker's part number has the letters and digits of one of `keys` (the mpn_key index):
   * each such key with the codes of the variants it names (a part number two makers share names several).
   */
  async variantCodesOfPartNumbers(keys: readonly string[]): Promise<Map<string, string[]>> {
    const letters = [...new Set(keys.map((key) => key.toLowerCase().replace(/[^a-z0-9]+/g, '')))].filter(
      (key) => key !== '',
    );
    const named = new Map<string, string[]>();
    if (letters.length === 0) return named;
    const rows = await this.db
      .selectFrom('catalogue_product_variants')
      .select(['mpn_key', 'code'])
      .where(sql<boolean>`mpn_key = any(${sql.val(letters)}::text[])`)
      .where('published', '=', true)
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      if (row.mpn_key === null) continue;
      named.set(row.mpn_key, [...(named.get(row.mpn_key) ?? []), row.code]);
    }
    return named;
  }

  /**
   * The variants `codes` name (normalizedProductCode's match), each once: the published ones with their product, in
   * `locale`; the unpublished ones as withdrawn, with their product's name.
   */
  async variantsNamedBy(codes: readonly string[], locale: Locale): Promise<NamedVariants> {
    const keys = new Set(codes.map(normalizedProductCode));
    const rows = (await this.variantRowsNamedBy([...keys])).filter((row) => keys.has(normalizedProductCode(row.code)));
    const hidden = rows.filter((row) => !row.published);
    const names =
      hidden.length === 0
        ? new Map<string, { name: string; name_ar: string }>()
        : new Map(
            (
              await this.db
                .selectFrom('catalogue_products')
                .select(['id', 'name', 'name_ar'])
                .where(
                  'id',
                  'in',
                  hidden.map((row) => row.product_id),
                )
                .execute()
            ).map((row) => [row.id, row]),
          );
    return {
      named: rows
        .filter((row) => row.published)
        .map((row) => ({
          key: normalizedProductCode(row.code),
          productId: row.product_id,
          variant: variantRecord(row, locale),
        })),
      withdrawn: hidden.map((row) => {
        const product = names.get(row.product_id);
        return {
          id: row.product_id,
          code: row.code,
          productName: product === undefined ? row.code : locale === 'ar' ? product.name_ar : product.name,
        };
      }),
    };
  }

  /**
   * The categories, each with its first `perCategory` products in the catalogue's order (the listing's default) and their
   * detail records: a sample whose size does not grow with the catalogue (the chat's knowledge base). One statement for
   * the products, each category's read by its (category_id, position) index.
   */
  async categorySamples(locale: Locale, perCategory: number): Promise<CatalogueSample> {
    const categoryRows = await this.categoryRows();
    const firstOfEach = sql<boolean>`catalogue_products.id in (
      select p.id from catalogue_categories c
      cross join lateral (
        select q.id from catalogue_products q where q.category_id = c.id order by q.position, q.id limit ${perCategory}
      ) p
    )`;
    const rows = await ordered(selectProductRow(this.db.selectFrom('catalogue_products').where(firstOfEach)), 1)
      .select(locale === 'ar' ? 'details_ar as details' : 'details')
      .execute();
    return {
      categories: categoryRows.map((row) => categoryRecord(row, locale)),
      ...this.recordsOf(rows, categoryRows, locale),
    };
  }

  /** The products of `ids` (unknown ids find nothing) with their detail records, in the catalogue's order. */
  async productsWithDetails(ids: readonly string[], locale: Locale): Promise<Omit<CatalogueSample, 'categories'>> {
    if (ids.length === 0) return { products: [], details: [] };
    const named = this.db.selectFrom('catalogue_products').where(sql<boolean>`id = any(${sql.val([...ids])}::text[])`);
    const rows = await ordered(selectProductRow(named), 1)
      .select(locale === 'ar' ? 'details_ar as details' : 'details')
      .execute();
    return this.recordsOf(rows, await this.categoryRows(), locale);
  }

  private recordsOf(
    rows: readonly ProductWithDetails[],
    categoryRows: readonly CategoryRow[],
    locale: Locale,
  ): Omit<CatalogueSample, 'categories'> {
    const categories = new Map(categoryRows.map((row) => [row.id, row]));
    const known = rows.filter((row) => categories.has(row.category_id));
    return {
      products: known.map((row) => productRecord(row, categories.get(row.category_id)!, locale)),
      details: known.map((row) => productDetailRecord(row, categories.get(row.category_id)!, locale)),
    };
  }

  /** The search's matches, best first (catalogueSearch.ts). */
  search(query: SearchQuery): Promise<SearchPage> {
    const read = () => searchCatalogue(this.db, query, this.searchOptions);
    return this.searches?.get(JSON.stringify(query), read) ?? read();
  }

  /**
   * Every product's listing record in the catalogue's order, `pageSize` at a time (the /data/products.json of a
   * language): a page per statement, each after the last one's (position, id), so that no read holds the catalogue.
   */
  async *productPages(locale: Locale, pageSize: number): AsyncGenerator<Product[]> {
    const categories = await this.categoriesById();
    for await (const rows of this.pagesOf(selectProductRow(this.db.selectFrom('catalogue_products')), pageSize)) {
      yield rows.map((row) => productRecord(row, categories.get(row.category_id)!, locale));
    }
  }

  /** Every product's detail record in the catalogue's order, `pageSize` at a time (the /data/product-details.json of a language). */
  async *detailPages(locale: Locale, pageSize: number): AsyncGenerator<ProductDetail[]> {
    const categories = await this.categoriesById();
    const withDetails = selectProductRow(this.db.selectFrom('catalogue_products')).select(
      locale === 'ar' ? 'details_ar as details' : 'details',
    );
    for await (const rows of this.pagesOf(withDetails, pageSize)) {
      yield rows.map((row) => productDetailRecord(row, categories.get(row.category_id)!, locale));
    }
  }

  /** Every product's listing record, in the catalogue's order. */
  async allProducts(locale: Locale): Promise<Product[]> {
    return allOf(this.productPages(locale, ALL_PAGE_SIZE));
  }

  /** Every product's detail record, in the catalogue's order. */
  async allDetails(locale: Locale): Promise<ProductDetail[]> {
    return allOf(this.detailPages(locale, ALL_PAGE_SIZE));
  }

  private async categoriesById(): Promise<Map<string, CategoryRow>> {
    return new Map((await this.categoryRows()).map((row) => [row.id, row]));
  }

  /**
   * `query`'s rows in the catalogue's order, a page at a time, keyed on (position, id) (its index: migration 013); of
   * `range` only, when given (the first page skips to its start).
   */
  private async *pagesOf<R extends Pick<ProductRow, 'position' | 'id'>>(
    query: SelectQueryBuilder<DatabaseSchema, 'catalogue_products', R>,
    pageSize: number,
    range: { from: number; count: number } = { from: 0, count: Number.POSITIVE_INFINITY },
  ): AsyncGenerator<R[]> {
    let after: { position: number; id: string } | undefined;
    let left = range.count;
    while (left > 0) {
      const from = after;
      const inOrder =
        from === undefined
          ? query.offset(range.from)
          : query.where(
              sql<boolean>`(catalogue_products.position, catalogue_products.id) > (${from.position}, ${from.id})`,
            );
      const size = Math.min(pageSize, left);
      const rows = await inOrder
        .orderBy('catalogue_products.position')
        .orderBy('catalogue_products.id')
        .limit(size)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      left -= rows.length;
      const last = rows[rows.length - 1]!;
      after = { position: last.position, id: last.id };
    }
  }
}

/** The page size of a read of the whole catalogue (the records of every product: catalogueFeed.ts). */
const ALL_PAGE_SIZE = 5000;

async function allOf<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}
