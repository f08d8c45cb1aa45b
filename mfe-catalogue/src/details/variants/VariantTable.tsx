// The specification table of a product whose rows are its variants: each row its code (the row's header, with
// "Choose"), its cells, its price (and pack) and, once the page has started, its stock in a word and "Add to quote". Its own chunk
// (LazyVariantTable.tsx): only a product with several variants loads it, after the page has started.
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useHydrated } from '@site/shared-ui';
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

const VariantsTable = styled(Table)`
  /* heard, not seen (the box around is named the same): hidden as shared-ui's VisuallyHidden hides, no element more */
  > caption { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  tbody th { font-weight: 600; white-space: nowrap; }
  tbody th > * { display: block; margin-block-start: 4px; font-size: ${({ theme }) => theme.typeScale.xs}; }
  tbody tr[aria-current] { background: ${({ theme }) => theme.colors.brandLight}; }
  tbody tr[aria-current] th { border-inline-start: 4px solid ${({ theme }) => theme.colors.accent}; }
  td:has(> form) { text-align: start; min-inline-size: 16em; }
`;

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
  const spanned = header.length > 1 ? header.length : undefined;
  const stockWord = (availability: Parameters<typeof shortStatus>[0]) => {
    const status = shortStatus(availability);
    return status === null ? null : shortText(text, status);
  };
  return (
    <Scroller role="region" aria-label={caption} tabIndex={0} id={VARIANT_TABLE_ID}>
      <VariantsTable>
        <caption>{caption}</caption>
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
                    {text('catalogue.compare.price')}
                  </th>
                  {hydrated ? (
                    <th scope="col" rowSpan={spanned} style={STOCK_COLUMN}>
                      {text('catalogue.stock.label')}
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
              <tr key={variant.code} aria-current={selected ? 'true' : undefined}>
                <th scope="row">
                  {`${variant.code} `}
                  {selected ? (
                    <strong>{text('catalogue.variants.selected')}</strong>
                  ) : (
                    <Link
                      to={{ search: productViewSearch(variant.code) }}
                      replace
                      aria-label={text('catalogue.variants.chooseNamed', { code: variant.code })}
                    >
                      {text('catalogue.variants.choose')}
                    </Link>
                  )}
                </th>
                {body[index]!.map((value, cellIndex) => (
                  <td key={cellIndex}>{value}</td>
                ))}
                <td>
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
                {hydrated ? <td style={STOCK_COLUMN}>{stockWord(stock?.byCode.get(variant.code))}</td> : null}
                {orderable && quoteFacts !== null ? (
                  <td>
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
    </Scroller>
  );
}
