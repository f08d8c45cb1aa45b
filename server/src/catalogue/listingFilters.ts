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

/**
 * The filters of the products `inSet` names (a condition on catalogue_products), narrowed as `filters` asks: what they
 * offer with their counts, and the condition of the view.
 */
export async function narrowedView(db: Kysely<DatabaseSchema>, inSet: RawBuilder<boolean>, filters: ListingFilters | undefined): Promise<NarrowedView> {
  const { minPrice, maxPrice } = filters ?? { brands: [] };
  const [{ rows: brandNames }, { rows: valueNames }] = await Promise.all([
    sql<{ name: string }>`
      select distinct brand.name from catalogue_products, unnest(${BRANDS_OF_PRODUCT}) as brand(name) where ${inSet}`.execute(db),
    sql<{ value: string }>`
      select distinct v.value from catalogue_products, unnest(catalogue_products.filter_values) as v(value) where ${inSet}`.execute(db),
  ]);
  const offered = new Set(valueNames.map((row) => row.value));
  const brands = (filters?.brands ?? []).filter((name) => brandNames.some((brand) => brand.name === name));
  const chosen = FILTER_ATTRIBUTES.flatMap((attribute) => {
    const values = (filters?.attributes?.[attribute] ?? []).filter((value) => offered.has(`${attribute}:${value}`));
    return values.length === 0 ? [] : [{ attribute, values }];
  });

  const inRange = sql<boolean>`(${minPrice === undefined ? sql`true` : sql`catalogue_products.price >= ${minPrice}`} and ${
    maxPrice === undefined ? sql`true` : sql`catalogue_products.price <= ${maxPrice}`
  })`;
  const ofBrands = brands.length === 0 ? sql<boolean>`true` : sql<boolean>`${BRANDS_OF_PRODUCT} && ${sql.val(brands)}::text[]`;
  const ofAttribute = ({ attribute, values }: (typeof chosen)[number]) =>
    sql<boolean>`catalogue_products.filter_values && ${sql.val(values.map((value) => `${attribute}:${value}`))}::text[]`;
  const all = (conditions: readonly RawBuilder<boolean>[]) => (conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` and `)})`);
  const ofAttributes = (except?: FilterAttribute) => all(chosen.filter((filter) => filter.attribute !== except).map(ofAttribute));

  const [{ rows: brandCounts }, { rows: valueCounts }, { rows: prices }] = await Promise.all([
    sql<{ name: string; count: number }>`
      select brand.name, count(*) filter (where ${inRange} and ${ofAttributes()})::int as count
      from catalogue_products, unnest(${BRANDS_OF_PRODUCT}) as brand(name)
      where ${inSet}
      group by brand.name
      order by brand.name`.execute(db),
    sql<{ value: string; count: number }>`
      select v.value, count(*) filter (where ${inRange} and ${ofBrands} and case split_part(v.value, ':', 1) ${sql.join(
        FILTER_ATTRIBUTES.map((attribute) => sql`when ${attribute} then ${ofAttributes(attribute)}`),
        sql` `,
      )} else false end)::int as count
      from catalogue_products, unnest(catalogue_products.filter_values) as v(value)
      where ${inSet}
      group by v.value`.execute(db),
    sql<{ min: string | null; max: string | null }>`
      select min(price)::text as min, max(price)::text as max from catalogue_products
      where ${inSet} and ${ofBrands} and ${ofAttributes()}`.execute(db),
  ]);
  const price = prices[0] ?? { min: null, max: null };
  return {
    brands,
    attributes: Object.fromEntries(chosen.map(({ attribute, values }) => [attribute, values])),
    facets: {
      brands: brandCounts.map(({ name, count }) => ({ name, count: Number(count) })),
      attributes: attributeFacets(valueCounts),
      price: { min: price.min === null ? null : Number(price.min), max: price.max === null ? null : Number(price.max) },
    },
    where: sql<boolean>`(${ofBrands} and ${ofAttributes()} and ${inRange})`,
  };
}
