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
    .select(['version', 'published_by_email', 'published_at', 'action'])
    .where('product_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return {
    versions: rows.map((row) => ({
      version: Number(row.version),
      publishedBy: row.published_by_email,
      publishedAt: row.published_at.toISOString(),
      action: row.action,
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

/** The fields that differ between two contents, in the newer one's order, then the ones it no longer has. */
export function fieldChanges(before: unknown, after: unknown): ProductDiff['changes'] {
  const old = leaves(before, '', new Map());
  const now = leaves(after, '', new Map());
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
