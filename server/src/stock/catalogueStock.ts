// The stock as the catalogue's listing and search read it ("In stock at", the cards' badge): the catalogue declares
// what it needs (catalogue/productStock.ts, through its index.ts) and app.ts hands it this. The stock's tables stay
// this feature's: the catalogue joins the relation given here and never names them.
import { sql } from 'kysely';
import type { ProductStock } from '../catalogue/index.js';
import type { StockReader } from './stockReader.js';

/** The codes on hand at each location (stock_levels' primary key reads them by code), at the version `reader` follows. */
export function catalogueStock(reader: StockReader): ProductStock {
  return {
    version: () => reader.version(),
    onHand: () => sql`select code_key, location from stock_levels where on_hand > 0`,
  };
}
