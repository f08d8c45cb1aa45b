// What undoing an import would do, product by product (an undo job's check, and its first step when it writes): the
// import's versions of the products it touched (importVersions.ts), the version each had before it, and each one's
// content now. Compared by unit: each product field (a detail document whole) and each variant by its code (its being
// there, each of its fields, its place). A unit the import changed is set back, unless a later change touched the same
// unit (a variant's being there counts every field of it): then the undo is refused for that product, in words, with
// who changed it. A product the import added is withdrawn, unless it was changed since.
import { sql, type Kysely } from 'kysely';
import type { EditableProduct, EditableVariant, ImportProblem } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import { canonicalJson, type ImportChange } from '../../file/importChanges.js';
import { exportCatalogueRowsOf } from '../../file/catalogueImport.js';
import { cleanContent } from '../content.js';
import { columnOfVariantField, contentOfRows } from '../variantRows.js';

const PRODUCT_FIELDS = [
  'productCategoryId',
  'productName',
  'productName_ar',
  'company',
  'popularity',
  'dateAdded',
  'image',
  'details',
  'details_ar',
] as const;
const VARIANT_FIELDS = [
  'mpn',
  'label',
  'label_ar',
  'row',
  'row_ar',
  'price',
  'unit',
  'packQuantity',
  'minimumOrder',
  'priceBreaks',
  'published',
] as const;
const WHOLE = new Set(['details', 'details_ar', 'row', 'row_ar']);

type Unit =
  | { kind: 'product'; field: string }
  | { kind: 'variant'; code: string }
  | { kind: 'variantField'; code: string; field: string };

const keyOf = (unit: Unit): string =>
  unit.kind === 'product'
    ? `p\u0000${unit.field}`
    : unit.kind === 'variant'
      ? `v\u0000${unit.code}`
      : `f\u0000${unit.code}\u0000${unit.field}`;
const unitOf = (key: string): Unit => {
  const [kind, first, second] = key.split('\u0000') as [string, string, string | undefined];
  if (kind === 'p') return { kind: 'product', field: first };
  if (kind === 'v') return { kind: 'variant', code: first };
  return { kind: 'variantField', code: first, field: second ?? '' };
};

/** A unit's value as JSON (its keys in their order: a table row's columns keep it) and as compared (keys sorted). */
interface UnitValue {
  json: string;
  compared: string;
}
type Units = Map<string, UnitValue>;

const valueOf = (value: unknown): UnitValue => ({ json: JSON.stringify(value), compared: canonicalJson(value) });

/** A content's units. */
function unitsOf(content: EditableProduct): Units {
  const units: Units = new Map();
  for (const field of PRODUCT_FIELDS) units.set(keyOf({ kind: 'product', field }), valueOf(content[field] ?? null));
  (content.variants ?? []).forEach((variant, index) => {
    units.set(keyOf({ kind: 'variant', code: variant.code }), valueOf(true));
    for (const field of VARIANT_FIELDS)
      units.set(keyOf({ kind: 'variantField', code: variant.code, field }), valueOf(variant[field] ?? null));
    units.set(keyOf({ kind: 'variantField', code: variant.code, field: 'position' }), valueOf(index + 1));
  });
  return units;
}

/** The keys whose values differ between two contents' units. */
function differing(a: Units, b: Units): Set<string> {
  return new Set(
    [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key)?.compared !== b.get(key)?.compared),
  );
}

/** A content from its units (`now` gives what units do not: the columns made from the variants). */
function contentOf(units: Units, now: EditableProduct): EditableProduct {
  const value = (unit: Unit): unknown => {
    const text = units.get(keyOf(unit))?.json;
    return text === undefined ? undefined : JSON.parse(text);
  };
  const product: Record<string, unknown> = { ...now };
  for (const field of PRODUCT_FIELDS) product[field] = value({ kind: 'product', field });
  const codes = [...units.keys()].map(unitOf).flatMap((unit) => (unit.kind === 'variant' ? [unit.code] : []));
  const variants = codes
    .map((code) => {
      const variant: Record<string, unknown> = { code };
      for (const field of VARIANT_FIELDS) {
        const item = value({ kind: 'variantField', code, field });
        if (item !== null && item !== undefined) variant[field] = item;
      }
      return {
        variant: variant as EditableVariant,
        position: Number(value({ kind: 'variantField', code, field: 'position' })),
      };
    })
    .sort((a, b) => a.position - b.position)
    .map(({ variant }) => variant);
  return cleanContent({ ...(product as EditableProduct), variants });
}

const shownValue = (text: string | undefined, field: string): string => {
  if (text === undefined) return 'none';
  const value: unknown = JSON.parse(text);
  if (value === null || value === '') return 'none';
  // a price and a pack quantity are numbers written as text: shown bare, as the import's report shows them
  if (typeof value === 'string') return field === 'price' || field === 'packQuantity' ? value : `"${value}"`;
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : text;
};

/** One unit set back, in the import report's words. */
function changeWords(id: string, key: string, from: Units, to: Units) {
  const unit = unitOf(key);
  if (unit.kind === 'variant')
    return to.has(key)
      ? `${unit.code}: put back (the import removed it)`
      : `${unit.code}: removed (the import added it)`;
  const field = unit.field;
  const column = columnOfVariantField(field);
  const said = WHOLE.has(field)
    ? `${column} changed back`
    : `${column} ${shownValue(from.get(key)?.json, field)} → ${shownValue(to.get(key)?.json, field)}`;
  return unit.kind === 'product' ? `product ${id}: ${said}` : `${unit.code}: ${said}`;
}

const unitName = (key: string): string => {
  const unit = unitOf(key);
  if (unit.kind === 'product') return unit.field;
  if (unit.kind === 'variant') return unit.code;
  return `${unit.code}: ${columnOfVariantField(unit.field)}`;
};

export interface UndoPlan {
  /** The products the import changed or added. */
  products: number;
  /** The products set back, each with the content it gets. */
  restore: { id: string; content: EditableProduct }[];
  /** The products the import added, unchanged since: withdrawn. */
  withdraw: string[];
  /** The products with nothing left to set back (a later change did it already). */
  unchanged: number;
  changes: ImportChange[];
  /** Each unit a later change touched too: the undo is refused while there is any. */
  conflicts: ImportProblem[];
  /** The products with conflicts. */
  conflicted: number;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dubai',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The undo of import job `importJobId`, as it would be now (read in the caller's transaction). */
export async function planUndo(trx: Kysely<DatabaseSchema>, importJobId: string): Promise<UndoPlan> {
  const versions = await trx
    .selectFrom('catalogue_product_history')
    .select(['product_id', 'version', 'content'])
    .where('import_job_id', '=', importJobId)
    // a bulk edit's versions are an import's (its rows were imported)
    .where('action', 'in', ['import', 'bulk-edit'])
    .orderBy('product_id')
    .execute();
  const ids = versions.map((row) => row.product_id);
  // each product's version before the import's, and the newest after it (who changed it since)
  const { rows: before } = await sql<{ product_id: string; content: EditableProduct }>`
    select distinct on (h.product_id) h.product_id, h.content
    from catalogue_product_history h
    join catalogue_product_history j on j.product_id = h.product_id and j.import_job_id = ${importJobId} and j.action in ('import', 'bulk-edit')
    where h.version < j.version
    order by h.product_id, h.version desc`.execute(trx);
  const { rows: later } = await sql<{ product_id: string; published_by_email: string | null; published_at: Date }>`
    select distinct on (h.product_id) h.product_id, h.published_by_email, h.published_at
    from catalogue_product_history h
    join catalogue_product_history j on j.product_id = h.product_id and j.import_job_id = ${importJobId} and j.action in ('import', 'bulk-edit')
    where h.version > j.version
    order by h.product_id, h.version desc`.execute(trx);
  const beforeOf = new Map(before.map((row) => [row.product_id, row.content]));
  const laterOf = new Map(later.map((row) => [row.product_id, row]));
  const nowRows = await exportCatalogueRowsOf(trx, ids);
  const plan: UndoPlan = {
    products: ids.length,
    restore: [],
    withdraw: [],
    unchanged: 0,
    changes: [],
    conflicts: [],
    conflicted: 0,
  };
  for (const { product_id: id, content } of versions) {
    const after = content as EditableProduct;
    const rows = nowRows.get(id);
    const now = rows === undefined ? undefined : contentOfRows(rows);
    const changedBy = laterOf.get(id);
    const who =
      changedBy === undefined
        ? 'after the import'
        : `after the import by ${changedBy.published_by_email ?? 'the command line'} on ${WHEN.format(changedBy.published_at)} (Dubai time)`;
    const conflict = (column: string, reason: string) =>
      plan.conflicts.push({ line: 0, id, column, reason: `${reason} ${who}` });
    if (now === undefined) {
      plan.conflicted += 1;
      conflict('product', 'It was withdrawn');
      continue;
    }
    const [afterUnits, nowUnits] = [unitsOf(after), unitsOf(now)];
    const since = differing(afterUnits, nowUnits);
    const previous = beforeOf.get(id);
    if (previous === undefined) {
      // the import added it: withdrawn, if nothing changed it since
      if (since.size > 0) {
        plan.conflicted += 1;
        conflict('product', 'The import added this product, and it was changed');
      } else {
        plan.withdraw.push(id);
        plan.changes.push({ line: 0, id, change: `product ${id}: withdrawn (the import added it)` });
      }
      continue;
    }
    const beforeUnits = unitsOf(previous);
    const byImport = differing(beforeUnits, afterUnits);
    const codesSince = new Set([...since].map(unitOf).flatMap((unit) => (unit.kind === 'product' ? [] : [unit.code])));
    const clashes = [...byImport].filter((key) => {
      const unit = unitOf(key);
      if (since.has(key)) return true;
      // a variant the import added or removed against any later change of it, and the other way round
      if (unit.kind === 'variant') return codesSince.has(unit.code);
      return unit.kind === 'variantField' && since.has(keyOf({ kind: 'variant', code: unit.code }));
    });
    if (clashes.length > 0) {
      plan.conflicted += 1;
      for (const key of clashes) conflict(unitName(key), `${unitName(key)} was changed again`);
      continue;
    }
    if (byImport.size === 0) {
      plan.unchanged += 1;
      continue;
    }
    const result = new Map(nowUnits);
    for (const key of byImport) {
      const value = beforeUnits.get(key);
      if (value === undefined) result.delete(key);
      else result.set(key, value);
      plan.changes.push({ line: 0, id, change: changeWords(id, key, afterUnits, beforeUnits) });
    }
    plan.restore.push({ id, content: contentOf(result, now) });
  }
  return plan;
}
