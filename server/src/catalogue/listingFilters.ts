// The filters of a set of products (a category's listing, a search's matches): which brands and specification values
// the set offers, each counted under the other filters (a second value of one filter widens, another filter narrows),
// the price range of the chosen brands and values, and the condition the whole view puts on a product. What a view
// asks for that the set does not offer (an old link's brand) narrows nothing.
import { FILTER_ATTRIBUTES, type FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { ListingFilters } from '@site/contracts/listing-view';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { STOCK_LOCATIONS } from '@site/contracts/stock-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { locationsOnHand, onHandAt, type ProductStock } from './productStock.js';

/** Where a set's brands, specification values and prices are read: the products, or a language's search rows. */
export interface FacetRows {
  /** What the statement reads `from` (a table, aliased or not: the set's condition and the columns below name it). */
  from: RawBuilder<unknown>;
  brands: RawBuilder<string[]>;
  /** Specification values, 'attribute:value' (catalogue_products.filter_values). */
  values: RawBuilder<string[]>;
  price: RawBuilder<unknown>;
  /** The row's product id (what its stock is found by). */
  productId: RawBuilder<string>;
  /**
   * The row's pair of brands and values by id (catalogue_facet_sets, migration 019), when it has one: the rows are
   * then grouped by it, and the pairs' arrays read once each, instead of grouped by their arrays.
   */
  set?: RawBuilder<number>;
  /**
   * The set's rows already counted by pair (a broad search's kept counts, migration 025): a select of (pair_id,
   * in_range, min, max) over every row of the set. Read instead of the rows when the view asks no price range.
   */
  pairs?: RawBuilder<unknown>;
}

/** A category's listing: the products themselves (a product's brands are its `company`, names joined with ', '). */
export const PRODUCT_FACET_ROWS: FacetRows = {
  from: sql`catalogue_products`,
  brands: sql<string[]>`string_to_array(catalogue_products.company, ', ')`,
  values: sql<string[]>`catalogue_products.filter_values`,
  price: sql`catalogue_products.price`,
  productId: sql<string>`catalogue_products.id`,
};

export interface NarrowedView {
  /** With a ViewPage: the page's product ids, best first. */
  page: string[];
  /** The brands the view narrows to, of those the set offers. */
  brands: string[];
  /** The specification values the view narrows to, of those the set offers. */
  attributes: Partial<Record<FilterAttribute, string[]>>;
  facets: ListingFacets;
  /** How many products of the set the view keeps. */
  total: number;
  /** What the view's filters ask of a row (of the FacetRows counted): true when it asks nothing. */
  where: RawBuilder<boolean>;
  /** Whether the set offers everything the filters asked: then `where` is askedCondition's. */
  asAsked: boolean;
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

/** Every location with its count (0: none on hand under the other filters), in STOCK_LOCATIONS' order. */
function stockFacets(rows: readonly { value: string; count: number }[]): NonNullable<ListingFacets['stock']> {
  const counts = new Map(
    rows
      .filter((row) => row.value.startsWith(STOCK_PREFIX))
      .map((row) => [row.value.slice(STOCK_PREFIX.length), Number(row.count)]),
  );
  return STOCK_LOCATIONS.map((location) => ({ location, count: counts.get(location) ?? 0 }));
}

/** What a view asks for: brands, and values per specification filter (before checking what the set offers). */
interface Asked {
  brands: readonly string[];
  chosen: readonly { attribute: FilterAttribute; values: readonly string[] }[];
}

/** The facet row of a brand ('brand:<name>'), beside the specification values' 'attribute:value' rows. */
const BRAND_PREFIX = 'brand:';

/** The facet row of a stock location ('stock:<location>'). */
const STOCK_PREFIX = 'stock:';

/** The conditions of a view on one side of its reading: a set's row, or one of its combinations of brands and values. */
function conditionsOf(brands: RawBuilder<string[]>, values: RawBuilder<string[]>, asked: Asked) {
  const ofBrands =
    asked.brands.length === 0 ? sql<boolean>`true` : sql<boolean>`${brands} && ${sql.val(asked.brands)}::text[]`;
  const ofAttribute = ({ attribute, values: chosen }: Asked['chosen'][number]) =>
    sql<boolean>`${values} && ${sql.val(chosen.map((value) => `${attribute}:${value}`))}::text[]`;
  const all = (conditions: readonly RawBuilder<boolean>[]) =>
    conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` and `)})`;
  const ofAttributes = (except?: FilterAttribute) =>
    all(asked.chosen.filter((filter) => filter.attribute !== except).map(ofAttribute));
  return { ofBrands, ofAttributes, inView: sql<boolean>`(${ofBrands} and ${ofAttributes()})` };
}

/** The view's "In stock at" on a row: true when it asks none (or the stock is not read). */
function inStockAsked(
  rows: FacetRows,
  filters: ListingFilters | undefined,
  stock: ProductStock | undefined,
): RawBuilder<boolean> {
  const locations = filters?.stock ?? [];
  return stock === undefined || locations.length === 0
    ? sql<boolean>`true`
    : onHandAt(stock, rows.productId, locations);
}

/** The view's price range on a row: true when it asks none. */
function inPriceRange(rows: FacetRows, filters: ListingFilters | undefined): RawBuilder<boolean> {
  const { minPrice, maxPrice } = filters ?? { brands: [] };
  return sql<boolean>`(${minPrice === undefined ? sql`true` : sql`${rows.price} >= ${minPrice}`} and ${
    maxPrice === undefined ? sql`true` : sql`${rows.price} <= ${maxPrice}`
  })`;
}

/** What the filters ask for (before checking what the set offers). */
function askedOf(filters: ListingFilters | undefined): Asked {
  return {
    brands: filters?.brands ?? [],
    chosen: FILTER_ATTRIBUTES.flatMap((attribute) => {
      const values = filters?.attributes?.[attribute] ?? [];
      return values.length === 0 ? [] : [{ attribute, values }];
    }),
  };
}

/**
 * What the filters ask of a row, all of it: the view's condition whenever the set offers everything asked
 * (NarrowedView.asAsked). A page can be read with it while the set is counted, instead of after.
 */
export function askedCondition(
  rows: FacetRows,
  filters: ListingFilters | undefined,
  stock?: ProductStock,
): RawBuilder<boolean> {
  return sql<boolean>`(${conditionsOf(rows.brands, rows.values, askedOf(filters)).inView} and ${inPriceRange(rows, filters)} and ${inStockAsked(rows, filters, stock)})`;
}

/**
 * A page of the view read in the statement that counts it (the search's results page): `before` defines the common
 * table expressions the FacetRows read (their `from` names one), and `ids` is the page's product ids, best first, of
 * the rows under a condition. The set is then read once for its filters, its count and its page.
 */
export interface ViewPage {
  before?: RawBuilder<unknown>;
  ids: (where: RawBuilder<boolean>) => RawBuilder<string[]>;
}

/**
 * One reading of the set under the view, in one statement: its rows grouped by their brands and values (a catalogue
 * of 100,000 has a few hundred combinations in a set of tens of thousands), each combination's rows in the price range
 * counted and its prices' range; then every brand and specification value of the combinations, each counted under the
 * other filters, and (the row whose value is null) the view's count and price range.
 */
async function countedView(
  db: Kysely<DatabaseSchema>,
  rows: FacetRows,
  inSet: RawBuilder<boolean>,
  asked: Asked,
  filters: ListingFilters | undefined,
  page: ViewPage | undefined,
  stock: ProductStock | undefined,
) {
  const inRange = inPriceRange(rows, filters);
  const ofRow = conditionsOf(rows.brands, rows.values, asked);
  // "In stock at" narrows the set itself: every other filter is counted among the products on hand there, and the
  // locations are counted under the other filters (below), not under their own (a second location widens)
  const stockAsked = inStockAsked(rows, filters, stock);
  const narrowsStock = stock !== undefined && (filters?.stock ?? []).length > 0;
  const set = narrowsStock ? sql<boolean>`(${inSet} and ${stockAsked})` : inSet;
  const where = sql<boolean>`(${ofRow.inView} and ${inRange} and ${stockAsked})`;
  const ofCombination = conditionsOf(
    sql<string[]>`combination.brands`,
    sql<string[]>`combination.filter_values`,
    asked,
  );
  const underOthers = sql.join(
    FILTER_ATTRIBUTES.map(
      (attribute) => sql`when ${attribute} then ${ofCombination.ofBrands} and ${ofCombination.ofAttributes(attribute)}`,
    ),
    sql` `,
  );
  const noPriceRange = filters?.minPrice === undefined && filters?.maxPrice === undefined;
  const combinations =
    rows.set !== undefined && rows.pairs !== undefined && noPriceRange && !narrowsStock
      ? sql`select pair.id as pair_id, pair.brands, pair.filter_values, counted.in_range, counted.min, counted.max
        from (${rows.pairs}) as counted join catalogue_facet_sets as pair on pair.id = counted.pair_id`
      : rows.set === undefined
        ? sql`select ${rows.brands} as brands, ${rows.values} as filter_values, count(*) filter (where ${inRange}) as in_range,
          min(${rows.price}) as min, max(${rows.price}) as max
        from ${rows.from}
        where ${set}
        group by 1, 2`
        : sql`select pair.id as pair_id, pair.brands, pair.filter_values, counted.in_range, counted.min, counted.max
        from (
          select ${rows.set} as pair_id, count(*) filter (where ${inRange}) as in_range, min(${rows.price}) as min, max(${rows.price}) as max
          from ${rows.from}
          where ${set}
          group by 1
        ) as counted join catalogue_facet_sets as pair on pair.id = counted.pair_id`;
  // The page's rows: those of the combinations in the view (by their pair, when the rows name one) in the price range.
  const asksNothing = asked.brands.length === 0 && asked.chosen.length === 0 && noPriceRange && !narrowsStock;
  const pageWhere = asksNothing
    ? sql<boolean>`true`
    : rows.set === undefined
      ? where
      : sql<boolean>`(${rows.set} in (select combination.pair_id from combination where ${ofCombination.inView}) and ${inRange} and ${stockAsked})`;
  // each location: the set's products under the other filters with a published variant on hand there
  const stockCounts =
    stock === undefined
      ? sql``
      : sql`union all
    select ${STOCK_PREFIX} || at.location, count(*)::int, null, null, null
    from ${rows.from} cross join lateral ${locationsOnHand(stock, rows.productId)} as at
    where ${inSet} and ${ofRow.inView} and ${inRange}
    group by at.location`;
  const { rows: counted } = await sql<{
    value: string | null;
    count: number;
    min: string | null;
    max: string | null;
    page: string[] | null;
  }>`
    with ${page?.before === undefined ? sql`` : sql`${page.before}, `}combination as (${combinations})
    select facet.value, coalesce(sum(combination.in_range) filter (where case split_part(facet.value, ':', 1)
        when 'brand' then ${ofCombination.ofAttributes()} ${underOthers} else false end), 0)::int as count,
      null::text as min, null::text as max, null::text[] as page
    from combination cross join lateral (
      select ${BRAND_PREFIX} || brand.name as value from unnest(combination.brands) as brand(name)
      union all
      select v.value from unnest(combination.filter_values) as v(value)
    ) as facet
    group by facet.value
    union all
    select null, coalesce(sum(in_range), 0)::int, min(min)::text, max(max)::text, ${page === undefined ? sql`null` : page.ids(pageWhere)}
    from combination where ${ofCombination.inView}
    ${stockCounts}`.execute(db);
  const counts = counted.filter((row): row is typeof row & { value: string } => row.value !== null);
  const view = counted.find((row) => row.value === null);
  return {
    counts,
    price: { min: view?.min ?? null, max: view?.max ?? null, total: view?.count ?? 0 },
    where,
    page: view?.page ?? [],
  };
}

/** The asked brands and values that the counted set offers (an old link's brand is not among them). */
function offeredOf(asked: Asked, counts: readonly { value: string }[]): Asked {
  const offered = new Set(counts.map((row) => row.value));
  return {
    brands: asked.brands.filter((name) => offered.has(`${BRAND_PREFIX}${name}`)),
    chosen: asked.chosen.flatMap(({ attribute, values }) => {
      const kept = values.filter((value) => offered.has(`${attribute}:${value}`));
      return kept.length === 0 ? [] : [{ attribute, values: kept }];
    }),
  };
}

const sameAsked = (a: Asked, b: Asked) =>
  a.brands.length === b.brands.length &&
  a.chosen.reduce((n, c) => n + c.values.length, 0) === b.chosen.reduce((n, c) => n + c.values.length, 0);

/**
 * The filters of the `rows` that `inSet` names (a condition on them), narrowed as `filters` asks: what they offer with
 * their counts, the view's count, and its condition on those rows. Counted once with what was asked; only when the
 * set does not offer part of it (an old link) counted again without that part. With `page`, the same statement reads
 * the view's page too.
 */
export async function narrowedView(
  db: Kysely<DatabaseSchema>,
  rows: FacetRows,
  inSet: RawBuilder<boolean>,
  filters: ListingFilters | undefined,
  page?: ViewPage,
  stock?: ProductStock,
): Promise<NarrowedView> {
  const asked = askedOf(filters);
  let counted = await countedView(db, rows, inSet, asked, filters, page, stock);
  const offered = offeredOf(asked, counted.counts);
  const asAsked = sameAsked(asked, offered);
  if (!asAsked) counted = await countedView(db, rows, inSet, offered, filters, page, stock);
  const { counts, price, where } = counted;
  return {
    page: counted.page,
    brands: [...offered.brands],
    attributes: Object.fromEntries(offered.chosen.map(({ attribute, values }) => [attribute, [...values]])),
    total: Number(price.total),
    facets: {
      brands: counts
        .filter((row) => row.value.startsWith(BRAND_PREFIX))
        .map((row) => ({ name: row.value.slice(BRAND_PREFIX.length), count: Number(row.count) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
      attributes: attributeFacets(counts),
      price: { min: price.min === null ? null : Number(price.min), max: price.max === null ? null : Number(price.max) },
      ...(stock === undefined ? {} : { stock: stockFacets(counts) }),
    },
    where,
    asAsked,
  };
}
