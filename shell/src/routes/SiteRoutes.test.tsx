import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { I18nProvider } from '@lingui/react';
import { makeStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import type { Locale } from '@site/contracts/locale';
import { testI18n } from '@test/render';
import { SiteRoutes } from './routeTable';

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The shell's tree (app/SiteApp.tsx) with an in-memory router at `route` (inside the edition, as the router has it). */
function renderShell(route: string, locale: Locale = 'en') {
  return render(
    <I18nProvider i18n={testI18n(locale)}>
      <Provider store={makeStore()}>
        <ThemeRoot>
          <MemoryRouter initialEntries={[route]}>
            <SiteRoutes />
            <CurrentPath />
          </MemoryRouter>
        </ThemeRoot>
      </Provider>
    </I18nProvider>,
  );
}

describe('SiteRoutes', () => {
  beforeEach(() => {
    // Remotes cannot load in jsdom (no remotes map): the boundaries warn, and React reports what they caught.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  // '/' -> '/home' is tested in a browser (tests/specs/routing.spec.ts): React Router navigates in a transition that
  // waits for the page's remote, and jsdom has none.

  it("shows an unknown address as '404 Not Found' inside the frame, titled 'Page not found'", async () => {
    renderShell('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Crescent Electrical Trading');
  });

  it('shows the error screen for a page whose remote cannot load, with the header and footer still there', async () => {
    renderShell('/about');
    expect(
      await screen.findByRole('heading', { name: /The company module "\.\/AboutPage" could not be loaded/ }),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('About Us | Crescent Electrical Trading');
  });

  it('on an Arabic page: the frame, the 404 screen and the title in Arabic, with the Arabic web font declared', async () => {
    renderShell('/no-such-page', 'ar');
    expect(await screen.findByRole('heading', { name: 'حدث خطأ غير متوقع في التطبيق!' })).toBeVisible();
    expect(screen.getByRole('heading', { name: '404 - الصفحة غير موجودة' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'الانتقال إلى المحتوى الرئيسي' })).toBeInTheDocument();
    expect(document.title).toBe('الصفحة غير موجودة | الهلال للتجارة الكهربائية');
  });

  it("an Arabic route's title comes from the route table in Arabic", async () => {
    renderShell('/about', 'ar');
    await screen.findByRole('heading', { name: 'تعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى لاحقًا.' });
    expect(document.title).toBe('من نحن | الهلال للتجارة الكهربائية');
  });
});
