import { fireEvent, screen, within } from '@testing-library/react';
import { renderInSite, setViewportWidth } from '@test/render';
import { Header, isHighlighted } from './Header';

describe('Header', () => {
  it('highlights a link when the current path contains its route', () => {
    expect(isHighlighted('/our-products/cables/xlpe', '/our-products')).toBe(true);
    expect(isHighlighted('/about', '/our-products')).toBe(false);
    renderInSite(<Header />, { route: '/our-products/cables' });
    // jsdom applies no media queries, so the wide-screen navigation is display:none here: find it by its label.
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
    const link = (name: string) =>
      within(nav)
        .queryAllByRole('link', { hidden: true })
        .find((item) => item.textContent === name);
    expect(link('Products')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Career Opportunities')).toBeUndefined();
  });

  it('opens the drawer with every menu item; choosing one closes it and navigates', () => {
    setViewportWidth(800);
    renderInSite(<Header />, { route: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const items = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(items).toEqual([
      'Home',
      'About Us',
      'Management',
      'Certificates',
      'Products',
      'Projects',
      'Contact',
      'Career Opportunities',
    ]);
    fireEvent.click(within(drawer).getByRole('link', { name: 'Career Opportunities' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/career-opportunities');
  });

  it('on an Arabic page: names from the Arabic data, Arabic labels, and the switch to English', () => {
    setViewportWidth(800);
    renderInSite(<Header />, { route: '/our-products/cables', locale: 'ar' });
    expect(screen.getByRole('link', { name: 'الهلال للتجارة الكهربائية: الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/home',
    );
    expect(screen.getByRole('img', { name: 'الهلال للتجارة الكهربائية' })).toBeInTheDocument();
    const nav = document.querySelector<HTMLElement>('nav[aria-label="التنقل الرئيسي"]')!;
    const names = within(nav)
      .queryAllByRole('link', { hidden: true })
      .map((link) => link.textContent);
    expect(names).toEqual(['الرئيسية', 'من نحن', 'الإدارة', 'الشهادات', 'المنتجات', 'المشاريع', 'اتصل بنا']);
    expect(within(nav).getByRole('link', { name: 'المنتجات', hidden: true })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'بحث' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /اتصل بنا/ })).toBeInTheDocument();
    const english = screen.getByRole('link', { name: 'English' });
    expect(english).toHaveAttribute('href', '/our-products/cables');
    expect(english).toHaveAttribute('lang', 'en');

    fireEvent.click(screen.getByRole('button', { name: 'فتح القائمة' }));
    const drawer = screen.getByRole('dialog', { name: 'القائمة' });
    expect(within(drawer).getByRole('button', { name: 'إغلاق القائمة' })).toBeInTheDocument();
    // The drawer's own switch shows on a phone only (CSS; jsdom applies its display: none, not the media query).
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['الرئيسية', 'من نحن', 'الإدارة', 'الشهادات', 'المنتجات', 'المشاريع', 'اتصل بنا', 'الوظائف الشاغرة']);
    const drawerSwitch = drawer.querySelector('a[hreflang="en"]');
    expect(drawerSwitch).toHaveTextContent('English');
    expect(drawerSwitch).toHaveAttribute('href', '/our-products/cables');
  });

  it('on an English page: the switch reads «العربية» and leads to the Arabic twin', () => {
    renderInSite(<Header />, { route: '/certificates' });
    const arabic = screen.getByRole('link', { name: 'العربية' });
    expect(arabic).toHaveAttribute('href', '/ar/certificates');
    expect(arabic).toHaveAttribute('hreflang', 'ar');
  });

  it('the search: a GET form to the search page in each edition; a tap shows its field, focused, and Enter goes to the results', () => {
    renderInSite(<Header />, { route: '/home' });
    const field = document.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(field.form).toHaveAttribute('action', '/search');
    expect(field.form).toHaveAttribute('method', 'get');
    expect(field).not.toBeVisible();
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toHaveAttribute('type', 'submit');
    expect(search).toHaveAttribute('data-early', 'frame');
    fireEvent.click(search);
    expect(field).toBeVisible();
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: 'HEX-CW-25' } });
    fireEvent.submit(field.form!);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/search');
    expect(field).not.toBeVisible();
  });
});
