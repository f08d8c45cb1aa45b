import { memo } from 'react';
import styled from 'styled-components';
import { ImageLinkCard } from '@site/shared-ui';
import { productImagePath, type SearchResult } from '@site/content';
import { CardText } from '../../common/CardText';
import { CompareToggle } from '../../compare/CompareToggle';
import { Highlighted } from '../Highlighted';
import { searchResultPath } from '../resultPath';
import { useText } from '../../i18n/useText';

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
}

/**
 * One match on the results page: picture, name with what matched marked, category, brand and "In stock", opening the product; under
 * them its "Compare" box.
 */
export const SearchResultCard = memo(function SearchResultCard({
  result,
  highlight,
  eager,
  inStock,
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
        {inStock ? <InStock>{text('catalogue.listing.inStock')}</InStock> : null}
      </CardText>
    </ImageLinkCard>
  );
});
