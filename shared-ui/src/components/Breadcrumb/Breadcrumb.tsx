import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { useUiText } from '../../i18n/uiText';
import { collapseBreadcrumb, type BreadcrumbEntry, type BreadcrumbItem } from './collapseBreadcrumb';

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
  /* '›' is a mirrored character (Unicode Bidi_Mirrored): on a right-to-left page it shows as '‹' by itself. */
  li + li::before { content: '›'; margin: 0 6px; color: ${({ theme }) => theme.colors.textMuted}; }
  /* The current page takes the rest of the last line and ends in an ellipsis when it is too long: a page that
     learns its real (longer) name after loading does not push the page down (product page CLS 0.016 -> 0). */
  li:last-child:has(> [aria-current='page']) { flex: 1 1 0; min-width: 0; display: flex; }
  li:last-child > [aria-current='page'] { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  a { color: ${({ theme }) => theme.colors.brand}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

/** Which screens a trail is for, when the narrow and wide trails differ: CSS shows one. */
type TrailWidth = 'narrow' | 'wide';
const HIDDEN_ON: Record<TrailWidth, string> = {
  narrow: `(min-width: ${theme.mobile + 1}px)`,
  wide: `(max-width: ${theme.mobile}px)`,
};

const Trail = styled(List)<{ $width?: TrailWidth }>`
  ${({ $width }) => ($width ? `@media ${HIDDEN_ON[$width]} { display: none; }` : '')}
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
  /** The trail's accessible name; the page's 'ui.breadcrumb' message ('Breadcrumb') by default (i18n/uiText.ts). */
  label?: string;
  /** The '…' button's name for `hidden` items; the page's 'ui.breadcrumbMore' message by default. */
  expandLabel?: (hidden: number) => string;
}

/** Items kept at 640 px or less, and wider. */
const NARROW_ITEMS = 2;
const WIDE_ITEMS = 5;

/**
 * Trail of links to the current page; at 640 px or less it keeps 2 items, otherwise up to 5. When the two differ both
 * are in the page and CSS shows one: the server cannot know the screen's width, and a trail switched after the page
 * started would move the page (CLS).
 */
export function Breadcrumb({ items, label, expandLabel }: BreadcrumbProps) {
  const [expanded, setExpanded] = useState(false);
  const text = useUiText();
  const narrow = collapseBreadcrumb(items, expanded ? Number.POSITIVE_INFINITY : NARROW_ITEMS);
  const wide = collapseBreadcrumb(items, expanded ? Number.POSITIVE_INFINITY : WIDE_ITEMS);
  const trail = (entries: BreadcrumbEntry[], width?: TrailWidth) => (
    <Trail $width={width} data-trail={width}>
      {entries.map((entry) =>
        entry.kind === 'collapsed' ? (
          <li key="collapsed">
            {/* data-early: a tap before the page has started is kept for it (contracts' EARLY_ATTRIBUTE, written out:
                the design system depends on no site package) */}
            <Expand
              type="button"
              data-early="page"
              aria-label={expandLabel ? expandLabel(entry.hidden) : text('ui.breadcrumbMore', { count: entry.hidden })}
              onClick={() => setExpanded(true)}
            >
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
    </Trail>
  );
  const same = expanded || items.length <= NARROW_ITEMS;
  return (
    <nav aria-label={label ?? text('ui.breadcrumb')}>
      {same ? (
        trail(wide)
      ) : (
        <>
          {trail(narrow, 'narrow')}
          {trail(wide, 'wide')}
        </>
      )}
    </nav>
  );
}
