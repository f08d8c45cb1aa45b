// The company pages as each edition draws them (/home, /ar/home, …): the site's data of the page's edition (the
// Arabic pages read /data/ar/… through the store's fetch, the English ones have their texts in the bundle and load
// only the teaser's categories), for the tests that run a page's cases for each language.
// Queries: a role query computes every candidate's styles and name, which on a whole page took seconds each; so one
// query finds a labelled part of the page (getByLabelText, or a role query where few elements have the role), role
// queries run within() it, and copy is found by its text (a heading by its text and its element).
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { renderInSite } from '@test/render';
import type { Locale } from '@site/contracts/locale';
import { localizedFetch, makeStore, type AppStore, type LoadFirstView } from '@site/shared-store';
import english from '../i18n/en.json';
import { serveArabicEditions, serveEnglishCategories } from './handlers';

/** What a page says while its data loads, in each edition. */
export const LOADING: Readonly<Record<Locale, string>> = { en: 'Loading...', ar: 'جارٍ التحميل...' };

/** Serves what the company pages of both editions load: the Arabic data files, and the English categories. */
export function serveEditions(): void {
  serveArabicEditions();
  serveEnglishCategories();
}

/**
 * The set-up of a page's cases for each edition: both editions' data served, and window.scrollTo (which the pages call
 * as they open; jsdom has none) a no-op.
 */
export function setUpEditionPage(): void {
  let scrollTo: jest.SpyInstance | undefined;
  beforeEach(() => {
    serveEditions();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo?.mockRestore());
}

/** A store as a page of the edition makes it (shell bootstrap): in Arabic its fetch reads /data/ar/…. */
export const editionStore = (locale: Locale) =>
  makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) });

/** Renders `ui` as on a page of the edition, its store's fetch reading the edition's data files. */
export const renderEdition = (ui: ReactElement, route: string, locale: Locale, store?: AppStore) =>
  renderInSite(ui, { route, locale, ...(store === undefined ? {} : { store }) });

/** Waits until the page's data has arrived and drawn. */
export const loaded = (locale: Locale) => waitFor(() => expect(screen.queryAllByText(LOADING[locale])).toEqual([]));

/** The server's call of a page's loadFirstView for an edition. */
export const firstViewContext = (store: AppStore, locale: Locale) =>
  ({ dispatch: store.dispatch, params: {}, locale }) as Parameters<LoadFirstView>[0];

/** The English catalog's texts (those without arguments): none may show on an Arabic page. */
const ENGLISH_TEXTS = Object.values(english).filter((message) => !message.includes('{') && !message.includes('<'));

export function expectNoEnglishText(): void {
  const visible = document.body.textContent ?? '';
  for (const message of ENGLISH_TEXTS) expect(visible).not.toContain(message);
  const labels = [...document.querySelectorAll('[aria-label], [alt], [title]')].flatMap((element) =>
    ['aria-label', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  for (const message of ENGLISH_TEXTS) expect(labels).not.toContain(message);
}
