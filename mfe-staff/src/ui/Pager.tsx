import { useState } from 'react';
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
export function Pager({
  page,
  pageCount,
  label,
  onPage,
}: {
  page: number;
  pageCount: number;
  label: string;
  onPage: (page: number) => void;
}) {
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

/**
 * Pages read by key (the server's `after`: the last row of the page before), which cannot be numbered: the `after` of
 * each page seen before this one is kept, to go back. `reset` forgets them (new filters start a new walk).
 */
export function useKeysetTrail(after: string | undefined, go: (after: string | undefined) => void) {
  const [trail, setTrail] = useState<(string | undefined)[]>([]);
  return {
    reset: () => setTrail([]),
    next: (next: string) => {
      setTrail((seen) => [...seen, after]);
      go(next);
    },
    previous: () => {
      const before = trail[trail.length - 1];
      setTrail((seen) => seen.slice(0, -1));
      go(before);
    },
    first: () => {
      setTrail([]);
      go(undefined);
    },
    /** Whether a page seen before is known (else, after a reload mid-walk, the way back is to the first page). */
    seen: trail.length > 0,
  };
}

/** "Previous page" (or "First page", after a reload mid-walk) and "Next page" over keyset pages; nothing on a lone page. */
export function KeysetPager({
  label,
  after,
  next,
  trail,
}: {
  label: string;
  after: string | undefined;
  next: string | null;
  trail: ReturnType<typeof useKeysetTrail>;
}) {
  if (next === null && after === undefined) return null;
  return (
    <Nav aria-label={label}>
      {after !== undefined ? (
        <Button type="button" $variant="secondary" onClick={trail.seen ? trail.previous : trail.first}>
          {trail.seen ? 'Previous page' : 'First page'}
        </Button>
      ) : null}
      {next !== null ? (
        <Button type="button" $variant="secondary" onClick={() => trail.next(next)}>
          Next page
        </Button>
      ) : null}
    </Nav>
  );
}
