import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { productCategories } from '@site/content';
import { CATEGORIES_AR } from '../testing/arabicFixtures';
import { arabicStore, englishLeft } from '../testing/arabicPage';
import { arabicCatalogueHandlers } from '../testing/handlers';
import CategoryListPage from './CategoryListPage';

const CATEGORIES = productCategories.slice(0, 2);

describe('CategoryListPage', () => {
  beforeEach(() => {
    server.use(
      http.get('/data/products-category.json', () => HttpResponse.json(CATEGORIES)),
      ...arabicCatalogueHandlers,
    );
    window.scrollTo = jest.fn();
  });

  it('shows every category as a card opening its listing, under Our Products', async () => {
    renderInSite(<CategoryListPage />, { route: '/our-products' });
    const list = await screen.findByRole('list', { name: 'Product categories' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Our Products');
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(CATEGORIES.map((c) => c.title));
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', `/our-products/${CATEGORIES[0]!.id}`);
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/home');
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/data/products-category.json', () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(CATEGORIES),
      ),
    );
    renderInSite(<CategoryListPage />, { route: '/our-products' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load /data/products-category.json (HTTP 500)');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('list', { name: 'Product categories' })).toBeInTheDocument();
  });

  describe('in Arabic', () => {
    const renderArabic = () =>
      renderInSite(<CategoryListPage />, { route: '/our-products', locale: 'ar', store: arabicStore() });

    it('reads the Arabic categories and says everything in Arabic', async () => {
      renderArabic();
      expect(screen.getByText('جارٍ تحميل فئات المنتجات')).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'فئات المنتجات' });
      expect(requestsSent()).toContain('GET /data/ar/products-category.json');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('منتجاتنا');
      expect(
        within(list)
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(CATEGORIES_AR.map((c) => c.title));
      const crumbs = within(screen.getByRole('navigation').querySelector('ol')!);
      expect(crumbs.getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/home');
      expect(crumbs.getByText('منتجاتنا')).toHaveAttribute('aria-current', 'page');
      expect(englishLeft(['Scotch'])).toEqual([]);
    });

    it('says in Arabic that the categories could not be loaded', async () => {
      server.use(http.get('/data/ar/products-category.json', () => new HttpResponse(null, { status: 500 })));
      renderArabic();
      expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل فئات المنتجات.');
      expect(screen.getByRole('alert')).not.toHaveTextContent('Could not load');
    });
  });
});
