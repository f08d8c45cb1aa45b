import { useEffect } from 'react';
import { company } from '@site/content';

/** '{title} | {company}', the form of every page title of the site. */
export const pageTitle = (title: string): string => `${title} | ${company.name}`;

/**
 * Sets a more precise document title than the shell's route title once the page knows it
 * (undefined: leave the shell's title).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}
