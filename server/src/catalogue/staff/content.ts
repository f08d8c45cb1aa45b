// A product's editable content (@site/contracts/staff-catalogue-api EditableProduct) and the catalogue file's row it
// stands for: the editor reads, checks and writes a product as the import does (catalogue/file/catalogueImport.ts),
// so a draft is held to exactly the rules a file's row is.
import type { Kysely } from 'kysely';
import type { ApiProblem } from '@site/contracts/forms-api';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { exportCatalogueRow, importRowsIn } from '../file/catalogueImport.js';
import type { RowProblem } from '../file/rowChecks.js';
import { cleanDetailDocument } from '../richText.js';
import { EditorError } from './errors.js';
import { contentOfRows, derivedProductColumns, problemsOfLines, rowsOfContent } from './variantRows.js';

export { contentOfRows, rowsOfContent };

/** `content` with the HTML of its two detail documents cleaned to what the product page renders. */
export function cleanContent(content: EditableProduct): EditableProduct {
  // the product's code, price and unit are its variants' (a draft never shows them disagreeing)
  return {
    ...content,
    ...derivedProductColumns(content),
    details: cleanDetailDocument(content.details),
    details_ar: cleanDetailDocument(content.details_ar),
  };
}

/** The product's live content, or undefined when there is no such product. */
export async function publishedContent(db: Kysely<DatabaseSchema>, id: string): Promise<EditableProduct | undefined> {
  const rows = await exportCatalogueRow(db, id);
  return rows === undefined ? undefined : contentOfRows(rows);
}

/**
 * Writes `content` as product `id` through the import (search rows, filter values, brands, its variants, the catalogue's
 * version), or with `dryRun` only checks it. Resolves to its problems, each at its value's path in the content (a
 * variant's: ['variants', 3, 'code']; the product's: ['productName_ar'], ['details', 'description', 0, 'key']) and
 * naming it in its words; nothing is written when there is any.
 */
export async function importContent(
  trx: Kysely<DatabaseSchema>,
  id: string,
  content: EditableProduct,
  options: { dryRun: boolean },
): Promise<readonly RowProblem[]> {
  const rows = rowsOfContent(id, content);
  // a row a variant: line n is variant n - 1
  const outcome = await importRowsIn(
    trx,
    rows.map((row, index) => ({ line: index + 1, row })),
    options,
  );
  return problemsOfLines(outcome.problemsByLine, content);
}

/**
 * 400: the content breaks the catalogue's rules. The sentence names every problem in the import's words; the problems
 * one by one are at their values in the request: a content field's under ['content', …] (a publish's too: its draft's
 * content is the form's), the id's at `idAt` (a new product's id is its body's ['id']; a draft's is its address, [] the
 * request as a whole).
 */
export function contentRefused(
  what: 'saved' | 'created',
  problems: readonly RowProblem[],
  idAt: readonly ['id'] | readonly [],
): EditorError {
  const paths: ApiProblem[] = problems.map(({ path, message }) => ({
    path: path[0] === 'id' ? [...idAt] : ['content', ...path],
    message,
  }));
  const messages = problems.map(({ message }) => message);
  return new EditorError(
    400,
    `The product was not ${what}: ${messages.length} problem${messages.length === 1 ? '' : 's'} to fix: ${messages.join('; ')}`,
    paths,
  );
}

/**
 * An archived product's content (as it was archived: its history's archive version) and who archived it when, or
 * undefined when no product of that id is archived.
 */
export async function archivedContent(
  db: Kysely<DatabaseSchema>,
  id: string,
): Promise<{ content: EditableProduct; by: string | null; at: Date } | undefined> {
  const row = await db
    .selectFrom('catalogue_archived_products as a')
    .innerJoin('catalogue_product_history as h', (join) =>
      join.onRef('h.product_id', '=', 'a.id').on('h.action', '=', 'archive'),
    )
    .select(['h.content', 'a.archived_by_email', 'a.archived_at'])
    .where('a.id', '=', id)
    .orderBy('h.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  // the content was written by archiveProduct from publishedContent: an EditableProduct
  return row === undefined
    ? undefined
    : { content: row.content as EditableProduct, by: row.archived_by_email, at: row.archived_at };
}
