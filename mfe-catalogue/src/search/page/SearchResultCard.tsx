import { memo } from 'react';
import styled from 'styled-components';
import { ImageLinkCard } from '@site/shared-ui';
import { productImagePath, type SearchResult } from '@site/content';
import { productPath } from '@site/contracts/paths';
import { CompareToggle } from '../../compare/CompareToggle';
import { Highlighted } from '../Highlighted';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; line-height: 1.35; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const CardCompare = styled(CompareToggle)`
  padding: 0 16px 12px;
`;

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
      to={productPath(result.productCategoryId, result.id)}
      imageSrc={productImagePath(result.image)}
      eager={eager}
      after={<CardCompare id={result.id} name={result.title} />}
    >
      <Body>
        <h2>
          <Highlighted text={result.title} phrases={highlight} />
        </h2>
        <p>{result.productCategory}</p>
        {result.company ? <p>{result.company}</p> : null}
      </Body>
    </ImageLinkCard>
  );
});
