import type { Locale } from '@site/contracts/locale';
import { localizedFetch, makeStore } from '@site/shared-store';

/** A store as a page of the edition makes it (shell bootstrap): in Arabic its thunks read /data/ar/*.json. */
export const editionStore = (locale: Locale) =>
  makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) });

export const arabicStore = () => editionStore('ar');

/** Attributes a visitor reads or hears. */
const READ_ATTRIBUTES = ['aria-label', 'alt', 'title', 'placeholder'];

/**
 * English words of shared-ui's own components (Breadcrumb's label, LoadError's button, the spinner's default): not
 * this remote's texts, and left out here. */
const SHARED_UI_WORDS = new Set(['Breadcrumb', 'Try', 'again', 'Show', 'more', 'breadcrumb', 'items', 'Loading']);

/**
 * The Latin-script words a visitor reads on the page rendered in `root` (its text and the attributes above), but
 * `allowed` ones (technical values, codes, brand names) and shared-ui's: on an Arabic page, none should be left. The
 * test's router path (renderInSite's current-path output) is not part of the page.
 */
export function englishLeft(allowed: readonly string[] = [], root: HTMLElement = document.body): string[] {
  const page = root.cloneNode(true) as HTMLElement;
  for (const where of page.querySelectorAll('[data-testid="current-path"], [data-testid="current-search"]'))
    where.remove(); // the test's, not the page's
  const texts: string[] = [];
  const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const element of [page, ...page.querySelectorAll('*')]) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  const words = new Set(texts.join(' ').match(/[A-Za-z]{2,}/g) ?? []);
  return [...words].filter((word) => !allowed.includes(word) && !SHARED_UI_WORDS.has(word)).sort();
}
