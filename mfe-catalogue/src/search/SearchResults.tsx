import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { LoadError } from '@site/shared-ui';
import type { LoadStatus } from '@site/shared-store';
import { productImagePath, type SearchResult } from '@site/content';
import { searchPagePath } from '@site/contracts/paths';
import { TextButton } from '../common/TextButton';
import { Rich } from '../i18n/Rich';
import { Highlighted } from './Highlighted';
import { useText } from '../i18n/useText';

const Message = styled.div`
  padding: 24px 8px;
  text-align: center;
  p { margin: 0 0 6px; overflow-wrap: anywhere; }
  p + p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

const Count = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** "Did you mean …?": the close text, a button that searches it. */
const SuggestionButton = styled(TextButton)`
  padding: 0;
  font-weight: 600;
`;

const Options = styled.ul`
  max-height: min(420px, 50vh);
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const Option = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  img { flex: none; width: 56px; height: 42px; object-fit: contain; background: ${({ theme }) => theme.colors.surfaceAlt}; border-radius: 4px; }
  span { display: flex; flex-direction: column; min-width: 0; }
  strong { color: ${({ theme }) => theme.colors.text}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  &[aria-selected='true'] { background: ${({ theme }) => theme.colors.brandLight}; }
`;

const MoreButton = styled.button`
  display: block;
  width: 100%;
  min-height: 44px;
  margin-top: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.brand};
  background: ${({ theme }) => theme.colors.surface};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

/** "See all N results": the results page of the same text. */
const SeeAll = styled(Link)`
  display: block;
  margin-top: 8px;
  padding: 10px;
  color: ${({ theme }) => theme.colors.brand};
  font-weight: 600;
  text-align: center;
`;

const Footer = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 12px 0 0;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.xs};
  kbd { padding: 1px 6px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 4px; background: ${({ theme }) => theme.colors.surfaceAlt}; font: inherit; }
`;

/** The id of the option at `index` in the list `listId` (the input's aria-activedescendant). */
export const optionId = (listId: string, index: number) => `${listId}-${index}`;

interface ResultRowProps {
  result: SearchResult;
  highlight: readonly string[];
  id: string;
  index: number;
  selected: boolean;
  onHover: (index: number) => void;
  onChoose: (index: number) => void;
}

/** One result. Memoised: moving the highlight redraws the two rows it leaves and reaches, not the list. */
const ResultRow = memo(function ResultRow({
  result,
  highlight,
  id,
  index,
  selected,
  onHover,
  onChoose,
}: ResultRowProps) {
  return (
    <Option
      id={id}
      role="option"
      aria-selected={selected}
      onMouseMove={() => onHover(index)}
      onClick={() => onChoose(index)}
    >
      <img src={productImagePath(result.image)} alt="" width={56} height={42} loading="lazy" />
      <span>
        <strong>
          <Highlighted text={result.title} phrases={highlight} />
        </strong>
        <small>{result.productCategory}</small>
        {result.company ? <small>{result.company}</small> : null}
      </span>
    </Option>
  );
});

export interface SearchResultsProps {
  /** The text the results are for, trimmed. */
  query: string;
  status: LoadStatus;
  /** Every match. */
  total: number;
  /** Nothing matched `query`: the results are this close text's. */
  suggestion: string | null;
  /** The phrases the search looked for (folded): marked in the titles. */
  highlight: readonly string[];
  /** The matches drawn. */
  shown: SearchResult[];
  activeIndex: number;
  listId: string;
  onHover: (index: number) => void;
  onChoose: (index: number) => void;
  onShowMore: () => void;
  onRetry: () => void;
  onSuggestion: (suggestion: string) => void;
  /** The visitor follows "See all N results" (the link goes to the results page itself). */
  onSeeAll: () => void;
}

/**
 * Below the search input: the start texts, loading, no results, or the count, the list and the keys' hint. Memoised,
 * with stable callbacks: a keystroke redraws the input, and this part only when its (deferred) results change.
 */
export const SearchResults = memo(function SearchResults({
  query,
  status,
  total,
  suggestion,
  highlight,
  shown,
  activeIndex,
  listId,
  onHover,
  onChoose,
  onShowMore,
  onRetry,
  onSuggestion,
  onSeeAll,
}: SearchResultsProps) {
  const text = useText();
  if (status === 'failed') return <LoadError message={text('catalogue.search.loadFailed')} onRetry={onRetry} />;
  if (query === '') {
    return (
      <Message>
        <p>{text('catalogue.search.start')}</p>
        <p>{text('catalogue.search.startHint')}</p>
      </Message>
    );
  }
  if (status !== 'succeeded') {
    return (
      <Message role="status">
        <p>{text('catalogue.search.loading')}</p>
      </Message>
    );
  }
  if (total === 0) {
    return (
      <Message role="status">
        {/* The Arabic message isolates the visitor's text (U+2068…U+2069): Latin words keep their order in it. */}
        <p>{text('catalogue.search.noResults', { query })}</p>
        <p>{text('catalogue.search.noResultsHint')}</p>
      </Message>
    );
  }
  const more = total - shown.length;
  return (
    <>
      <Count role="status">
        {suggestion === null ? null : (
          <>
            <Rich
              id="catalogue.search.didYouMean"
              values={{ query, suggestion }}
              components={{ 0: <SuggestionButton type="button" onClick={() => onSuggestion(suggestion)} /> }}
            />{' '}
          </>
        )}
        <span>{text('catalogue.search.count', { count: total })}</span>
      </Count>
      <Options id={listId} role="listbox" aria-label={text('catalogue.search.listLabel')}>
        {shown.map((result, index) => (
          <ResultRow
            key={result.id}
            result={result}
            highlight={highlight}
            id={optionId(listId, index)}
            index={index}
            selected={index === activeIndex}
            onHover={onHover}
            onChoose={onChoose}
          />
        ))}
      </Options>
      {more > 0 ? (
        <MoreButton type="button" onClick={onShowMore}>
          {text('catalogue.search.showMore', { more })}
        </MoreButton>
      ) : null}
      <SeeAll to={searchPagePath(suggestion ?? query)} onClick={onSeeAll}>
        {text('catalogue.search.seeAll', { count: total })}
      </SeeAll>
      <Footer>
        <span>
          <Rich id="catalogue.search.keys.close" components={{ 0: <kbd /> }} />
        </span>
        <span>
          <Rich id="catalogue.search.keys.navigate" components={{ 0: <kbd />, 1: <kbd /> }} />
        </span>
        <span>
          <Rich id="catalogue.search.keys.open" components={{ 0: <kbd /> }} />
        </span>
      </Footer>
    </>
  );
});
