// The filters of a set of products (a category's listing, a search's matches): which brands and specification values
// the set offers, each counted under the other filters (a second value of one filter widens, another filter narrows),
// the price range of the chosen brands and values, and the condition the whole view puts on a product. What a view
// asks for that the set does not offer (an old link's brand) narrows nothing.
import { FILTER_ATTRIBUTES, type FilterAttribute } from '@site/content/filter-attributes';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { ListingFilters } from '@site/contracts/listing-view';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';

/** A product's brands: its `company`, names joined with ', ' (content's schema). */
const BRANDS_OF_PRODUCT = sql<string[]>`string_to_array(catalogue_products.company, ', ')`;

export interface NarrowedView {
  /** The brands the view narrows to, of those the set offers. */
  brands: string[];
  /** The specification values the view narrows to, of those the set offers. */
  attributes: Partial<Record<FilterAttribute, string[]>>;
  facets: ListingFacets;
  /** How many products of the set the view keeps. */
  total: number;
  /** What the view's filters ask of a product (of catalogue_products): true when it asks nothing. */
  where: RawBuilder<boolean>;
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

/** What a view asks for: brands, and values per specification filter (before checking what the set offers). */
interface Asked {
  brands: readonly string[];
  chosen: readonly { attribute: FilterAttribute; values: readonly string[] }[];
}

/** The facet row of a brand ('brand:<name>'), beside the specification values' 'attribute:value' rows. */
const BRAND_PREFIX = 'brand:';

/**
 * One reading of the set under the view: every brand and specification value it offers, each counted under the other
 * filters (one scan, brands and values side by side), and the price range and count of the view (a second one).
 */
async function countedView(db: Kysely<DatabaseSchema>, inSet: RawBuilder<boolean>, asked: Asked, filters: ListingFilters | undefined) {
  const { minPrice, maxPrice } = filters ?? { brands: [] };
  const inRange = sql<boolean>`(${minPrice === undefined ? sql`true` : sql`catalogue_products.price >= ${minPrice}`} and ${
    maxPrice === undefined ? sql`true` : sql`catalogue_products.price <= ${maxPrice}`
  })`;
  const ofBrands = asked.brands.length === 0 ? sql<boolean>`true` : sql<boolean>`${BRANDS_OF_PRODUCT} && ${sql.val(asked.brands)}::text[]`;
  const ofAttribute = ({ attribute, values }: Asked['chosen'][number]) =>
    sql<boolean>`catalogue_products.filter_values && ${sql.val(values.map((value) => `${attribute}:${value}`))}::text[]`;
  const all = (conditions: readonly RawBuilder<boolean>[]) => (conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` and `)})`);
  const ofAttributes = (except?: FilterAttribute) => all(asked.chosen.filter((filter) => filter.attribute !== except).map(ofAttribute));
  const underOthers = sql.join(
    FILTER_ATTRIBUTES.map((attribute) => sql`when ${attribute} then ${ofBrands} and ${ofAttributes(attribute)}`),
    sql` `,
  );

  const [{ rows: counts }, { rows: prices }] = await Promise.all([
    sql<{ value: string; count: number }>`
      select facet.value, count(*) filter (where ${inRange} and case split_part(facet.value, ':', 1)
        when 'brand' then ${ofAttributes()} ${underOthers} else false end)::int as count
      from catalogue_products cross join lateral (
        select ${BRAND_PREFIX} || brand.name as value from unnest(${BRANDS_OF_PRODUCT}) as brand(name)
        union all
        select v.value from unnest(catalogue_products.filter_values) as v(value)
      ) as facet
      where ${inSet}
      group by facet.value`.execute(db),
    sql<{ min: string | null; max: string | null; total: number }>`
      select min(price)::text as min, max(price)::text as max, count(*) filter (where ${inRange})::int as total
      from catalogue_products
      where ${inSet} and ${ofBrands} and ${ofAttributes()}`.execute(db),
  ]);
  return { counts, price: prices[0] ?? { min: null, max: null, total: 0 }, where: sql<boolean>`(${ofBrands} and ${ofAttributes()} and ${inRange})` };
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
  a.brands.length === b.brands.length && a.chosen.reduce((n, c) => n + c.values.length, 0) === b.chosen.reduce((n, c) => n + c.values.length, 0);

/**
 * The filters of the products `inSet` names (a condition on catalogue_products), narrowed as `filters` asks: what they
 * offer with their counts, the view's count, and its condition. Counted once with what was asked; only when the set
 * does not offer part of it (an old link) counted again without that part.
 */
export async function narrowedView(db: Kysely<DatabaseSchema>, inSet: RawBuilder<boolean>, filters: ListingFilters | undefined): Promise<NarrowedView> {
  const asked: Asked = {
    brands: filters?.brands ?? [],
    chosen: FILTER_ATTRIBUTES.flatMap((attribute) => {
      const values = filters?.attributes?.[attribute] ?? [];
      return values.length === 0 ? [] : [{ attribute, values }];
    }),
  };
  let counted = await countedView(db, inSet, asked, filters);
  const offered = offeredOf(asked, counted.counts);
  if (!sameAsked(asked, offered)) counted = await countedView(db, inSet, offered, filters);
  const { counts, price, where } = counted;
  return {
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
    },
    where,
  };
}
