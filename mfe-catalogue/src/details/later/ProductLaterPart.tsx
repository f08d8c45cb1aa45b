// The product page's parts the later chunk draws where the server drew them: its pictures (a gallery, a size's own
// picture), its or the chosen size's datasheet, its related parts. One export for all three, so the page's first chunk
// holds one lazy part for them, not three (each costs first-view bytes: tests/budgets/first-view.json).
import type { RelatedPart } from '@site/contracts/catalogue-api';
import ProductMedia, { type ProductMediaProps } from '../gallery/ProductMedia';
import { MediaDatasheet } from '../gallery/MediaDatasheet';
import { RelatedParts } from '../related/RelatedParts';

export type ProductLaterPartProps =
  | (ProductMediaProps & { part: 'pictures' | 'datasheet' })
  | { part: 'related'; related: readonly RelatedPart[] };

export function ProductLaterPart(props: ProductLaterPartProps) {
  if (props.part === 'related') return <RelatedParts related={props.related} />;
  return props.part === 'datasheet' ? (
    <MediaDatasheet product={props.product} chosen={props.chosen} />
  ) : (
    <ProductMedia product={props.product} chosen={props.chosen} />
  );
}
