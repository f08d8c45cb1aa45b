import { useEffect } from 'react';
import { useText } from '../i18n/useText';

/**
 * Sets a more precise document title than the shell's route title once the page knows it (undefined: leave the
 * shell's title), in the site's form '{title} | {company}' of the page's language.
 */
export function usePageTitle(title: string | undefined): void {
  const text = useText();
  const full = title === undefined ? undefined : text('catalogue.page.title', { title });
  useEffect(() => {
    if (full !== undefined) document.title = full;
  }, [full]);
}
