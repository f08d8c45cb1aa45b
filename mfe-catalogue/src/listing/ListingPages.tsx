import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '@site/shared-ui';
import { useText } from '../i18n/useText';

const Pages = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 16px;
  margin-top: 32px;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface ListingPagesProps {
  /** The page shown (1-based) and how many the category has. */
  page: number;
  pages: number;
  /** The address's query for another page of the same view ('?sort=2&page=3'). */
  searchOf: (page: number) => string;
}

/**
 * The listing's pages: links to the page before and after, in the address (so a page can be shared, reloaded and drawn
 * by the server), and where the visitor is. A page past the last (an old link) offers the way back to the last.
 */
export function ListingPages({ page, pages, searchOf }: ListingPagesProps) {
  const text = useText();
  const previous = Math.min(page - 1, pages);
  return (
    <Pages aria-label={text('catalogue.listing.pages')}>
      {previous >= 1 ? (
        <ButtonLink as={Link} to={{ search: searchOf(previous) }} rel="prev" $variant="secondary">
          {text('catalogue.listing.previousPage')}
        </ButtonLink>
      ) : null}
      <p aria-current="page">{text('catalogue.listing.pageOf', { page, pages })}</p>
      {page < pages ? (
        <ButtonLink as={Link} to={{ search: searchOf(page + 1) }} rel="next" $variant="secondary">
          {text('catalogue.listing.nextPage')}
        </ButtonLink>
      ) : null}
    </Pages>
  );
}
