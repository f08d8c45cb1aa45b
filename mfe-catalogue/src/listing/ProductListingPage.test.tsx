import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { RATINGS_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import { selectQuoteLines } from '@site/shared-store';
import { product } from '../testing/catalogueFixtures';
import { catalogueHandlers, listingApi } from '../testing/handlers';
import { shownText } from '../testing/shownText';
import ProductListingPage from './ProductListingPage';

const renderAt = (category: string) =>
  renderInSite(<ProductListingPage />, { route: `/our-products/${category}`, path: '/our-products/:productCategoryId' });

const cardNames = () =>
  within(screen.getByRole('list', { name: /products$/ }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('ProductListingPage', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
  });

  it('scrolls to the top, shows the loader, then the category with its count, cards and title', async () => {
    renderAt('industrial_cable_glands');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Industrial Cable Glands');
    expect(heading.querySelector('span')).toHaveTextContent('Cable Glands');
    // The wide screen's trail (CSS shows it above 640 px; jsdom keeps both in the page).
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' }).querySelector<HTMLElement>('[data-trail="wide"]')!;
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByRole('link', { name: 'Our Products' })).toHaveAttribute('href', '/our-products');
    expect(within(breadcrumb).getByText('Industrial Cable Glands')).toHaveAttribute('aria-current', 'page');
    expect(cardNames()).toEqual(['Gland A', 'Gland B', 'Gland C']);
    expect(document.title).toBe('Industrial Cable Glands | Crescent Electrical Trading');
  });

  it('opens a product by the relative path of its id', async () => {
    renderAt('industrial_cable_glands');
    const noDetailsRoute = jest.spyOn(console, 'warn').mockImplementation(() => undefined); // this test has no details route
    fireEvent.click(await screen.findByRole('link', { name: /Gland B/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_b');
    noDetailsRoute.mockRestore();
  });

  it('adds a product from its card, the controls outside the card\'s link', async () => {
    const { store } = renderAt('industrial_cable_glands');
    const field = await screen.findByRole('textbox', { name: 'Quantity of Gland B' });
    const button = screen.getByRole('button', { name: 'Add Gland B to quote' });
    expect(field.closest('a')).toBeNull();
    expect(button.closest('a')).toBeNull();
    expect(button.closest('li')).toBe(screen.getByRole('link', { name: /Gland B/ }).closest('li'));
    expect(shownText(button)).toBe('Add to quote');
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(button);
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({ productId: 'gland_b', code: 'GLAND-B', productCategoryId: 'industrial_cable_glands', image: 'gland_brass', unit: 'piece', quantity: 25, names: { en: 'Gland B' } }),
    ]);
    expect(within(button.closest('form')!).getByRole('status')).toHaveTextContent('Added 25 pieces to your quote basket. View quote basket');
  });

  it('asks the server for each of the six orders, keeps the choice in the address, and draws the answer as it comes', async () => {
    renderAt('industrial_cable_glands');
    const sort = await screen.findByRole('combobox', { name: 'Sort products' });
    expect(sort).toHaveValue('1');
    expect(within(sort).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5', '6']);
    for (const value of ['2', '3', '4', '5', '6']) {
      fireEvent.change(sort, { target: { value } });
      expect(screen.getByTestId('current-search')).toHaveTextContent(`?sort=${value}`);
      expect(sort).toHaveValue(value); // the choice shows at once; the cards follow the answer
      // the test server answers every other order reversed (testing/handlers.ts listingApi)
      await waitFor(() => expect(cardNames()).toEqual(['Gland C', 'Gland B', 'Gland A']));
      expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('industrial_cable_glands')}?sort=${value}`);
    }
    fireEvent.change(sort, { target: { value: '1' } });
    expect(screen.getByTestId('current-search')).toBeEmptyDOMElement();
    await waitFor(() => expect(cardNames()).toEqual(['Gland A', 'Gland B', 'Gland C']));
  });

  it('starts from the order and the page its address names, and offers the pages before and after', async () => {
    const many = Array.from({ length: 30 }, (_, index) => product(`cable_${index + 1}`, { productCategoryId: 'cables', productCategory: 'Cables', productName: `Cable ${index + 1}` }));
    server.use(listingApi(many));
    renderInSite(<ProductListingPage />, { route: '/our-products/cables?sort=4&page=2', path: '/our-products/:productCategoryId' });
    expect(await screen.findByText('Showing 30 results')).toBeInTheDocument();
    expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('cables')}?sort=4&page=2`);
    expect(screen.getByRole('combobox', { name: 'Sort products' })).toHaveValue('4');
    // page 2 of 24 a page, in the reversed order the test server gives sort 4
    expect(cardNames()).toEqual(['Cable 6', 'Cable 5', 'Cable 4', 'Cable 3', 'Cable 2', 'Cable 1']);
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).queryByRole('link', { name: 'Next page' })).toBeNull();
    fireEvent.click(within(pages).getByRole('link', { name: 'Previous page' }));
    expect(screen.getByTestId('current-search')).toHaveTextContent('?sort=4');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(cardNames()[0]).toBe('Cable 30');
    expect(screen.getByRole('navigation', { name: 'Pages of products' })).toHaveTextContent('Page 1 of 2');
    expect(within(screen.getByRole('navigation', { name: 'Pages of products' })).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/our-products/cables?sort=4&page=2');
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
  });

  it('has no pages to offer when the category fits on one', async () => {
    renderAt('industrial_cable_glands');
    await screen.findByText('Showing 3 results');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows prices and ratings on the cards', async () => {
    renderAt('industrial_cable_glands');
    const card = (await screen.findByRole('link', { name: /Gland C/ })).closest('li')!;
    expect(within(card).getByText('AED 4.5')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5 (2 reviews)' })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Gland B/ })).getByText('Price on request')).toBeInTheDocument();
  });

  it("says 'No Products were found.' and names an unknown category from its segment", async () => {
    renderAt('copper_bus_bars');
    expect(await screen.findByText('No Products were found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Copper Bus Bars');
  });

  it('shows a clear error with a retry instead of an endless loader', async () => {
    let fail = true;
    server.use(http.get(catalogueListingApiPath('industrial_cable_glands'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)));
    renderAt('industrial_cable_glands');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Could not load ${catalogueListingApiPath('industrial_cable_glands')} (HTTP 500)`);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
  });

  it('tells when ratings are missing while sorting by rating, with a retry', async () => {
    server.use(http.get(RATINGS_API_PATH, () => HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 })));
    renderAt('industrial_cable_glands');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort products' }), { target: { value: '3' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Reviews could not be loaded right now. Products without a known rating are listed last.');
    expect(within(screen.getByRole('link', { name: /Gland C/ })).queryByRole('img', { name: /^Rated/ })).toBeNull();
  });
});
