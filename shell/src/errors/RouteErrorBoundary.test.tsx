import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { ThemeRoot } from '@site/shared-ui';
import type { Locale } from '@site/contracts/locale';
import { testI18n } from '@test/render';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('The page broke');
  return <p>The page</p>;
}

const site = (resetKey: string, fails: boolean, locale: Locale = 'en') => (
  <I18nProvider i18n={testI18n(locale)}>
    <ThemeRoot>
      <MemoryRouter>
        <RouteErrorBoundary resetKey={resetKey}>
          <Page fails={fails} />
        </RouteErrorBoundary>
      </MemoryRouter>
    </ThemeRoot>
  </I18nProvider>
);

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the error screen in place of a page that throws, until the visitor goes to another address', () => {
    const { rerender } = render(site('first', true));
    expect(screen.getByRole('heading', { name: 'The page broke' })).toBeVisible();

    rerender(site('first', false)); // same address: the error stays (no retry loop)
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();

    rerender(site('second', false));
    expect(screen.getByText('The page')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on an Arabic page: the heading, summary and link in Arabic, the technical message left to right below', () => {
    render(site('first', true, 'ar'));
    expect(screen.getByRole('heading', { level: 1, name: 'حدث خطأ غير متوقع في التطبيق!' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'تعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى لاحقًا.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'الانتقال إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/home');
    const details = screen.getByText(/The page broke/);
    expect(details).toHaveAttribute('dir', 'ltr');
    expect(details).toHaveAttribute('lang', 'en');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
