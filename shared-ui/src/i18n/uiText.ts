// The design system's own words (a breadcrumb's name, 'Try again', 'Close', 'Loading'…) in the page's language
//. shared-ui is shared by version, not as a singleton, and has no catalog of its own: two copies may be on
// a page, and a copy must not need one. So:
//   1. a component's prop wins (e.g. <Modal closeLabel="Close search">, <LoadError retryLabel=…>);
//   2. otherwise the page's messages, read from @lingui/react's context (a shared singleton: the shell's instance),
//      with the `ui.*` ids below, which live in the SHELL's catalog (shell/src/i18n/en.json, ar.json): the shell is
//      on every page, so its messages are always loaded;
//   3. otherwise (no provider, or a shell release without the id) today's English text.
// Nothing here holds state or a context of its own, so two copies of shared-ui on a page stay harmless.
import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';

/** Each text's id in the shell's catalog, and its English text (the ICU message, as in shell/src/i18n/en.json). */
const ENGLISH = {
  /** Breadcrumb: the <nav>'s name. */
  'ui.breadcrumb': 'Breadcrumb',
  /** Breadcrumb: the '…' button that shows the hidden items ({count} of them). */
  'ui.breadcrumbMore': 'Show {count} more breadcrumb items',
  /** LoadError: the retry button. */
  'ui.retry': 'Try again',
  /** Modal: the close (×) button. */
  'ui.close': 'Close',
  /** Spinner: what screen readers hear while something loads. */
  'ui.loading': 'Loading',
  /** Honeypot: the spam trap's label, for anyone who meets it with styles off. */
  'ui.honeypot': 'Leave this field empty',
} as const;

export type UiTextId = keyof typeof ENGLISH;

type Values = Record<string, string | number>;

/** English fallback: the message with its {name} arguments filled in (the English texts have no plural). */
function english(id: UiTextId, values: Values = {}): string {
  return ENGLISH[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The English text of a `ui.*` message (the design system's default). */
export const englishUiText = english;

/** `text(id, values)`: a `ui.*` text in the page's language (see the top of the file). */
export function useUiText(): (id: UiTextId, values?: Values) => string {
  const context = useContext(LinguiContext);
  const i18n = context?.i18n;
  // the context's `_`: the page's formatter (shared-store's SiteI18nProvider), plurals without Intl.NumberFormat
  return (id, values) => (context && i18n?.messages[id] !== undefined ? context._(id, values) : english(id, values));
}
