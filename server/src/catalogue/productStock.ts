// The stock as the listing and the search read it: "In stock at" (a filter with its counts) and the cards' badge.
// Declared here, made by the stock feature (stock/index.ts catalogueStock) and handed over by app.ts. Why this way
// round: the stock feature already uses the catalogue (VersionedMemo), so the catalogue importing the stock would make
// a circle; the catalogue says what it needs (a relation of codes on hand and a version) and never names a stock table,
// and the stock feature keeps its SQL.
import type { StockLocation } from '@site/contracts/stock-api';
import { sql, type RawBuilder } from 'kysely';

export interface ProductStock {
  /** The stock's version as this process follows it; negative when not known (nothing is then kept). */
  version(): number;
  /** A select of `(code_key text, location text)`: each variant code's locations with stock on hand (onHand > 0). */
  onHand(): RawBuilder<unknown>;
}

/**
 * The locations where the product `productId` has a published variant on hand, each once: a relation of `location`.
 * A withdrawn (unpublished) variant is not orderable, so its stock is not the product's (docs/stock.md keeps it).
 */
export const locationsOnHand = (stock: ProductStock, productId: RawBuilder<string>): RawBuilder<unknown> =>
  sql`(select distinct h.location from catalogue_product_variants as v join (${stock.onHand()}) as h on h.code_key = v.code_key
    where v.product_id = ${productId} and v.published)`;

/** Whether the product has a published variant on hand at one of `locations` (any, when not given). */
export const onHandAt = (
  stock: ProductStock,
  productId: RawBuilder<string>,
  locations?: readonly StockLocation[],
): RawBuilder<boolean> =>
  sql<boolean>`exists (select from catalogue_product_variants as v join (${stock.onHand()}) as h on h.code_key = v.code_key
    where v.product_id = ${productId} and v.published${locations === undefined ? sql`` : sql` and h.location = any(${sql.val([...locations])}::text[])`})`;

/** Of the products `ids`, those with a published variant on hand anywhere (the cards' badge), as a set. */
export const productsOnHandOf = (stock: ProductStock, ids: readonly string[]): RawBuilder<{ product_id: string }> =>
  sql<{
    product_id: string;
  }>`select distinct v.product_id from catalogue_product_variants as v join (${stock.onHand()}) as h on h.code_key = v.code_key
    where v.product_id = any(${sql.val([...ids])}::text[]) and v.published`;
