// The pictures of a product with a gallery of several or a variant's own media (docs/catalogue.md "Pictures and
// documents"): the chosen size's own picture first where it has one, then the gallery. Several are a strip that scrolls sideways and snaps to
// each picture (swiped on a phone, scrolled by the keyboard once focused), with a numbered link per picture under it.
// The strip is plain CSS and the links are anchors, so the server's HTML works before scripts start; once they have, a
// link scrolls the strip alone instead of jumping the page. Only the first picture loads at once (the page's largest
// element); the others are lazy, each in the same 4:3 box (nothing shifts). In the page's later chunk
// (../later/laterChunk.ts): no byte of it is among the scripts a product page waits for.
import { useRef, type MouseEvent } from 'react';
import styled from 'styled-components';
import { CataloguePicture } from '@site/shared-ui';
import {
  productImagePath,
  shownPictures,
  type ProductDetail,
  type ProductVariant,
  type ShownPicture,
} from '@site/content';
import { useVariantText } from '../variants/i18n/variantText';
import { ProductPicture } from '../ProductPicture';
import { GALLERY_ID } from './galleryId';

/** The id of a product's picture `index` (its link's anchor). */
const galleryPictureId = (productId: string, index: number) => `picture-${productId}-${index + 1}`;

const Gallery = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Strip = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x mandatory;
  scrollbar-width: thin;
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  li {
    flex: 0 0 100%;
    scroll-snap-align: start;
  }
`;

const Dots = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 32px;
    min-height: 32px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 16px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-size: ${({ theme }) => theme.typeScale.sm};
  }
`;

const Picture = styled(ProductPicture)`
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Illustration = styled(CataloguePicture)`
  border-radius: ${({ theme }) => theme.radius.md};
`;

export interface ProductMediaProps {
  product: ProductDetail;
  /** The variant the address chose (?variant=), or null. */
  chosen: ProductVariant | null;
}

/** The pictures shown, in the same 480 × 360 box as a single one (the illustration where there is none). */
export default function ProductMedia({ product, chosen }: ProductMediaProps) {
  const pictures = shownPictures(product, chosen ?? undefined);
  const [lead] = pictures;
  if (pictures.length > 1) return <GalleryStrip productId={product.id} pictures={pictures} />;
  return (
    <div id={GALLERY_ID}>
      {lead === undefined ? (
        <Illustration
          src={productImagePath(product.image)}
          alt={product.productName}
          width={480}
          height={360}
          fetchPriority="high"
        />
      ) : (
        <Picture picture={lead} alt={lead.alt} width={480} height={360} fetchPriority="high" />
      )}
    </div>
  );
}

function GalleryStrip({ productId, pictures }: { productId: string; pictures: readonly ShownPicture[] }) {
  const text = useVariantText();
  const strip = useRef<HTMLUListElement>(null);

  // with scripts, the strip alone scrolls (the anchor would also move the page to the strip's top)
  const show = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const list = strip.current;
    const item = list?.children[index];
    const first = list?.firstElementChild;
    if (!(item instanceof HTMLElement) || !(first instanceof HTMLElement) || list === null) return;
    event.preventDefault();
    // offsets from the first picture: negative in Arabic, where the strip starts at the right
    list.scrollTo({ left: item.offsetLeft - first.offsetLeft, behavior: 'smooth' });
  };

  return (
    <Gallery id={GALLERY_ID}>
      <Strip ref={strip} tabIndex={0} aria-label={text('catalogue.gallery.label')}>
        {pictures.map((picture, index) => (
          <li key={picture.src} id={galleryPictureId(productId, index)}>
            <Picture
              picture={picture}
              alt={picture.alt}
              width={480}
              height={360}
              {...(index === 0 ? { fetchPriority: 'high' } : { loading: 'lazy' })}
            />
          </li>
        ))}
      </Strip>
      <Dots aria-label={text('catalogue.gallery.pictures')}>
        {pictures.map((picture, index) => (
          <li key={picture.src}>
            <a
              href={`#${galleryPictureId(productId, index)}`}
              aria-label={text('catalogue.gallery.show', { number: index + 1, count: pictures.length })}
              onClick={(event) => show(event, index)}
            >
              {index + 1}
            </a>
          </li>
        ))}
      </Dots>
    </Gallery>
  );
}
