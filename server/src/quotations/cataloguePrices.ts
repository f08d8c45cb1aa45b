// What a quotation takes from the catalogue: a part by its variant code (compared as the catalogue compares codes:
// letters and digits, any case), its product's name and its label in English and Arabic, its unit, and its price in
// dirhams (null: price on request), as the catalogue has them now. Read from the catalogue's tables, as the
// quote-requests feature reads them.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { parseDecimal } from '@site/contracts/quotation-money';

export interface CataloguePart {
  code: string;
  description: string;
  /** The product's Arabic name and the part's Arabic label, as description ('' the catalogue has no Arabic name). */
  descriptionAr: string;
  unit: string;
  /** In fils (AED, two decimals); null for a part the catalogue prices on request. */
  priceFils: bigint | null;
  /** False for a part withdrawn from the catalogue (its variant unpublished). */
  published: boolean;
  /** Its quantity breaks beyond its price at 1, in fils (decision 043); [] for none. */
  breaks: { quantity: number; priceFils: bigint }[];
  /** The fewest a buyer orders; null for none. */
  minimumOrder: number | null;
  /** Its pack: the multiple it is ordered in; null for none. */
  packQuantity: number | null;
}

/** A line's description: the product's name, and the part's label when the product has several. */
export const partDescription = (name: string, label: string): string => (label === '' ? name : `${name} — ${label}`);

/** The same in Arabic: '' without an Arabic name (the line reads in English); the English label without an Arabic one. */
export const partDescriptionAr = (nameAr: string, labelAr: string, label: string): string =>
  nameAr.trim() === '' ? '' : partDescription(nameAr, labelAr.trim() === '' ? label : labelAr);

/** The catalogue's parts of these codes, by their key (lower-cased letters and digits), for the codes it has. */
export async function catalogueParts(
  db: Kysely<DatabaseSchema>,
  codes: readonly string[],
): Promise<Map<string, CataloguePart>> {
  if (codes.length === 0) return new Map();
  const keys = [...new Set(codes.map(codeKey))];
  const rows = await db
    .selectFrom('catalogue_product_variants as v')
    .innerJoin('catalogue_products as p', 'p.id', 'v.product_id')
    .select(PART_COLUMNS)
    .where('v.code_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.code_key, partOf(row)]));
}

/**
 * The published parts whose code starts with `text` (by letters and digits, any case) or whose product's name holds
 * it, at most `limit`, the one whose code is `text` first, then by code.
 */
export async function searchCatalogueParts(
  db: Kysely<DatabaseSchema>,
  text: string,
  limit: number,
): Promise<CataloguePart[]> {
  const key = codeKey(text);
  // LIKE's own characters in the typed words are matched as themselves
  const words = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .selectFrom('catalogue_product_variants as v')
    .innerJoin('catalogue_products as p', 'p.id', 'v.product_id')
    .select(PART_COLUMNS)
    .where('v.published', '=', true)
    .where((eb) =>
      eb.or([
        ...(key === '' ? [] : [eb('v.code_key', 'like', `${key}%`)]),
        eb(sql<string>`lower(p.name)`, 'like', words),
      ]),
    )
    .orderBy(sql`case when v.code_key = ${key} then 0 else 1 end`)
    .orderBy('v.code')
    .limit(limit)
    .execute();
  return rows.map(partOf);
}

const PART_COLUMNS = [
  'v.code',
  'v.code_key',
  'v.label',
  'v.label_ar',
  'v.unit',
  'v.published',
  'v.price_breaks',
  'v.minimum_order',
  'v.pack_quantity',
  'p.name',
  'p.name_ar',
  sql<string | null>`v.price::text`.as('price'),
] as const;

function partOf(row: {
  code: string;
  label: string;
  label_ar: string;
  unit: string;
  published: boolean;
  name: string;
  name_ar: string;
  price: string | null;
  price_breaks: { quantity: number; price: string }[] | null;
  minimum_order: number | null;
  pack_quantity: number | null;
}): CataloguePart {
  const price = row.price === null ? null : parseDecimal(row.price, 2);
  return {
    code: row.code,
    description: partDescription(row.name, row.label),
    descriptionAr: partDescriptionAr(row.name_ar, row.label_ar, row.label),
    unit: row.unit,
    // numeric(12, 2) has two decimals: a price that parses otherwise is none
    priceFils: price?.ok === true ? price.value : null,
    published: row.published,
    breaks: (row.price_breaks ?? []).flatMap((item) => {
      const fils = parseDecimal(item.price, 2);
      return fils.ok ? [{ quantity: item.quantity, priceFils: fils.value }] : [];
    }),
    minimumOrder: row.minimum_order,
    packQuantity: row.pack_quantity,
  };
}

/** The catalogue's key of a code (migration 029's code_key): its letters and digits, lower-cased. */
export const codeKey = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]+/g, '');
