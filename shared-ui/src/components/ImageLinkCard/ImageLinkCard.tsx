import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card } from '../Card/Card';

/** The picture and text as one link; the card's controls (`after`) sit below it, outside it (no control inside a link). */
const CardLink = styled(Link)`
  display: flex;
  flex: 1;
  flex-direction: column;
  color: inherit;
  text-decoration: none;
`;

/** A catalogue picture (category, product): 4:3, whole picture shown on the light surface. */
export const CataloguePicture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: contain;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

export interface ImageLinkCardProps {
  /** Where the card leads (relative paths resolve against the current route). */
  to: string;
  /** A 4:3 picture (400 × 300 intrinsic size, so nothing shifts while it loads). */
  imageSrc: string;
  /** Eager-load the first row's pictures (they are the largest paint); lazy below. */
  eager: boolean;
  /** The text under the picture, inside the link. */
  children: ReactNode;
  /** Controls of the card (a product's "Add to quote", "Compare"), after the link. */
  after?: ReactNode;
  /** On the card (the list item): styled(ImageLinkCard) styles its link's text without a wrapper of its own. */
  className?: string;
}

/** A grid item led by one link: picture on top, the caller's text below, its controls after (categories, products, matches). */
export function ImageLinkCard({ to, imageSrc, eager, children, after, className }: ImageLinkCardProps) {
  return (
    <Card as="li" className={className}>
      <CardLink to={to}>
        {/* Decorative: the card's heading names what the picture shows. */}
        <CataloguePicture
          src={imageSrc}
          alt=""
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {children}
      </CardLink>
      {after}
    </Card>
  );
}
