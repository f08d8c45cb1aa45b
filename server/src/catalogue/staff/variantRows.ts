// A product's editable content and the catalogue file's rows it stands for: one row per variant, the product's columns
// repeated on each (catalogue/file/columns.ts). The editor's problems come back by row, each at its path in the
// content: a variant's field's (['variants', 3, 'code']), the product's at its own field.
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import { type CatalogueFileRow, problemColumn } from '../file/columns.js';
import type { RowProblem } from '../file/rowChecks.js';
import { withRelatedColumns } from '../related/relatedColumns.js';

/** The editable variant's field each variant column of the file is. */
const FIELD_OF: Partial<Record<string, keyof EditableVariant>> = {
  code: 'code',
  price: 'price',
  unit: 'unit',
  mpn: 'mpn',
  variantLabel: 'label',
  variantLabel_ar: 'label_ar',
  variantRow: 'row',
  variantRow_ar: 'row_ar',
  packQuantity: 'packQuantity',
  minimumOrder: 'minimumOrder',
  priceBreaks: 'priceBreaks',
  published: 'published',
};

/** The file column an editor's variant field is read from ('label' → 'variantLabel'); the field's own name else. */
export const columnOfVariantField = (field: string): string =>
  Object.entries(FIELD_OF).find(([, named]) => named === field)?.[0] ?? field;

/** The content's variants; content saved before variants had none: one of its code, price and unit. */
export function variantsOf(content: EditableProduct): EditableVariant[] {
  return (
    content.variants ?? [
      {
        code: content.code,
        mpn: '',
        label: '',
        label_ar: '',
        price: content.price,
        unit: content.unit,
        packQuantity: '',
        published: true,
      },
    ]
  );
}

/** The product's code, price and unit as its variants make them: its first published one's code and unit, its lowest published price. */
export function derivedProductColumns(content: EditableProduct): Pick<EditableProduct, 'code' | 'price' | 'unit'> {
  // content without variants is its one variant: its own code, price and unit (a bad price is the check's to say)
  if (content.variants === undefined) return { code: content.code, price: content.price, unit: content.unit };
  const published = content.variants.filter((variant) => variant.published);
  const first = published[0];
  if (first === undefined) return { code: content.code, price: content.price, unit: content.unit };
  const prices = published
    .map((variant) => variant.price.trim())
    .filter((price) => /^\d{1,9}(\.\d{1,2})?$/.test(price));
  const lowest = prices.length === 0 ? '' : prices.reduce((low, price) => (Number(price) < Number(low) ? price : low));
  return { code: first.code, price: lowest, unit: first.unit };
}

export function rowsOfContent(id: string, content: EditableProduct): CatalogueFileRow[] {
  const { variants: _variants, code: _code, price: _price, unit: _unit, details, details_ar, ...fields } = content;
  // the links travel in `details` (their columns left empty: related/relatedColumns.ts)
  const product = {
    id,
    ...fields,
    details: JSON.stringify(details),
    details_ar: JSON.stringify(details_ar),
    fitsWith: '',
    alternatives: '',
  };
  return variantsOf(content).map((variant) => ({
    ...product,
    code: variant.code,
    price: variant.price,
    unit: variant.unit,
    mpn: variant.mpn,
    variantLabel: variant.label,
    variantLabel_ar: variant.label_ar,
    variantRow: variant.row === undefined ? '' : JSON.stringify(variant.row),
    variantRow_ar: variant.row_ar === undefined ? '' : JSON.stringify(variant.row_ar),
    packQuantity: variant.packQuantity,
    minimumOrder: variant.minimumOrder ?? '',
    priceBreaks: variant.priceBreaks ?? '',
    published: variant.published ? 'yes' : 'no',
  }));
}

const parsed = (text: string): Record<string, unknown> | undefined =>
  text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);

/** A product's rows (its variants', in order: exportCatalogueRow) as its editable content. */
export function contentOfRows(rows: readonly CatalogueFileRow[]): EditableProduct {
  const first = rows[0]!;
  const variants = rows.map((row): EditableVariant => {
    const cells = parsed(row.variantRow);
    const cellsAr = parsed(row.variantRow_ar);
    return {
      code: row.code,
      mpn: row.mpn,
      label: row.variantLabel,
      label_ar: row.variantLabel_ar,
      ...(cells === undefined ? {} : { row: cells }),
      ...(cellsAr === undefined ? {} : { row_ar: cellsAr }),
      price: row.price,
      unit: row.unit,
      packQuantity: row.packQuantity,
      // absent when none: content saved before decision 043 reads the same
      ...(row.minimumOrder === '' ? {} : { minimumOrder: row.minimumOrder }),
      ...(row.priceBreaks === '' ? {} : { priceBreaks: row.priceBreaks }),
      published: row.published !== 'no',
    };
  });
  const content: EditableProduct = {
    productCategoryId: first.productCategoryId,
    productName: first.productName,
    productName_ar: first.productName_ar,
    code: first.code,
    company: first.company,
    price: first.price,
    unit: first.unit,
    popularity: first.popularity,
    dateAdded: first.dateAdded,
    image: first.image,
    // the exported row's links are in their columns: the editor keeps them in `details`
    details: withRelatedColumns(JSON.parse(first.details) as Record<string, unknown>, first) ?? {},
    details_ar: JSON.parse(first.details_ar) as Record<string, unknown>,
    variants,
  };
  return { ...content, ...derivedProductColumns(content) };
}

const DUPLICATE = /^duplicate code "(.*)": line (\d+)(?: \(product [^)]*\))? has it/;

/**
 * The import's problems by line (line n: variant n - 1) as the editor's, each at its path in the content: a variant
 * column's at its variant's field (['variants', 3, 'code']), the product's at its own (['productName_ar'], ['details',
 * 'description', 0, 'key']), none published at ['variants']; content without variants has its problems at its own fields.
 */
export function problemsOfLines(
  byLine: ReadonlyMap<number, readonly RowProblem[]>,
  content: EditableProduct,
): RowProblem[] {
  const variants = variantsOf(content);
  const named = (index: number) => `variant ${index + 1} (${variants[index]?.code ?? ''})`;
  const problems: RowProblem[] = [];
  for (const [line, list] of [...byLine].sort(([a], [b]) => a - b)) {
    const index = line - 1;
    for (const { path, message } of list) {
      // the product's own problems are said on its first row
      if (message.startsWith("the product's columns have problems")) continue;
      // content without variants (the new-product form's) is its one variant: its code, price and unit are its own fields
      if (content.variants === undefined) {
        problems.push({ path, message });
        continue;
      }
      // two variants of one code: the sentence names the line that has it first, marked too
      const duplicate = DUPLICATE.exec(message);
      if (duplicate !== null) {
        const other = Number(duplicate[2]) - 1;
        const both = `${named(other)} and ${named(index)} have one code (${duplicate[1]}): each variant needs its own`;
        problems.push(
          { path: ['variants', other, 'code'], message: both },
          { path: ['variants', index, 'code'], message: both },
        );
        continue;
      }
      const [column, ...rest] = path;
      const field = FIELD_OF[problemColumn(path) ?? ''];
      // the editor sends each variant's published as yes or no: its only problem there is that none is
      if (column === 'published')
        problems.push({
          path: ['variants'],
          message: 'At least one variant must be published: a product with none cannot be ordered.',
        });
      else if (field !== undefined)
        problems.push({
          path: ['variants', index, field, ...rest],
          // the field is named by the form's label already: a worded limit goes without its column's name
          message: `${named(index)}: ${rest.length === 0 && message.startsWith(`${String(column)}: `) ? message.slice(String(column).length + 2) : message}`,
        });
      else problems.push({ path, message });
    }
  }
  return problems;
}
