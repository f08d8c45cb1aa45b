import { memo } from 'react';
import styled from 'styled-components';
import { ImageLinkCard, StarIcon } from '@site/shared-ui';
import { productImagePath, type Product } from '@site/content';
import type { RatingSummary } from '@site/contracts/reviews-api';
import { CardText } from '../common/CardText';
import { priceText } from './priceText';
import { useText } from '../i18n/useText';
import { AddToQuote } from '../quote/AddToQuote';
import { CompareToggle } from '../compare/CompareToggle';

const QuoteForm = styled(AddToQuote)`
  padding: 0 16px 8px;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: auto !important;
  padding-top: 8px;
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Rating = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  svg { color: ${({ theme }) => theme.colors.accent}; }
`;

export interface ProductCardProps {
  product: Product;
  rating: RatingSummary | undefined;
  /** Eager-load the first row's images (they are the largest paint). */
  eager: boolean;
}

/**
 * One product of a listing: picture, name, brand, indicative price and rating, opening the product's details; under
 * them its "Add to quote" form and its "Compare" box. Memoised:
 * a new sort order moves the cards without drawing them again.
 */
export const ProductCard = memo(function ProductCard({ product, rating, eager }: ProductCardProps) {
  const text = useText();
  return (
    // Relative to /our-products/{category}, as the spec's router does.
    <ImageLinkCard
      to={product.id}
      imageSrc={productImagePath(product.image)}
      eager={eager}
      after={
        <>
          <QuoteForm
            compact
            product={{
              id: product.id,
              code: product.code,
              productCategoryId: product.productCategoryId,
              image: product.image,
              unit: product.unit,
              name: product.productName,
            }}
          />
          <CompareToggle inCard id={product.id} name={product.productName} />
        </>
      }
    >
      <CardText>
        <h2>{product.productName}</h2>
        {product.company ? <p>{product.company}</p> : null}
        <Meta>
          <strong>{priceText(product.price, text)}</strong>
          {rating ? (
            <Rating role="img" aria-label={text('catalogue.listing.rating', { average: rating.average, count: rating.count })}>
              <StarIcon size={14} /> {rating.average} ({rating.count})
            </Rating>
          ) : null}
        </Meta>
      </CardText>
    </ImageLinkCard>
  );
});
