// The specification table of a product whose rows are its variants: each row its code (the row's header, with
// "Choose"), its cells, its price (and pack) and, once the page has started, its stock in a word and "Add to quote". Its own chunk
// (LazyVariantTable.tsx): only a product with several variants loads it, after the page has started. On a phone each
// row is a block (CSS only, from the server's first paint): its code, the columns that choose a size
// (choosingColumns.ts), its price and what follows, each value after its label; a link gives the whole table.
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { maxWidth, theme, useHydrated } from '@site/shared-ui';
import { useAppSelector } from '@site/shared-store';
import type { ProductVariant, TableCell } from '@site/content';
import type { DisplayPrices } from '@site/contracts/catalogue-api';
import { productViewSearch } from '@site/contracts/product-view';
import { priceText } from '../../listing/priceText';
import { AddToQuote } from '../../quote/AddToQuote';
import type { ProductQuoteFacts } from '../productDetailSlice';
import { layoutHeader, tableBodyRows } from '../table/detailTable';
import { HeaderCell, Scroller, Table } from '../table/DetailTable';
import { useStock } from '../stock/stockStore';
import { shortStatus, shortText } from '../stock/stockText';
import { useVariantText } from './i18n/variantText';
import { VARIANT_TABLE_ID, variantQuoteProduct } from './variants';
import { choosingColumns, leafColumnNames } from './choosingColumns';

/** The id of the table: "Show the full table" on a phone links to it (:target). */
export const VARIANT_FULL_TABLE_ID = 'variants-full';

/**
 * On a phone (theme.mobile or narrower) the table is stacked blocks, one a size, unless it is the address's target (the
 * link "Show the full table" before it): its head and the columns that do not choose a size (data-more) left out, each
 * value after its label (data-label; generated text, which a screen reader reads too). As the target, it is the
 * desktop's table, scrolled sideways in its box; the browser's Back gives the blocks again. On a desktop the link is not
 * drawn. CSS and a plain link alone: it works from the server's paint, without scripts. The product page's first view
 * counts its elements and CSS rules (tests/budgets/first-view.json): the link is the one element more, the table's
 * name moved from a <caption> to its aria-label the one less; these five rules are paid for by the row marks and the
 * quantity form's cell below, set inline, and the caption's rule gone.
 */
const VariantsBox = styled(Scroller)`
  > a { display: none; }
  ${maxWidth(theme.mobile)} {
    > a, > table:not(:target), > table:not(:target) :is(tbody, tr, th, td) { display: block; min-width: 0; border: 0; text-align: start; }
    > table:not(:target) :is(thead, [data-more]) { display: none; }
    > table:not(:target) [data-label]:not(:empty)::before { content: attr(data-label) ': '; font-weight: 600; }
  }
`;

const VariantsTable = styled(Table)`
  tbody th { font-weight: 600; white-space: nowrap; }
`;

/** The link to the full table on a phone: a tap's size (inline: no CSS rule in the server's HTML). */
const FULL_TABLE_LINK = { padding: '10px' } as const;

/** "Choose" or "Selected" under the code, on a line of its own (inline, as the three below). */
const CHOICE = { display: 'block', marginBlockStart: '4px', fontSize: theme.typeScale.xs } as const;

/** The chosen variant's row and its header: marked. */
const CHOSEN_ROW = { background: theme.colors.brandLight } as const;
const CHOSEN_HEADER = { borderInlineStart: `4px solid ${theme.colors.accent}` } as const;

/** The quantity form's cell (drawn once the page has started). */
const QUOTE_CELL = { textAlign: 'start', minInlineSize: '16em' } as const;

/**
 * The stock column: drawn with the quantity forms once the page has started, its width set (inline: no CSS rule in the
 * server's HTML), so its words arriving move nothing.
 */
const STOCK_COLUMN = { width: '9em', whiteSpace: 'nowrap' } as const;

/**
 * A variant's minimum order and price breaks as the price cell's lines ("Minimum order: 10", "50+: AED 12.50"): a
 * break's price in the visitor's currency as its unit price is (the server's amounts, decision 044), indicative too.
 */
function orderLines(
  variant: ProductVariant,
  text: ReturnType<typeof useVariantText>,
  display: DisplayPrices | null | undefined,
): string[] {
  return [
    ...(variant.minimumOrder === undefined
      ? []
      : [text('catalogue.variants.minimumOrder', { count: variant.minimumOrder })]),
    ...(variant.priceBreaks ?? []).map((item) =>
      text('catalogue.variants.break', {
        quantity: item.quantity,
        price: priceText(Number(item.price), text, false, display),
      }),
    ),
  ];
}

export interface VariantTableProps {
  caption: string;
  columns: TableCell[][];
  variants: readonly ProductVariant[];
  /** The chosen variant's code (the address's ?variant=), or null. */
  chosen: string | null;
  productId: string;
  productName: string;
  quoteFacts: ProductQuoteFacts | null;
}

/**
 * One row per variant, in order. "Choose" is a link to the page with the variant in its query (replacing the history
 * entry: choosing is not a page to go back to); without JavaScript it still works. The code needs no <bdi>: letters,
 * digits and dashes read left to right in either direction. The column of quantity forms is drawn once the page has
 * started, as nothing can be added before: the server's table has no empty cells (a row is its header, its values and
 * its price, the pack's size written in the price's cell).
 */
export default function VariantTable({
  caption,
  columns,
  variants,
  chosen,
  productId,
  productName,
  quoteFacts,
}: VariantTableProps) {
  const text = useVariantText();
  // the state's field itself: importing the slice's selector would bring the slice into this later chunk
  const display = useAppSelector((state) => state.productDetail?.display);
  const hydrated = useHydrated();
  const orderable = hydrated && quoteFacts !== null;
  // each variant's stock in a word, read once the page has started (never in the server's HTML, which pages' caches keep)
  const stock = useStock(useMemo(() => variants.map((variant) => variant.code), [variants]));
  const header = useMemo(() => layoutHeader(columns), [columns]);
  const body = useMemo(
    () =>
      tableBodyRows(
        columns,
        variants.map((variant) => variant.row ?? {}),
      ),
    [columns, variants],
  );
  // each leaf column's label on a phone ('Thread Size (mm)'), or null where it does not choose a size (left out there)
  const phoneLabels = useMemo(() => {
    const chosenColumns = new Set(
      choosingColumns(
        body,
        variants.map((variant) => variant.code),
      ),
    );
    return leafColumnNames(columns).map((names, index) => {
      if (!chosenColumns.has(index)) return null;
      const [group = '', ...rest] = names;
      // a group's column in brackets after it: the same in either edition (the brackets mirror right to left)
      return rest.length === 0 ? group : `${group} (${rest.join(' ')})`;
    });
  }, [body, columns, variants]);
  const priceLabel = text('catalogue.compare.price');
  const stockLabel = text('catalogue.stock.label');
  const spanned = header.length > 1 ? header.length : undefined;
  const stockWord = (availability: Parameters<typeof shortStatus>[0]) => {
    const status = shortStatus(availability);
    return status === null ? null : shortText(text, status);
  };
  return (
    <VariantsBox role="region" aria-label={caption} tabIndex={0} id={VARIANT_TABLE_ID}>
      <a href={`#${VARIANT_FULL_TABLE_ID}`} style={FULL_TABLE_LINK}>
        {text('catalogue.variants.fullTable')}
      </a>
      <VariantsTable id={VARIANT_FULL_TABLE_ID} aria-label={caption}>
        <thead>
          {header.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {rowIndex === 0 ? (
                <th scope="col" rowSpan={spanned}>
                  {text('catalogue.compare.code')}
                </th>
              ) : null}
              {row.map((cell) => (
                <HeaderCell key={cell.id} cell={cell} />
              ))}
              {rowIndex === 0 ? (
                <>
                  <th scope="col" rowSpan={spanned}>
                    {priceLabel}
                  </th>
                  {hydrated ? (
                    <th scope="col" rowSpan={spanned} style={STOCK_COLUMN}>
                      {stockLabel}
                    </th>
                  ) : null}
                  {orderable ? (
                    <th scope="col" rowSpan={spanned}>
                      {text('catalogue.quote.add')}
                    </th>
                  ) : null}
                </>
              ) : null}
            </tr>
          ))}
        </thead>
        <tbody>
          {variants.map((variant, index) => {
            const selected = variant.code === chosen;
            return (
              <tr
                key={variant.code}
                aria-current={selected ? 'true' : undefined}
                style={selected ? CHOSEN_ROW : undefined}
              >
                <th scope="row" style={selected ? CHOSEN_HEADER : undefined}>
                  {`${variant.code} `}
                  {selected ? (
                    <strong style={CHOICE}>{text('catalogue.variants.selected')}</strong>
                  ) : (
                    <Link
                      to={{ search: productViewSearch(variant.code) }}
                      replace
                      style={CHOICE}
                      aria-label={text('catalogue.variants.chooseNamed', { code: variant.code })}
                    >
                      {text('catalogue.variants.choose')}
                    </Link>
                  )}
                </th>
                {body[index]!.map((value, cellIndex) => {
                  const label = phoneLabels[cellIndex] ?? null;
                  return (
                    <td key={cellIndex} data-label={label ?? undefined} data-more={label === null ? '' : undefined}>
                      {value}
                    </td>
                  );
                })}
                <td data-label={priceLabel}>
                  {priceText(variant.price, text, false, display)}
                  {variant.packQuantity === undefined
                    ? null
                    : ` · ${text('catalogue.variants.pack', { count: variant.packQuantity })}`}
                  {/* decision 043: its minimum and breaks, a line each (no element where a size has none) */}
                  {orderLines(variant, text, display).map((line) => (
                    <Fragment key={line}>
                      <br />
                      {line}
                    </Fragment>
                  ))}
                </td>
                {hydrated ? (
                  <td style={STOCK_COLUMN} data-label={stockLabel}>
                    {stockWord(stock?.byCode.get(variant.code))}
                  </td>
                ) : null}
                {orderable && quoteFacts !== null ? (
                  <td style={QUOTE_CELL}>
                    <AddToQuote
                      compact
                      product={variantQuoteProduct(productId, productName, quoteFacts, variant)}
                      namedAs={variant.code}
                    />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </VariantsTable>
    </VariantsBox>
  );
}
