// The preview's own messages: in the staff page no shell catalog is loaded, so the design system's words it draws
// (the breadcrumb's name…) come from the preview's catalogs alone. Drawn with exactly those (compiled as the build
// compiles them), the Arabic preview names its breadcrumb in Arabic; and each word is the shell's own.
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { testI18n } from '@test/render';
import type { Locale } from '@site/contracts/locale';
import { CATEGORIES_AR } from '../../testing/arabicFixtures';
import { PREVIEW_CONTENT } from '../../testing/previewContent';
import arDesignSystem from './i18n/ar.json';
import { PREVIEW_CATALOGS } from './previewI18n';
import ProductPreview from './ProductPreview';

/** What the build makes of the preview's catalogs (tools/webpack/messages-loader.cjs), and nothing else. */
function previewOnly(locale: Locale) {
  const compiled = PREVIEW_CATALOGS[locale].map((catalog) =>
    Object.fromEntries(
      Object.entries(catalog).map(([id, message]) => [
        id,
        typeof message === 'string' ? compileMessageOrThrow(message) : message,
      ]),
    ),
  );
  const i18n = setupI18n();
  i18n.load(locale, Object.assign({}, ...compiled) as Messages);
  i18n.activate(locale);
  return i18n;
}

jest.mock('./previewI18n', () => {
  const actual: typeof import('./previewI18n') = jest.requireActual('./previewI18n');
  return { ...actual, previewI18n: (locale: Locale) => previewOnly(locale) };
});

beforeEach(() => {
  server.use(http.get('/data/ar/products-category.json', () => HttpResponse.json(CATEGORIES_AR)));
});

describe("the preview's messages", () => {
  it("name the Arabic preview's breadcrumb in Arabic, without the shell's catalog", async () => {
    render(<ProductPreview productId="gland_a" locale="ar" content={PREVIEW_CONTENT} />);
    expect(await screen.findByRole('navigation', { name: 'مسار التنقل' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it("carry the shell's own Arabic for each design-system word", () => {
    const shell = testI18n('ar').messages;
    for (const [id, message] of Object.entries(arDesignSystem))
      expect([id, compileMessageOrThrow(message)]).toEqual([id, shell[id]]);
  });
});
