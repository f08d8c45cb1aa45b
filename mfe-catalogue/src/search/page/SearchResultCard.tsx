import { memo } from 'react';
import { ImageLinkCard } from '@site/shared-ui';
import { productImagePath, type SearchResult } from '@site/content';
import { CardText } from '../../common/CardText';
import { CompareToggle } from '../../compare/CompareToggle';
import { Highlighted } from '../Highlighted';
import { searchResultPath } from '../resultPath';

export interface SearchResultCardProps {
  result: SearchResult;
  /** The phrases the search looked for (folded): marked in the name. */
  highlight: readonly string[];
  /** Eager-load the picture (the first row: the largest paint). */
  eager: boolean;
}

/**
 * One match on the results page: picture, name with what matched marked, category and brand, opening the product; under
 * them its "Compare" box.
 */
export const SearchResultCard = memo(function SearchResultCard({ result, highlight, eager }: SearchResultCardProps) {
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
      </CardText>
    </ImageLinkCard>
  );
});
