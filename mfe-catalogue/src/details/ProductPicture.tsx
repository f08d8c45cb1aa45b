import type { ComponentProps } from 'react';
import styled from 'styled-components';
import { CataloguePicture } from '@site/shared-ui';
import { pictureSrcSet, PRODUCT_PICTURE_SIZES as SIZES, type PictureVariants as UploadedPicture } from '@site/content';

/** The fallback's width: the middle one (640 of 320/640/1280), sharp enough for the column without the largest file. */
export const fallbackWidth = ({ widths }: UploadedPicture): number => {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? sorted[0] ?? 0;
};

// A grid item of its own, so the <img> inside keeps CataloguePicture's full width.
const Frame = styled.picture`
  display: block;
`;

/**
 * An uploaded photo as AVIF, else WebP, each at the widths the server made. Its own proportions are not known, so it
 * sits in the illustration's 4:3 box (width/height and CataloguePicture's aspect-ratio, the photo contained): the box
 * is drawn before the file arrives, nothing moves when it does.
 */
export function ProductPicture({
  picture,
  alt,
  className,
  ...img
}: { picture: UploadedPicture; alt: string; className?: string } & Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'ref'
>) {
  return (
    <Frame>
      <source type="image/avif" srcSet={pictureSrcSet(picture, 'avif')} sizes={SIZES} />
      <source type="image/webp" srcSet={pictureSrcSet(picture, 'webp')} sizes={SIZES} />
      <CataloguePicture
        className={className}
        src={`${picture.src}-${fallbackWidth(picture)}.webp`}
        alt={alt}
        {...img}
      />
    </Frame>
  );
}
