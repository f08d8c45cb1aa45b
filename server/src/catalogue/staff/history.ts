// A product's published versions, and what changed between two of them, field by field.
import type { Kysely } from 'kysely';
import type { ProductDiff, ProductVersionList } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { notFound } from './errors.js';

export async function listVersions(db: Kysely<DatabaseSchema>, id: string): Promise<ProductVersionList> {
  const product =
    (await db.selectFrom('catalogue_products').select('id').where('id', '=', id).executeTakeFirst()) ??
    (await db.selectFrom('catalogue_archived_products').select('id').where('id', '=', id).executeTakeFirst());
  if (product === undefined) throw notFound('There is no such product');
  const rows = await db
    .selectFrom('catalogue_product_history')
    .select(['version', 'published_by_email', 'published_at', 'action', 'note', 'import_job_id', 'publish_schedule_id'])
    .where('product_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return {
    versions: rows.map((row) => ({
      version: Number(row.version),
      publishedBy: row.published_by_email,
      publishedAt: row.published_at.toISOString(),
      action: row.action,
      ...(row.note === null ? {} : { importedFrom: row.note }),
      ...(row.import_job_id === null ? {} : { importJob: row.import_job_id }),
      ...(row.publish_schedule_id === null ? {} : { onSchedule: true as const }),
    })),
  };
}

/** Every leaf of a JSON value by its path ('details.description.2.value'); an empty object or array is a leaf. */
function leaves(value: unknown, path: string, into: Map<string, unknown>): Map<string, unknown> {
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : undefined;
  if (entries === undefined || entries.length === 0) into.set(path, value);
  else for (const [key, item] of entries) leaves(item, path === '' ? key : `${path}.${key}`, into);
  return into;
}

/**
 * A content's leaves, its variants' by their code as an import's report words them ('HEX-CW-25: price'), not by their
 * place in the list: a variant moved or added before another is not every later variant changed. Its place is a
 * field of its own ('HEX-CW-25: position').
 */
function contentLeaves(content: unknown): Map<string, unknown> {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return leaves(content, '', new Map());
  const { variants, ...product } = content as Record<string, unknown>;
  const into = leaves(product, '', new Map());
  if (!Array.isArray(variants)) return into;
  variants.forEach((variant, index) => {
    const { code, ...fields } = (variant ?? {}) as Record<string, unknown>;
    const name = String(code);
    for (const [field, value] of leaves({ ...fields, position: index + 1 }, '', new Map()))
      into.set(`${name}: ${field}`, value);
  });
  return into;
}

/** The variants of a content by their code. */
function variantsByCode(content: unknown): Map<string, unknown> {
  const variants = (content as { variants?: unknown } | null)?.variants;
  return new Map(
    Array.isArray(variants) ? variants.map((variant) => [String((variant as { code?: unknown }).code), variant]) : [],
  );
}

/**
 * The fields that differ between two contents, in the newer one's order, then the ones it no longer has; a variant
 * only one of them has is one change, under its code.
 */
export function fieldChanges(before: unknown, after: unknown): ProductDiff['changes'] {
  const [oldVariants, newVariants] = [variantsByCode(before), variantsByCode(after)];
  const alone = (code: string) => oldVariants.has(code) !== newVariants.has(code);
  const ofAlone = (field: string) => {
    const colon = field.indexOf(': ');
    return colon > 0 && alone(field.slice(0, colon));
  };
  const wholeVariants = [...new Set([...oldVariants.keys(), ...newVariants.keys()])]
    .filter(alone)
    .map((code) => ({ field: code, before: oldVariants.get(code) ?? null, after: newVariants.get(code) ?? null }));
  return [...fieldChangesOf(before, after).filter((change) => !ofAlone(change.field)), ...wholeVariants];
}

function fieldChangesOf(before: unknown, after: unknown): ProductDiff['changes'] {
  const old = contentLeaves(before);
  const now = contentLeaves(after);
  const changes: ProductDiff['changes'] = [];
  for (const [field, value] of now) {
    if (JSON.stringify(old.get(field) ?? null) !== JSON.stringify(value))
      changes.push({ field, before: old.get(field) ?? null, after: value });
  }
  for (const [field, value] of old) if (!now.has(field)) changes.push({ field, before: value, after: null });
  return changes;
}

export async function diffVersions(
  db: Kysely<DatabaseSchema>,
  id: string,
  from: number,
  to: number,
): Promise<ProductDiff> {
  const rows = await db
    .selectFrom('catalogue_product_history')
    .select(['version', 'content'])
    .where('product_id', '=', id)
    .where('version', 'in', [from, to])
    .execute();
  const contentOf = (version: number) => {
    const row = rows.find((candidate) => Number(candidate.version) === version);
    if (row === undefined) throw notFound(`Product ${id} has no published version ${version}`);
    return row.content;
  };
  return { from, to, changes: fieldChanges(contentOf(from), contentOf(to)) };
}
