// The page's Lingui instance in component tests: every app's catalog in the language asked for, compiled as the
// build compiles them (tools/webpack/messages-loader.cjs), so a test sees the texts a visitor sees.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Locale } from '@site/contracts/locale';

/** Every app's catalog, and shared-ui's (its quantity words), so a test's texts can be looked up by id. */
const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'shared-ui'];

function compiledCatalog(app: string, locale: Locale): Messages {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON catalog per app, found by name
  const source = require(`../../${app}/src/i18n/${locale}.json`) as Record<string, string | Messages[string]>;
  // shared-ui's catalogs arrive compiled already (catalog-transform.cjs); the apps' as written.
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => [
      id,
      typeof message === 'string' ? compileMessageOrThrow(message) : message,
    ]),
  );
}

const instances = new Map<Locale, I18n>();

/** An instance with every app's messages in `locale` (made once per test file and language). */
export function testI18n(locale: Locale = 'en'): I18n {
  let i18n = instances.get(locale);
  if (i18n === undefined) {
    i18n = setupI18n();
    i18n.load(locale, Object.assign({}, ...APPS.map((app) => compiledCatalog(app, locale))) as Messages);
    i18n.activate(locale);
    instances.set(locale, i18n);
  }
  return i18n;
}
