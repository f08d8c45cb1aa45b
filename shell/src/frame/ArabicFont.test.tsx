// The styles a page's HTML carries, as the server renders them (server-render/renderPage.tsx): the Arabic web font is
// declared on Arabic pages only.
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
  it('names the Arabic subset of Noto Sans Arabic in two weights, as woff2 files of the build', () => {
    expect(ARABIC_FONT_FILES.map(({ weight }) => weight)).toEqual([400, 700]);
    for (const { weight, url } of ARABIC_FONT_FILES) {
      expect(url).toMatch(new RegExp(`noto-sans-arabic-${weight}\\.woff2$`));
    }
  });

  it('an Arabic page declares the font (optional: never swapped in mid-page; Arabic characters only) and draws its text with it', () => {
    const styles = serverStyles('ar');
    const faces = styles.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(2);
    for (const face of faces) {
      expect(face).toContain(`font-family:'${ARABIC_FONT_FAMILY}'`);
      expect(face).toContain('font-display:optional');
      expect(face).toMatch(/unicode-range:U\+060C,U\+061B,U\+061F,U\+0621-063A,/);
      expect(face).toMatch(/src:url\([^)]*noto-sans-arabic-\d00\.woff2\) format\('woff2'\)/);
    }
    expect(styles).toMatch(/body:lang\(ar\)\{font-family:'Noto Sans Arabic',system-ui/);
  });

  it('an English page does not (it never downloads the font)', () => {
    expect(serverStyles('en')).not.toContain(ARABIC_FONT_FAMILY);
  });
});
