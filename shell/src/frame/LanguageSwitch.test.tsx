import { fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { renderInSite, testI18n } from '@test/render';
import { LANGUAGE_COOKIE } from '@site/contracts/locale';
import { languageCookie, LanguageSwitch, otherEditionHref } from './LanguageSwitch';

/** Forgets the cookie a test wrote (jsdom keeps document.cookie for the whole file). */
const clearCookie = () => {
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
};

describe('LanguageSwitch', () => {
  afterEach(clearCookie);

  it('maps an address to the same page of the other edition, with its query and fragment', () => {
    expect(otherEditionHref('/our-products/cables/p-1', '?tab=reviews', '#reviews')).toEqual({
      locale: 'ar',
      href: '/ar/our-products/cables/p-1?tab=reviews#reviews',
    });
    expect(otherEditionHref('/ar/our-products/cables', '?sort=name')).toEqual({
      locale: 'en',
      href: '/our-products/cables?sort=name',
    });
    expect(otherEditionHref('/ar/home')).toEqual({ locale: 'en', href: '/home' });
  });

  it('writes the cookie the server reads, for a year, site-wide', () => {
    expect(languageCookie('ar')).toBe('site_lang=ar; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('on an English page: «العربية» in Arabic, to the Arabic twin of the page (query and fragment kept)', () => {
    renderInSite(<LanguageSwitch />, { route: '/our-products/cables?sort=name#list' });
    const link = screen.getByRole('link', { name: 'العربية' });
    expect(link).toHaveAttribute('href', '/ar/our-products/cables?sort=name#list');
    expect(link).toHaveAttribute('lang', 'ar');
    expect(link).toHaveAttribute('hreflang', 'ar');
  });

  it('on an Arabic page: "English" in English, to the English page (the router works inside /ar)', () => {
    renderInSite(<LanguageSwitch />, { route: '/contact-us', locale: 'ar' });
    const link = screen.getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/contact-us');
    expect(link).toHaveAttribute('lang', 'en');
    expect(link).toHaveAttribute('hreflang', 'en');
  });

  it("in the server's HTML (cached per page, not per query) links to the page without query and fragment", () => {
    const html = renderToString(
      <I18nProvider i18n={testI18n('ar')}>
        <MemoryRouter initialEntries={['/our-products/cables?sort=name#list']}>
          <LanguageSwitch />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(html).toBe('<a href="/our-products/cables" hrefLang="en" lang="en">English</a>');
  });

  it('is a plain link, reached with the keyboard, that remembers the choice when followed', () => {
    renderInSite(<LanguageSwitch />, { route: '/about' });
    const link = screen.getByRole('link', { name: 'العربية' });
    link.focus();
    expect(link).toHaveFocus();
    expect(link.tabIndex).toBe(0);
    // Enter on a focused link is a click: the browser follows the link (a full page load) after the handler.
    const followed = fireEvent.click(link);
    expect(followed).toBe(true); // not prevented: the router does not take it over
    expect(document.cookie).toContain('site_lang=ar');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/about');
  });
});
