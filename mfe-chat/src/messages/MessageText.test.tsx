import { fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { renderInSite, testI18n } from '@test/render';
import { MessageText } from './MessageText';

const renderText = (text: string, onNavigate?: () => void) =>
  renderInSite(
    <p data-testid="message">
      <MessageText text={text} onNavigate={onNavigate} />
    </p>,
    { route: '/home' },
  );

describe('MessageText', () => {
  it('renders site links as router links that navigate in the app', () => {
    const onNavigate = jest.fn();
    renderText('Browse [Our Products](/our-products) or [Cables](/our-products/cables).', onNavigate);
    const link = screen.getByRole('link', { name: 'Cables' });
    expect(link).toHaveAttribute('href', '/our-products/cables');
    fireEvent.click(link);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/cables');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('message')).toHaveTextContent('Browse Our Products or Cables.');
  });

  it('renders **bold** as strong text', () => {
    renderText('Call **+971 4 347 1100** today');
    expect(screen.getByText('+971 4 347 1100').tagName).toBe('STRONG');
  });

  it.each([
    '<script>document.body.dataset.hacked = "1"</script>',
    '<img src="x" onerror="document.body.dataset.hacked = \'1\'">',
    '<a href="javascript:alert(1)">click</a>',
    '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>',
    '[click me](javascript:alert(1))',
    '[click me](https://evil.example)',
    '**<b onmouseover="alert(1)">bold</b>**',
  ])('shows %p as text and creates no element from it', (payload) => {
    renderText(payload);
    const message = screen.getByTestId('message');
    expect(message.querySelectorAll('script, img, a, iframe, svg, b')).toHaveLength(0);
    expect(message.textContent).toContain(payload.startsWith('[') ? 'click me' : payload.replace(/^\*\*|\*\*$/g, ''));
    expect(document.body.dataset.hacked).toBeUndefined();
  });
});

describe('MessageText in the Arabic edition', () => {
  function CurrentPath() {
    const { pathname } = useLocation();
    return <output data-testid="route">{pathname}</output>;
  }

  /** As on a page of the edition: the router's basename is '/ar' on an Arabic page (shell SiteApp). */
  const renderOnPage = (locale: 'en' | 'ar', text: string) =>
    render(
      <I18nProvider i18n={testI18n(locale)}>
        <MemoryRouter
          basename={locale === 'ar' ? '/ar' : undefined}
          initialEntries={[locale === 'ar' ? '/ar/home' : '/home']}
        >
          <Routes>
            <Route
              path="*"
              element={
                <p data-testid="message">
                  <MessageText text={text} />
                </p>
              }
            />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
      </I18nProvider>,
    );

  it('on an Arabic page an /ar/ link navigates inside the Arabic edition', () => {
    renderOnPage('ar', 'انظر [الكابلات](/ar/our-products/cables)');
    const link = screen.getByRole('link', { name: 'الكابلات' });
    expect(link).toHaveAttribute('href', '/ar/our-products/cables');
    fireEvent.click(link);
    expect(screen.getByTestId('route')).toHaveTextContent('/our-products/cables');
  });

  it('a link to the other edition is a plain link that loads that page', () => {
    renderOnPage('en', 'See [الكابلات](/ar/our-products/cables)');
    const arabic = screen.getByRole('link', { name: 'الكابلات' });
    expect(arabic).toHaveAttribute('href', '/ar/our-products/cables');
    renderOnPage('ar', '[Cables](/our-products/cables)');
    expect(screen.getByRole('link', { name: 'Cables' })).toHaveAttribute('href', '/our-products/cables');
  });

  it('isolates phone numbers and e-mails left to right in Arabic text, and only there', () => {
    renderOnPage(
      'ar',
      'اتصل على **+971 4 347 1100** أو +968 2450 1230 أو راسلنا على info@crescent-electrical.example.',
    );
    for (const text of ['+971 4 347 1100', '+968 2450 1230', 'info@crescent-electrical.example']) {
      const isolated = screen.getByText(text);
      expect(isolated.tagName).toBe('BDI');
      expect(isolated).toHaveAttribute('dir', 'ltr');
    }
    expect(screen.getByText('+971 4 347 1100').parentElement?.tagName).toBe('STRONG');
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent(
      'اتصل على +971 4 347 1100 أو +968 2450 1230 أو راسلنا على info@crescent-electrical.example.',
    );
  });

  it('isolates codes and technical values whole, leaving Arabic punctuation and unpaired brackets to the sentence', () => {
    renderOnPage(
      'ar',
      'قاطع تيار متبقٍ (RCCB) من Hager، 2P و4P؛ القيم المقننة: 25 A, 40 A, 63 A. كابل Cu/XLPE/SWA/PVC (BS 5467)، (راجع 0.6/1 kV)',
    );
    const isolatedRuns = [...document.querySelectorAll('bdi')].map((bdi) => [bdi.textContent, bdi.getAttribute('dir')]);
    expect(isolatedRuns).toEqual([
      ['(RCCB)', 'ltr'],
      ['Hager', 'ltr'],
      ['2P', 'ltr'],
      ['4P', 'ltr'],
      ['25 A, 40 A, 63 A', 'ltr'],
      ['Cu/XLPE/SWA/PVC (BS 5467)', 'ltr'],
      ['0.6/1 kV', 'ltr'],
    ]);
    expect(screen.getByTestId('message')).toHaveTextContent(
      'قاطع تيار متبقٍ (RCCB) من Hager، 2P و4P؛ القيم المقننة: 25 A, 40 A, 63 A. كابل Cu/XLPE/SWA/PVC (BS 5467)، (راجع 0.6/1 kV)',
    );
  });

  it('isolates inside link texts too, and not at all in a message without Arabic on an Arabic page', () => {
    renderOnPage('ar', '[قاطع Hager 2P، 30 mA](/ar/our-products/switchgear_accessories) and **+971 4 347 1100**');
    expect(screen.getByRole('link')).toContainHTML('<bdi dir="ltr">30 mA</bdi>');
    renderOnPage('ar', 'Call **+971 4 347 1100**, 25 A, 40 A');
    expect(screen.getAllByTestId('message')[1]!.querySelector('bdi')).toBeNull();
  });

  it('leaves English text on an English page as it was (no isolation)', () => {
    renderOnPage('en', 'Call **+971 4 347 1100** or write to info@crescent-electrical.example');
    expect(screen.getByText('+971 4 347 1100').tagName).toBe('STRONG');
    expect(document.querySelector('bdi')).toBeNull();
  });
});
