// The page's language for every app. One Lingui instance per page (the shell's in the browser, one per
// edition on the server), shared through @lingui/react's context (a shared singleton, like React). Each app keeps its
// own catalog of messages (src/i18n/<locale>.json, compiled at build time by tools/webpack/messages-loader.cjs) and
// reads it through a hook typed by its English catalog, so an unknown message id fails the type check.
import { useMemo, type ReactNode } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext, useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale, localizedDataPath, type Locale } from '@site/contracts/locale';
import { messageText } from './messageText';

/** Values a message may interpolate ({count}, {name}…). */
export type MessageValues = Record<string, string | number | Date>;

/** Reads one message of the app's catalog in the page's language. */
export type TextOf<Catalog> = (id: Extract<keyof Catalog, string>, values?: MessageValues) => string;

/**
 * The app's text hook: `const text = useText(); text('listing.sortBy')`. Catalog is the type of the app's English
 * catalog (`typeof import('./en.json')`).
 */
export function textHook<Catalog>(): () => TextOf<Catalog> {
  return function useText() {
    // Lingui's `_` takes any id; the app's hook narrows it to its catalog's ids.
    const text: TextOf<Catalog> = useLingui()._;
    return text;
  };
}

/** The page's edition ('en' or 'ar'). */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** A Lingui instance for one edition with these catalogs (compiled, or ICU text when a message compiler is set). */
export function makeSiteI18n(locale: Locale, catalogs: readonly Messages[] = []): I18n {
  const i18n = setupI18n();
  i18n.load(locale, Object.assign({}, ...catalogs) as Messages);
  i18n.activate(locale);
  return i18n;
}

/**
 * Adds an app's catalog to the page's instance, before that app's first component renders (the shell loads it with
 * the remote's module). Lingui announces a change; nobody listens (SiteI18nProvider), so nothing re-renders.
 */
export function addCatalog(i18n: I18n, catalog: Messages): void {
  i18n.load(i18n.locale, catalog);
}

/**
 * The page's instance for every component, as Lingui's I18nProvider would give it, but fixed for the page's life: the
 * language never changes on a page (the switch loads the other edition's page), and each app's messages are there
 * before its components draw (addCatalog), so nothing needs to re-render when a catalog arrives. Lingui's provider
 * re-renders on every load, and an update that reaches a server-drawn part of the page still waiting for its remote
 * makes React draw that part again in the browser (the server's elements lost, the page flickers).
 */
export function SiteI18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  // `_` formats plurals without Intl.NumberFormat (messageText.ts); <Trans> keeps Lingui's own. The cast: Lingui's
  // `_` also takes message descriptors, which no app passes (textHook narrows it to (id, values)).
  const context = useMemo(() => ({ i18n, _: messageText(i18n) as I18n['_'] }), [i18n]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

/** The store's fetch for an edition: the site's data files in its language ('/data/x.json' → '/data/ar/x.json'). */
export function localizedFetch(locale: Locale, fetchData: typeof fetch): typeof fetch {
  if (locale === DEFAULT_LOCALE) return fetchData;
  return (input, init) => fetchData(typeof input === 'string' ? localizedDataPath(locale, input) : input, init);
}
