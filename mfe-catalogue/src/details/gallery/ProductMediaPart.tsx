// The product's media where the later chunk draws them: its pictures, or (`part` 'datasheet') the chosen size's own
// datasheet or the product's. One export for both places, so the first chunk needs one lazy part, not two.
import ProductMedia, { type ProductMediaProps } from './ProductMedia';
import { MediaDatasheet } from './MediaDatasheet';

export function ProductMediaPart({ part, ...props }: ProductMediaProps & { part?: 'datasheet' }) {
  return part === 'datasheet' ? <MediaDatasheet {...props} /> : <ProductMedia {...props} />;
}
