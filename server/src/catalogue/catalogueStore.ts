// The catalogue's reads: the category grid, one page of a category in one of the listing's six orders with its total,
// one product's detail, and the whole catalogue for /data/*.json. Every answer is a record of content/src/types.ts in
// the language asked for (records.ts), so the pages render what they always rendered.
import type { Product, ProductCategory, ProductDetail } from '@site/content';
import type { RatingSummary } from '@site/content/reviews';
import { foldSearchText } from '@site/content/search-text';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import { FILTER_ATTRIBUTES, type FilterAttribute } from '@site/content/filter-attributes';
import { NO_LISTING_FILTERS, type ListingFilters } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import { SEARCH_TEXT_MAX } from '@site/contracts/search-view';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { searchCatalogue, type SearchPage, type SearchQuery } from './catalogueSearch.js';
import { categoryRecord, productDetailRecord, productRecord, type CategoryRow, type ProductRow } from './records.js';

/** The listing's orders (spec: six options, values 1–6): catalogue order, popularity, rating, newness, price up, price down. */
export const LISTING_SORTS = [1, 2, 3, 4, 5, 6] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export interface ListingQuery {
  categoryId: string;
  sort: ListingSort;
  /** The brands and the price range the view narrows to (none: the whole category). */
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
}

/** Numbers first and in their order ('2 mm²' before '16 mm²', '0.5 A' before '63 A'), then the rest as text. */
function byValue(a: string, b: string): number {
  const [na, nb] = [parseFloat(a), parseFloat(b)];
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
  if (Number.isNaN(na) !== Number.isNaN(nb)) return Number.isNaN(na) ? 1 : -1;
  return a.localeCompare(b, 'en');
}

/** The counted 'attribute:value' rows as the filters show them: by filter in FILTER_ATTRIBUTES' order, values in order. */
function attributeFacets(rows: readonly { value: string; count: number }[]): ListingFacets['attributes'] {
  return FILTER_ATTRIBUTES.flatMap((attribute) => {
    const prefix = `${attribute}:`;
    const values = rows
      .filter((row) => row.value.startsWith(prefix))
      .map((row) => ({ value: row.value.slice(prefix.length), count: Number(row.count) }))
      .sort((a, b) => byValue(a.value, b.value));
    return values.length === 0 ? [] : [{ attribute, values }];
  });
}

/** A product's brands: its `company`, names joined with ', ' (content's schema). */
const BRANDS_OF_PRODUCT = sql<string[]>`string_to_array(catalogue_products.company, ', ')`;

/** A product page's records: the detail and the listing record of one product. */
export interface ProductRecords {
  detail: ProductDetail;
  listing: Product;
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

/** Ratings by product id, for 'Sort by average rating' (the review store's summaries: seed and stored reviews). */
export type RatingsOf = (productIds: readonly string[]) => Promise<Readonly<Record<string, RatingSummary>>>;

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
 * The SQL orders of the listing; 3 (rating) is applied after reading, from the review store's summaries. Columns are
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

export class CatalogueStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly ratingsOf: RatingsOf = async () => ({}),
  ) {}

  private async categoryRow(id: string): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('catalogue_categories').select(CATEGORY_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  private async categoryRows(): Promise<CategoryRow[]> {
    return this.db.selectFrom('catalogue_categories').select(CATEGORY_COLUMNS).orderBy('position').orderBy('id').execute();
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
    const { minPrice, maxPrice } = query.filters ?? NO_LISTING_FILTERS;
    const inCategory = this.db.selectFrom('catalogue_products').where('category_id', '=', query.categoryId);
    // What the category offers: its brands and its products' filter values. What the view asks for that the category
    // does not have (an old link's) narrows nothing.
    const [{ rows: brandNames }, { rows: valueNames }] = await Promise.all([
      sql<{ name: string }>`
        select distinct brand.name from catalogue_products, unnest(${BRANDS_OF_PRODUCT}) as brand(name)
        where catalogue_products.category_id = ${query.categoryId}`.execute(this.db),
      sql<{ value: string }>`
        select distinct v.value from catalogue_products, unnest(catalogue_products.filter_values) as v(value)
        where catalogue_products.category_id = ${query.categoryId}`.execute(this.db),
    ]);
    const offered = new Set(valueNames.map((row) => row.value));
    const brands = (query.filters?.brands ?? []).filter((name) => brandNames.some((brand) => brand.name === name));
    const chosen = FILTER_ATTRIBUTES.flatMap((attribute) => {
      const values = (query.filters?.attributes?.[attribute] ?? []).filter((value) => offered.has(`${attribute}:${value}`));
      return values.length === 0 ? [] : [{ attribute, values }];
    });

    // Each filter's condition; a filter's choices are counted under the others' (choosing a second value widens).
    const inRange = sql<boolean>`(${minPrice === undefined ? sql`true` : sql`catalogue_products.price >= ${minPrice}`} and ${
      maxPrice === undefined ? sql`true` : sql`catalogue_products.price <= ${maxPrice}`
    })`;
    const ofBrands = brands.length === 0 ? sql<boolean>`true` : sql<boolean>`${BRANDS_OF_PRODUCT} && ${sql.val(brands)}::text[]`;
    const ofAttribute = ({ attribute, values }: (typeof chosen)[number]) =>
      sql<boolean>`catalogue_products.filter_values && ${sql.val(values.map((value) => `${attribute}:${value}`))}::text[]`;
    const all = (conditions: readonly RawBuilder<boolean>[]) => (conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` and `)})`);
    const ofAttributes = (except?: FilterAttribute) => all(chosen.filter((filter) => filter.attribute !== except).map(ofAttribute));

    const [{ rows: brandCounts }, { rows: valueCounts }, price] = await Promise.all([
      sql<{ name: string; count: number }>`
        select brand.name, count(*) filter (where ${inRange} and ${ofAttributes()})::int as count
        from catalogue_products, unnest(${BRANDS_OF_PRODUCT}) as brand(name)
        where catalogue_products.category_id = ${query.categoryId}
        group by brand.name
        order by brand.name`.execute(this.db),
      sql<{ value: string; count: number }>`
        select v.value, count(*) filter (where ${inRange} and ${ofBrands} and case split_part(v.value, ':', 1) ${sql.join(
          FILTER_ATTRIBUTES.map((attribute) => sql`when ${attribute} then ${ofAttributes(attribute)}`),
          sql` `,
        )} else false end)::int as count
        from catalogue_products, unnest(catalogue_products.filter_values) as v(value)
        where catalogue_products.category_id = ${query.categoryId}
        group by v.value`.execute(this.db),
      inCategory
        .where(ofBrands)
        .where(ofAttributes())
        .select([sql<string | null>`min(price)::text`.as('min'), sql<string | null>`max(price)::text`.as('max')])
        .executeTakeFirstOrThrow(),
    ]);
    const inView = inCategory.where(ofBrands).where(ofAttributes()).where(inRange);
    const { total } = await inView.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    let rows: ProductRow[];
    if (query.sort === 3) {
      const every = await ordered(selectProductRow(inView), 1).execute();
      rows = byRating(every, await this.ratingsOf(every.map((row) => row.id))).slice(query.offset, query.offset + query.limit);
    } else {
      rows = await ordered(selectProductRow(inView), query.sort).offset(query.offset).limit(query.limit).execute();
    }
    return {
      category: categoryRecord(category, query.locale),
      total: Number(total),
      products: rows.map((row) => productRecord(row, category, query.locale)),
      brands,
      attributes: Object.fromEntries(chosen.map(({ attribute, values }) => [attribute, values])),
      facets: {
        brands: brandCounts.map(({ name, count }) => ({ name, count: Number(count) })),
        attributes: attributeFacets(valueCounts),
        price: { min: price.min === null ? null : Number(price.min), max: price.max === null ? null : Number(price.max) },
      },
    };
  }

  /**
   * One product's records, or undefined for an unknown id: its detail record (the product page) and its listing record
   * (the code and unit the quote basket needs), both from its one row.
   */
  async product(id: string, locale: Locale): Promise<ProductRecords | undefined> {
    const row = await selectProductRow(this.db.selectFrom('catalogue_products'))
      .select(locale === 'ar' ? 'details_ar as details' : 'details')
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const category = await this.categoryRow(row.category_id);
    if (category === undefined) return undefined; // the foreign key makes this impossible; kept for the type
    return { detail: productDetailRecord(row, category, locale), listing: productRecord(row, category, locale) };
  }

  /** The search's matches, best first (catalogueSearch.ts). */
  search(query: SearchQuery): Promise<SearchPage> {
    return searchCatalogue(this.db, query);
  }

  /** Every product's listing record, in the catalogue's order (the /data/products.json of a language). */
  async allProducts(locale: Locale): Promise<Product[]> {
    const categories = new Map((await this.categoryRows()).map((row) => [row.id, row]));
    const rows = await ordered(selectProductRow(this.db.selectFrom('catalogue_products')), 1).execute();
    return rows.map((row) => productRecord(row, categories.get(row.category_id)!, locale));
  }

  /** Every product's detail record, in the catalogue's order (the /data/product-details.json of a language). */
  async allDetails(locale: Locale): Promise<ProductDetail[]> {
    const categories = new Map((await this.categoryRows()).map((row) => [row.id, row]));
    const rows = await ordered(selectProductRow(this.db.selectFrom('catalogue_products')), 1)
      .select(locale === 'ar' ? 'details_ar as details' : 'details')
      .execute();
    return rows.map((row) => productDetailRecord(row, categories.get(row.category_id)!, locale));
  }
}
