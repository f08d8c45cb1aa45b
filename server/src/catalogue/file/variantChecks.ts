// A file row's variant columns checked on their own (columns.ts VARIANT_COLUMNS): the variant as the store writes it
// (variants/variantStore.ts VariantInput), or its problems, each at its column (a table row's value by its keys) and
// starting with its column's name.
import { productVariantSchema, tableRowSchema } from '@site/content/schema';
import { PRICE_TEXT as PRICE, WHOLE_NUMBER_TEXT as WHOLE } from '@site/content/catalogue-numbers';
import {
  minimumOrderProblem,
  parsePriceBreaks,
  priceBreakProblemWords,
  type PriceBreak,
} from '@site/content/price-breaks';
import { textProblemMessage } from '@site/contracts/text-field';
import type { VariantInput } from '../variants/variantStore.js';
import type { CatalogueFileRow, RowProblem, VariantColumn } from './columns.js';
import { jsonObjectCell } from './jsonCell.js';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** The column each field of productVariantSchema is read from. */
const COLUMN_OF: Record<string, VariantColumn> = {
  code: 'code',
  mpn: 'mpn',
  label: 'variantLabel',
  row: 'variantRow',
  price: 'price',
  unit: 'unit',
  packQuantity: 'packQuantity',
  minimumOrder: 'minimumOrder',
  priceBreaks: 'priceBreaks',
};

/** A row's published cell: empty or yes is published, no is withdrawn. */
export const PUBLISHED_CELLS = { yes: true, no: false } as const;

const at = (column: VariantColumn, message: string): RowProblem => ({ path: [column], message });

/** A variant field as a sentence names it. */
const FIELD_WORDS: Record<string, string> = {
  mpn: 'Part number (MPN)',
  label: 'Label',
  price: 'Price',
  packQuantity: 'Pack quantity',
};

/** A field's limit broken, in words ("Pack quantity must be 2 or more, or empty"), never the schema's own text. */
function limitWords(field: string, issue: { code: string; message: string; minimum?: unknown; maximum?: unknown }) {
  const words = FIELD_WORDS[field] ?? field;
  if (field === 'packQuantity')
    return issue.code === 'too_big'
      ? `Pack quantity must be ${Number(issue.maximum).toLocaleString('en')} or less, or empty`
      : 'Pack quantity must be 2 or more, or empty';
  if (issue.code === 'too_big' && typeof issue.maximum === 'number')
    return `${words} must be ${issue.maximum.toLocaleString('en')} characters or fewer`;
  if (issue.code === 'too_small') return `${words} must not be empty`;
  return `${words}: ${issue.message}`;
}

/**
 * A table row's cells are one line each (a cell of the table, as the editor's one-line inputs write it): a line break or
 * a direction control in one is said at its keys ('variantRow_ar.size'). The parse has refused other control characters.
 */
function cellProblems(
  column: 'variantRow' | 'variantRow_ar',
  value: unknown,
  keys: string[],
  problems: RowProblem[],
): void {
  if (typeof value === 'string') {
    const message = textProblemMessage([column, ...keys].join('.'), value, 'line');
    if (message !== null) problems.push({ path: [column, ...keys], message });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) cellProblems(column, item, [...keys, key], problems);
  }
}

/** The row's variant, or its problems ('price: …', 'variantLabel_ar: …'). */
export function checkVariantColumns(row: CatalogueFileRow): { variant: VariantInput } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const priceText = row.price.trim();
  const packText = row.packQuantity.trim();
  if (packText !== '' && !WHOLE.test(packText))
    problems.push(
      at(
        'packQuantity',
        `packQuantity: Pack quantity must be a whole number, 2 or more, or empty (not "${row.packQuantity}")`,
      ),
    );
  const minimumText = row.minimumOrder.trim();
  const minimumWords = minimumOrderProblem(row.minimumOrder);
  const minimumOk = minimumText !== '' && minimumWords === null;
  if (minimumWords !== null) problems.push(at('minimumOrder', `minimumOrder: ${minimumWords.en}`));
  // the breaks follow the variant's price at 1; a bad price is said at its own column, the breaks then wait for it
  let priceBreaks: PriceBreak[] = [];
  if (row.priceBreaks.trim() !== '' && (priceText === '' || PRICE.test(priceText))) {
    const parsed = parsePriceBreaks(row.priceBreaks, priceText);
    if ('problem' in parsed) problems.push(at('priceBreaks', `priceBreaks: ${priceBreakProblemWords(parsed.problem)}`));
    else priceBreaks = parsed.breaks;
  }
  const publishedText = row.published.trim().toLowerCase();
  if (publishedText !== '' && !(publishedText in PUBLISHED_CELLS))
    problems.push(at('published', `published "${row.published}" must be yes or no (empty: yes)`));
  const label = row.variantLabel.trim();
  const labelAr = row.variantLabel_ar.trim();
  if (label !== '' && labelAr === '') problems.push(at('variantLabel_ar', 'missing Arabic: variantLabel_ar is empty'));
  else if (labelAr !== '' && !ARABIC_LETTER.test(labelAr))
    problems.push(at('variantLabel_ar', 'missing Arabic: variantLabel_ar has no Arabic letter'));
  const tableRow = "a JSON object (the table row's column ids and values) or empty";
  const cells = jsonObjectCell(row, 'variantRow', tableRow, problems);
  const cellsAr = jsonObjectCell(row, 'variantRow_ar', tableRow, problems);
  cellProblems('variantRow', cells, [], problems);
  cellProblems('variantRow_ar', cellsAr, [], problems);
  // the Arabic row is the English row's form (the answer's schema checks the English one below)
  for (const issue of cellsAr === undefined ? [] : (tableRowSchema.safeParse(cellsAr).error?.issues ?? [])) {
    const keys = issue.path.map(String);
    problems.push({
      path: ['variantRow_ar', ...keys],
      message: `variantRow_ar: ${keys.length > 0 ? `${keys.join('.')}: ` : ''}${issue.message}`,
    });
  }
  const variant: VariantInput = {
    code: row.code.trim(),
    ...(row.mpn.trim() === '' ? {} : { mpn: row.mpn.trim() }),
    label,
    labelAr,
    ...(cells === undefined ? {} : { row: cells }),
    ...(cellsAr === undefined ? {} : { rowAr: cellsAr }),
    ...(priceText === '' || !PRICE.test(priceText) ? {} : { price: Number(priceText) }),
    unit: row.unit.trim(),
    ...(packText === '' || !WHOLE.test(packText) ? {} : { packQuantity: Number(packText) }),
    ...(minimumOk ? { minimumOrder: Number(minimumText) } : {}),
    ...(priceBreaks.length === 0 ? {} : { priceBreaks }),
    published: publishedText === 'no' ? false : true,
  };
  const { labelAr: _labelAr, rowAr: _rowAr, published: _published, ...answer } = variant;
  const checked = productVariantSchema.safeParse(answer);
  for (const issue of checked.error?.issues ?? []) {
    const [field, ...rest] = issue.path.map(String);
    const column = COLUMN_OF[field ?? ''] ?? 'code';
    // the product's check says the same of the code and unit already: said once
    if (column === 'code' || column === 'unit') continue;
    // at the value's keys (a table row's cell), where the field has any; a field's own limits in words
    problems.push({
      path: [column, ...rest],
      message: `${column}: ${rest.length > 0 ? `${rest.join('.')}: ${issue.message}` : limitWords(field ?? '', issue)}`,
    });
  }
  return problems.length > 0 ? { problems } : { variant };
}
