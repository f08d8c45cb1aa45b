// The product page's pictures (docs/catalogue.md "Pictures and documents"): one picture as before; several as a strip
// that scrolls sideways and snaps to each picture (swiped on a phone, scrolled by the keyboard once focused), with a
// numbered link per picture under it. The strip is plain CSS and the links are anchors, so the server's HTML works
// before scripts start; once they have, a link scrolls the strip alone instead of jumping the page. Only the first
// picture loads at once (the page's largest element); the others are lazy, each in the same 4:3 box (nothing shifts).
import { memo, useRef, type MouseEvent } from 'react';
import styled from 'styled-components';
import type { ShownPicture } from '@site/content';
import { useText } from '../../i18n/useText';
import { ProductPicture } from '../ProductPicture';

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

/** The id of a product's picture `index` (its link's anchor). */
export const galleryPictureId = (productId: string, index: number) => `picture-${productId}-${index + 1}`;

export interface ProductGalleryProps {
  productId: string;
  /** At least one picture, the first shown first. */
  pictures: readonly ShownPicture[];
}

export const ProductGallery = memo(function ProductGallery({ productId, pictures }: ProductGalleryProps) {
  const text = useText();
  const strip = useRef<HTMLUListElement>(null);
  const [lead] = pictures;
  if (lead === undefined) return null;
  // the page's largest element: eager at high priority, as the single picture always was
  if (pictures.length === 1)
    return <Picture picture={lead} alt={lead.alt} width={480} height={360} fetchPriority="high" />;

  // with scripts, the strip alone scrolls (the anchor would also move the page to the strip's top)
  const show = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const item = strip.current?.children[index];
    if (!(item instanceof HTMLElement)) return;
    event.preventDefault();
    strip.current?.scrollTo({
      left: item.offsetLeft - (strip.current.firstElementChild as HTMLElement).offsetLeft,
      behavior: 'smooth',
    });
  };

  return (
    <Gallery>
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
});
