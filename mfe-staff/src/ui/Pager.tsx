import styled from 'styled-components';
import { Button } from '@site/shared-ui';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  margin-top: 16px;
  p { margin: 0; }
`;

/** Previous / next over numbered pages, with where one is ('Page 2 of 7'). Nothing when there is one page. */
export function Pager({ page, pageCount, label, onPage }: { page: number; pageCount: number; label: string; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <Nav aria-label={label}>
      <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <p>
        Page {page} of {pageCount}
      </p>
      <Button type="button" $variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Nav>
  );
}
