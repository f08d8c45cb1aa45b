import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { collapseBreadcrumb, type BreadcrumbItem } from './collapseBreadcrumb';

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typeScale.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li + li::before { content: '›'; margin: 0 6px; color: ${({ theme }) => theme.colors.textMuted}; }
  /* The current page takes the rest of the last line and ends in an ellipsis when it is too long: a page that
     learns its real (longer) name after loading does not push the page down (product page CLS 0.016 -> 0). */
  li:last-child:has(> [aria-current='page']) { flex: 1 1 0; min-width: 0; display: flex; }
  li:last-child > [aria-current='page'] { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  a { color: ${({ theme }) => theme.colors.brand}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const Expand = styled.button`
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: 4px;
  padding: 0 8px;
  min-width: 24px;
  min-height: 24px;
  font: inherit;
  cursor: pointer;
`;

export interface BreadcrumbProps {
  items: BreadcrumbItem[];
}

/** Trail of links to the current page; at 640 px or less it keeps 2 items, otherwise up to 5. */
export function Breadcrumb({ items }: BreadcrumbProps) {
  const isMobile = useMediaQuery(`(max-width: ${theme.mobile}px)`);
  const [expanded, setExpanded] = useState(false);
  const entries = collapseBreadcrumb(items, expanded ? Number.POSITIVE_INFINITY : isMobile ? 2 : 5);
  return (
    <nav aria-label="Breadcrumb">
      <List>
        {entries.map((entry) =>
          entry.kind === 'collapsed' ? (
            <li key="collapsed">
              <Expand type="button" aria-label={`Show ${entry.hidden} more breadcrumb items`} onClick={() => setExpanded(true)}>
                …
              </Expand>
            </li>
          ) : (
            <li key={entry.index}>
              {entry.item.link && entry.index < items.length - 1 ? (
                <Link to={entry.item.link}>{entry.item.moduleName}</Link>
              ) : (
                <span aria-current={entry.index === items.length - 1 ? 'page' : undefined}>{entry.item.moduleName}</span>
              )}
            </li>
          ),
        )}
      </List>
    </nav>
  );
}
