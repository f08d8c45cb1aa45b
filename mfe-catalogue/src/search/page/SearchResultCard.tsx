import { memo } from 'react';
import styled from 'styled-components';
import { ImageLinkCard } from '@site/shared-ui';
import { productImagePath, type SearchResult } from '@site/content';
import type { DisplayPrices } from '@site/contracts/catalogue-api';
import { priceText } from '../../listing/priceText';
import { CardText } from '../../common/CardText';
import { CompareToggle } from '../../compare/CompareToggle';
import { Highlighted } from '../Highlighted';
import { searchResultPath } from '../resultPath';
import { useText } from '../../i18n/useText';

/** The price line, bold as a listing card's. */
const Price = styled.p`
  && { font-weight: 700; color: ${({ theme }) => theme.colors.text}; }
`;

/** "In stock": a variant of the product is on hand somewhere. */
const InStock = styled.p`
  && { font-weight: 600; color: ${({ theme }) => theme.colors.success}; }
`;

export interface SearchResultCardProps {
  result: SearchResult;
  /** The phrases the search looked for (folded): marked in the name. */
  highlight: readonly string[];
  /** Eager-load the picture (the first row: the largest paint). */
  eager: boolean;
  /** A variant is on hand somewhere ("In stock"); false also where the stock is not known (nothing is said then). */
  inStock: boolean;
  /** Its lowest price a buyer can get (at 1 or a quantity break), as the listing's card says it; undefined: on request. */
  price: number | undefined;
  /** Said 'from AED 12': sizes priced differently, or quantity breaks. */
  from: boolean;
  /** The page's prices in the visitor's currency (the server's conversion), null for AED. */
  display: DisplayPrices | null;
}

/**
 * One match on the results page: picture, name with what matched marked, category, brand, indicative price and "In
 * stock", opening the product; under them its "Compare" box.
 */
export const SearchResultCard = memo(function SearchResultCard({
  result,
  highlight,
  eager,
  inStock,
  price,
  from,
  display,
}: SearchResultCardProps) {
  const text = useText();
  return (
    <ImageLinkCard
      to={searchResultPath(result)}
      imageSrc={productImagePath(result.image)}
      eager={eager}
      after={<CompareToggle inCard id={result.id} name={result.title} />}
    >
      <CardText>
        <h2>
          <Highlighted text={result.title} phrases={highlight} />
        </h2>
        <p>{result.productCategory}</p>
        {result.company ? <p>{result.company}</p> : null}
        <Price>{priceText(price, text, from, display)}</Price>
        {inStock ? <InStock>{text('catalogue.listing.inStock')}</InStock> : null}
      </CardText>
    </ImageLinkCard>
  );
});
