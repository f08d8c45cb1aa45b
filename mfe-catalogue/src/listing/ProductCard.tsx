import { memo } from 'react';
import styled from 'styled-components';
import { ImageLinkCard, StarIcon } from '@site/shared-ui';
import { productImagePath, type Product } from '@site/content';
import type { RatingSummary } from '@site/contracts/reviews-api';
import { useAppSelector } from '@site/shared-store';
import { priceText } from './priceText';
import { selectProductsDisplay, selectProductsFromPrices, selectProductsPriceFrom } from './productsSlice';
import { useText } from '../i18n/useText';
import { AddToQuote } from '../quote/AddToQuote';
import { CompareToggle } from '../compare/CompareToggle';

const QuoteForm = styled(AddToQuote)`
  padding: 0 16px 16px;
`;

/**
 * The card's text straight in its link, without a wrapper (CardText's look; one element fewer a card): the name, the
 * brand, and at the bottom, whatever the name's length, the price (bold, no element of its own), "In stock" and the
 * stars. The space under the picture is the name's top margin (the name follows it), not a rule of the picture's own.
 */
const Card = styled(ImageLinkCard)`
  > a { gap: 6px; padding-bottom: 16px; }
  > a > h2 { margin: 10px 16px 0; font-size: ${({ theme }) => theme.typeScale.md}; line-height: 1.35; color: ${({ theme }) => theme.colors.brand}; }
  > a > p { margin: 0 16px; font-size: ${({ theme }) => theme.typeScale.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  > a > p:last-child {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin-top: auto;
    padding-top: 8px;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
  }
  > a > p > small { margin-inline-end: auto; font-size: inherit; font-weight: 600; color: ${({ theme }) => theme.colors.success}; }
`;

const Rating = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
  svg { color: ${({ theme }) => theme.colors.accent}; }
`;

export interface ProductCardProps {
  product: Product;
  rating: RatingSummary | undefined;
  /** Eager-load the first row's images (they are the largest paint). */
  eager: boolean;
  /** A variant is on hand somewhere ("In stock"); false also where the stock is not known (nothing is said then). */
  inStock: boolean;
}

/**
 * One product of a listing: picture, name, brand, indicative price, "In stock" and rating, opening the product's details; under
 * them its "Add to quote" form and its "Compare" box. Memoised:
 * a new sort order moves the cards without drawing them again.
 */
export const ProductCard = memo(function ProductCard({ product, rating, eager, inStock }: ProductCardProps) {
  const text = useText();
  // sizes priced differently, or quantity breaks: its lowest price, 'from AED 12' (the listing's answer names them);
  // a break below every price at 1 is the answer's too (fromPrices), the product's price stays its price at 1
  const from = useAppSelector((state) => selectProductsPriceFrom(state).includes(product.id));
  const fromPrice = useAppSelector((state) => selectProductsFromPrices(state)[product.id]);
  const display = useAppSelector(selectProductsDisplay);
  return (
    // Relative to /our-products/{category}, as the spec's router does.
    <Card
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
      <h2>{product.productName}</h2>
      {product.company ? <p>{product.company}</p> : null}
      <p>
        {priceText(fromPrice ?? product.price, text, from, display)}
        {inStock ? <small>{text('catalogue.listing.inStock')}</small> : null}
        {rating ? (
          <Rating
            role="img"
            aria-label={text('catalogue.listing.rating', { average: rating.average, count: rating.count })}
          >
            <StarIcon size={14} /> {rating.average} ({rating.count})
          </Rating>
        ) : null}
      </p>
    </Card>
  );
});
