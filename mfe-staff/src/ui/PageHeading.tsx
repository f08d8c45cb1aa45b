import { useEffect, type ReactNode } from 'react';
import { SectionHeading } from '@site/shared-ui';

/** The site's name after each staff page's title: '<page> · Staff · Crescent Electrical Trading'. */
export const TITLE_SUFFIX = 'Staff · Crescent Electrical Trading';

/** The tab's title (WCAG 2.4.2): the page's name first. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${TITLE_SUFFIX}`;
  }, [title]);
}

/**
 * The page's one h1, which also names the tab. Focusable by script only (tabIndex -1): after a navigation inside the
 * app the layout moves the focus to it (StaffLayout.tsx), so a screen reader starts at the new page's top.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return <SectionHeading tabIndex={-1}>{children ?? title}</SectionHeading>;
}
