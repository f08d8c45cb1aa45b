// The product page's later parts (laterChunk.ts): one chunk, asked for once the page has started, so none of its bytes
// is among the scripts the page waits for before it handles clicks. The server's first view awaits it where it draws
// a part (loadLaterParts: a product's variant table), so its HTML has the table; the browser keeps that HTML (its
// "Choose" links plain links meanwhile) and hydrates it when the chunk has come (the Suspense boundary), without
// drawing it twice.
import type { ProductDetail } from '@site/content';
import { createElement, Suspense, use, type ComponentType } from 'react';
import { useHydrated } from '@site/shared-ui';
import type { ReviewFormProps } from '../../reviews/ReviewForm';
import type { StockPanelProps } from '../stock/StockPanel';
import { VARIANT_TABLE_ID } from '../variants/variants';
import { afterPageStart } from '../../common/afterStart';
import type * as LaterChunk from './laterChunk';
import { GALLERY_ID } from '../gallery/galleryId';

/**
 * Whether the later chunk draws the product's media: a gallery of several pictures, or a variant's own picture or
 * datasheet. The server awaits the chunk before drawing then. (Otherwise the first chunk draws the one picture.)
 */
export const hasLaterMedia = (detail: ProductDetail): boolean =>
  (detail.gallery?.length ?? 0) > 1 || detail.variantMedia !== undefined;

type Parts = typeof LaterChunk;

let loaded: Parts | undefined;
let loading: Promise<Parts> | undefined;

/**
 * Loads the chunk once: in the browser after the page's start where the server drew the part `serverHtmlId` (at once
 * on a page drawn in the browser); resolves when its parts can be drawn.
 */
export function loadLaterParts(serverHtmlId: string): Promise<Parts> {
  loading ??= afterPageStart(serverHtmlId)
    .then(() => import(/* webpackChunkName: "product-later" */ './laterChunk'))
    .then((parts) => (loaded = parts));
  return loading;
}

/**
 * A part of the chunk, drawn once the chunk is there (its own Suspense boundary), asked for where the server drew
 * `serverHtmlId`. One component type whatever the chunk's state (the module's exports, never made here): a typed
 * quantity survives the chunk's arrival. (One function for the parts: each its own cost the product page's first
 * chunk bytes.)
 */
function chunkPart<Props extends object>(pick: (parts: Parts) => ComponentType<Props>, serverHtmlId: string) {
  // the part is the chunk's module export, the same component each time: nothing is made during render
  const Drawn = (props: Props) => createElement(pick(loaded ?? use(loadLaterParts(serverHtmlId))), props);
  return function ChunkPart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Drawn {...props} />
      </Suspense>
    );
  };
}

/** The variant table, drawn once the chunk is there (already there on the server). */
export const LazyVariantTable = chunkPart((parts) => parts.VariantTable, VARIANT_TABLE_ID);

/**
 * The product's pictures (hasLaterMedia above), its or the chosen size's datasheet, or its related parts,
 * where the later chunk draws them (`part`), once it is there.
 */
export const LazyProductPart = chunkPart((parts) => parts.ProductLaterPart, GALLERY_ID);

/** The id of the reviews' heading, which the server draws: the review form's chunk waits for the page's start there. */
export const REVIEWS_HEADING_ID = 'product-reviews';

const ReviewFormChunk = chunkPart((parts) => parts.ReviewForm, REVIEWS_HEADING_ID);

/**
 * The review form, drawn once the page has started and the chunk is there: it sends with scripts only, so the
 * server's first view has none (a form without them would put the visitor's words in the address).
 */
export function LazyReviewForm(props: ReviewFormProps) {
  return useHydrated() ? <ReviewFormChunk {...props} /> : null;
}

/** The id of the box the server keeps for the chosen variant's stock: its chunk waits for the page's start there. */
export const STOCK_BOX_ID = 'stock';

const StockPanelChunk = chunkPart((parts) => parts.StockPanel, STOCK_BOX_ID);

/** Three locations and the "updated" line, at the lines' size (StockPanel.tsx): what fills in takes no more room. */
const STOCK_BOX = { minHeight: '5.25rem' };

/**
 * The chosen variant's stock (stock/StockPanel.tsx): the server draws its empty box, the right size, and the lines
 * come once the page has started and the stock has been read (never in the cached HTML): nothing moves.
 */
export function LazyStockPanel(props: StockPanelProps) {
  return (
    <div id={STOCK_BOX_ID} style={STOCK_BOX}>
      {useHydrated() ? <StockPanelChunk {...props} /> : null}
    </div>
  );
}
