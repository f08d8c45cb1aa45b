// The styles a page's HTML carries, as the server renders them (server-render/renderPage.tsx): the Arabic web font is
// declared on Arabic pages only, and used on those the server marked <html data-arabic-font>.
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { I18nProvider } from '@lingui/react';
import type { Locale } from '@site/contracts/locale';
import { makeStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { testI18n } from '@test/render';
import { SiteRoutes } from '../routes/routeTable';
import { ARABIC_FONT_ATTRIBUTE } from '@site/contracts/arabic-font';
import { ARABIC_FONT_FAMILY, ARABIC_FONT_FILES } from './ArabicFont';

function serverStyles(locale: Locale): string {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(
      sheet.collectStyles(
        <I18nProvider i18n={testI18n(locale)}>
          <Provider store={makeStore()}>
            <ThemeRoot>
              <MemoryRouter initialEntries={['/no-such-page']}>
                <SiteRoutes />
              </MemoryRouter>
            </ThemeRoot>
          </Provider>
        </I18nProvider>,
      ),
    );
    return sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
}

describe('ArabicFont', () => {
  it('names the Arabic subset of Noto Sans Arabic in two weights, files of the build (their names: arabic-font.spec.ts)', () => {
    // jest gives every imported file one stand-in address (tools/jest/file-stub.cjs)
    expect(ARABIC_FONT_FILES).toEqual({ 400: 'test-file-stub', 700: 'test-file-stub' });
  });

  it('an Arabic page declares the font (optional: never swapped in mid-page; Arabic characters only) and draws its text with it once marked', () => {
    const styles = serverStyles('ar');
    const faces = styles.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces.map((face) => /font-weight:(\d+)/.exec(face)?.[1])).toEqual(['400', '700']);
    for (const face of faces) {
      expect(face).toContain(`font-family:'${ARABIC_FONT_FAMILY}'`);
      expect(face).toContain('font-display:optional');
      expect(face).toMatch(/unicode-range:U\+060C,U\+061B,U\+061F,U\+0621-063A,/);
      expect(face).toContain('src:url(test-file-stub)');
    }
    expect(styles).toMatch(/\[data-arabic-font\] body:lang\(ar\)\{font-family:'Crescent Arabic',system-ui/);
  });

  it('applies the family only to a page the server marked (the browser holds the files): no other rule names it', () => {
    const rules = serverStyles('ar')
      .replace(/<[^>]*>|\/\*[\s\S]*?\*\//g, '\n')
      .split(/(?<=\})/)
      .map((rule) => rule.trim())
      .filter((rule) => rule.includes(ARABIC_FONT_FAMILY) && !rule.startsWith('@font-face'));
    // under the attribute the server writes on <html> (contracts/src/arabicFont.ts)
    expect(rules).toEqual([expect.stringMatching(new RegExp(`^\\[${ARABIC_FONT_ATTRIBUTE}\\] body:lang\\(ar\\)\\{`))]);
  });

  it('an English page does not (it never downloads the font)', () => {
    expect(serverStyles('en')).not.toContain(ARABIC_FONT_FAMILY);
  });
});
