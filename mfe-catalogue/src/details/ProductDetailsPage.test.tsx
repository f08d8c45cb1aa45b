import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CEILING_ROSE_TABLE_IMAGE } from '@site/content';
import { CATALOGUE_PRODUCT_API_PATTERN, catalogueProductApiPath, reviewsApiPath } from '@site/contracts/api';
import { selectQuoteLines } from '@site/shared-store';
import { DETAIL, PRODUCTS } from '../testing/catalogueFixtures';
import { catalogueHandlers } from '../testing/handlers';
import ProductDetailsPage from './ProductDetailsPage';

const renderAt = (category: string, id: string) =>
  renderInSite(<ProductDetailsPage />, { route: `/our-products/${category}/${id}`, path: '/our-products/:productCategoryId/:productId' });

describe('ProductDetailsPage', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
    delete (window as { hacked?: boolean }).hacked;
  });

  /** The product is shown and its reviews have settled (loaded or failed). */
  const loaded = async () => {
    await screen.findByRole('heading', { level: 2, name: DETAIL.productName });
    // The sections below the summary render in a deferred pass, then the reviews arrive.
    await screen.findByRole('heading', { level: 2, name: 'Reviews' });
    await waitFor(() => expect(screen.queryByText('Loading reviews')).toBeNull());
  };

  it('shows the loader, then every section in the spec order, with breadcrumb and title', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByText('Loading product details')).toBeInTheDocument();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Product Details');
    // The wide screen's trail (CSS shows it above 640 px; jsdom keeps both in the page).
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }).querySelector<HTMLElement>('[data-trail="wide"]')!);
    expect(crumbs.getByRole('link', { name: 'Industrial Cable Glands' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(crumbs.getByText(DETAIL.productName)).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Gland A <Brass> | Crescent Electrical Trading');

    const main = document.body.textContent ?? '';
    const order = ['Compliance', 'Description :', 'Selecting a gland', 'Gland Size', 'Installation', 'Reviews'].map((text) => main.indexOf(text));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('loads its own product only (no catalogue file), shows its code and adds it to the quote basket', async () => {
    const { store } = renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(requestsSent()).toContain(`GET ${catalogueProductApiPath('gland_a')}`);
    expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
    const summary = within(screen.getByRole('region', { name: 'Product summary' }));
    expect(summary.getByText('Code:').parentElement).toHaveTextContent('Code: GLAND-A');
    expect(summary.getByText('GLAND-A').tagName).toBe('BDI');
    const field = summary.getByRole('textbox', { name: 'Quantity' });
    expect(field).toHaveValue('1');
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(summary.getByRole('button', { name: 'Add to quote' }));
    fireEvent.click(summary.getByRole('button', { name: 'Add to quote' }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({ productId: 'gland_a', code: 'GLAND-A', productCategoryId: 'industrial_cable_glands', unit: 'piece', quantity: 6, names: { en: DETAIL.productName } }),
    ]);
    expect(summary.getByText(/^Added 3 pieces to your quote basket\.$/)).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'View quote basket' })).toHaveAttribute('href', '/request-quote');
  });

  it('shows the summary: picture, specification blocks, category, brand logos, detail HTML and the description conventions', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const summary = within(screen.getByRole('region', { name: 'Product summary' }));
    expect(summary.getByRole('img', { name: DETAIL.productName })).toHaveAttribute('src', '/images/products/gland_brass.svg');
    expect(summary.getByRole('heading', { name: 'Compliance' })).toBeInTheDocument();
    expect(summary.getByText('BS 6121-1')).toBeInTheDocument();
    expect(summary.getByText('Specification :')).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'Industrial Cable Glands' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(summary.getByRole('img', { name: 'Hex' })).toHaveAttribute('src', '/images/brands/hex.svg');
    expect(summary.getByText('gland', { selector: 'strong' })).toBeInTheDocument();
    expect(summary.getByText('Material', { selector: 'strong' }).parentElement).toHaveTextContent('Material : Brass CZ121');
    expect(summary.getByRole('heading', { level: 4, name: 'Accessories' })).toBeInTheDocument();
    expect(summary.getByText('PVC shroud').tagName).toBe('LI');
    expect(summary.getByText('table', { selector: 'em' })).toBeInTheDocument();
    expect(summary.getByRole('img', { name: 'Ceiling rose terminals' })).toHaveAttribute('src', CEILING_ROSE_TABLE_IMAGE);
    expect(summary.queryByText(/\*Application|\^|%ceiling/)).toBeNull();
  });

  it('sanitises the HTML of the data: no script runs, no event handler survives', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('collapses the expandable sections with a toggle; Technical Specifications is always open', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Application' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Switchgear and motors.')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Switchgear and motors.')).toBeVisible();
    fireEvent.click(toggle);
    expect(screen.getByText('Switchgear and motors.')).not.toBeVisible();

    const specs = within(screen.getByRole('region', { name: 'Technical Specifications' }));
    expect(specs.queryByRole('button')).toBeNull();
    expect(specs.getByRole('rowheader', { name: 'Thread' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Construction' })).toBeNull();
  });

  it('renders the detail table: grouped, centred header cells with spans and widths, nested values flattened', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const table = screen.getByRole('table', { name: 'Gland A <Brass>: specifications' });
    const size = within(table).getByRole('columnheader', { name: 'Gland Size' });
    expect(size).toHaveAttribute('rowspan', '2');
    expect(size).toHaveStyle({ width: '8%' });
    expect(within(table).getByRole('columnheader', { name: 'Thread Size' })).toHaveAttribute('colspan', '2');
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('20SM203/4"');
  });

  it('links the downloads and the manufacturer catalogue, each in a new tab', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const datasheets = screen.getAllByRole('link', { name: 'Download Datasheet' });
    expect(datasheets.map((link) => link.getAttribute('href'))).toEqual(['/uploads/gland-a.pdf', '/uploads/install.pdf']);
    expect(screen.getByRole('link', { name: 'Type Test Report' })).toHaveAttribute('href', '/uploads/gland-a-tests.pdf');
    const catalogue = screen.getByRole('link', { name: 'View Manufacturers Catalogue' });
    expect(catalogue).toHaveAttribute('href', 'https://example.com/catalogue');
    for (const link of [...datasheets, catalogue]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('shows a clear not-found state for an unknown product id, never an endless loader', async () => {
    server.use(http.get(reviewsApiPath('no_such_gland'), () => HttpResponse.json({ error: 'There is no product' }, { status: 404 })));
    renderAt('industrial_cable_glands', 'no_such_gland');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product not found');
    expect(alert).toHaveTextContent('We could not find the product “no_such_gland” in our catalogue.');
    expect(within(alert).getByRole('link', { name: 'See all Industrial Cable Glands products' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(screen.queryByTestId('spinner')).toBeNull();
    expect(document.title).toBe('Product not found | Crescent Electrical Trading');
  });

  it("shows a withdrawn product (the API's 410) as not found, with a link to its own category", async () => {
    server.use(
      http.get(catalogueProductApiPath('old_gland'), () =>
        HttpResponse.json(
          { error: 'withdrawn', withdrawn: { id: 'old_gland', productName: 'Old Gland', categoryId: 'industrial_cable_glands', categoryName: 'Industrial Cable Glands' } },
          { status: 410 },
        ),
      ),
      http.get(reviewsApiPath('old_gland'), () => HttpResponse.json({ reviews: [] })),
    );
    // an old link under another category: the link leads to the product's own
    renderAt('cables', 'old_gland');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product not found');
    expect(alert).toHaveTextContent('We could not find the product “old_gland” in our catalogue.');
    expect(within(alert).getByRole('link', { name: 'See all Industrial Cable Glands products' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(screen.queryByTestId('spinner')).toBeNull();
  });

  it('shows a clear error with a retry when the details cannot be loaded', async () => {
    let fail = true;
    server.use(http.get(CATALOGUE_PRODUCT_API_PATTERN, () => (fail ? HttpResponse.error() : HttpResponse.json({ product: DETAIL, listing: PRODUCTS[0] }))));
    renderAt('industrial_cable_glands', 'gland_a');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded();
  });

  describe('reviews', () => {
    const fill = (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    };

    it('lists the reviews with one star per star, and the form with the spec texts', async () => {
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Customer Reviews' })).toBeInTheDocument();
      const review = within(screen.getByRole('list', { name: 'Customer reviews' })).getByRole('listitem');
      expect(review).toHaveTextContent('Seed');
      expect(review).toHaveTextContent('Seeded');
      expect(within(review).getByRole('img', { name: '4 out of 5 stars' }).querySelectorAll('svg')).toHaveLength(4);

      const form = within(screen.getByRole('form', { name: 'Write a Review' }));
      expect(form.getByText('Your email address will not be published. Required fields are marked*')).toBeInTheDocument();
      expect(form.queryByText(/Be the first to review/)).toBeNull();
      expect(form.getByLabelText('Write Your Review*')).toHaveAttribute('rows', '4');
      const rating = form.getByLabelText('Select Rating*');
      expect(rating).toHaveValue('');
      expect(within(rating).getAllByRole('option').map((o) => [o.textContent, o.getAttribute('value')])).toEqual([
        ['Select Rating', ''],
        ['One', '1'],
        ['Two', '2'],
        ['Three', '3'],
        ['Four', '4'],
        ['Five', '5'],
      ]);
      expect(form.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    });

    it("says 'No Reviews Yet.' and invites the first review", async () => {
      server.use(http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ reviews: [] })));
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      expect(await screen.findByText('No Reviews Yet.')).toBeInTheDocument();
      expect(screen.getByText('Be the first to review “Gland A <Brass>”')).toBeInTheDocument();
    });

    it('sends a review, puts it first and clears the form', async () => {
      server.use(
        http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: '<b>Great</b>' } })),
      );
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      await screen.findByText('Seeded');
      fill({ 'Name*': 'Aisha', Email: 'aisha@example.com', 'Write Your Review*': '<b>Great</b>', 'Select Rating*': '5' });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect((await requestsSentWithBodies()).at(-1)).toEqual({
        request: `POST ${reviewsApiPath('gland_a')}`,
        body: { customerName: 'Aisha', emailId: 'aisha@example.com', comment: '<b>Great</b>', stars: 5 },
      });
      const items = within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem');
      expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Aisha', 'Seed']);
      expect(items[0]).toHaveTextContent('<b>Great</b>');
      expect(screen.getByText('Thank you! Your review has been added.')).toHaveAttribute('role', 'status');
      for (const label of ['Name*', 'Email', 'Write Your Review*', 'Select Rating*']) expect(screen.getByLabelText(label)).toHaveValue('');
    });

    it('says a held review will appear once checked, and does not list it yet', async () => {
      server.use(
        http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: 'Great' }, held: true })),
      );
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      await screen.findByText('Seeded');
      fill({ 'Name*': 'Aisha', 'Write Your Review*': 'Great', 'Select Rating*': '5' });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(screen.getByText('Thank you! Your review will appear once it has been checked.')).toHaveAttribute('role', 'status');
      const items = within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem');
      expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Seed']);
      expect(screen.getByLabelText('Name*')).toHaveValue('');
    });

    it("keeps the fields and shows the server's message when the review is refused", async () => {
      server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ error: 'Too many reviews, please try again in a minute.' }, { status: 429 })));
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      fill({ 'Name*': 'Aisha', 'Write Your Review*': 'Good', 'Select Rating*': '4' });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(screen.getByText('Too many reviews, please try again in a minute.')).toHaveAttribute('role', 'alert');
      expect(screen.getByLabelText('Name*')).toHaveValue('Aisha');
      expect(within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem')).toHaveLength(1);
    });

    it('checks the e-mail with the shared rule before sending', async () => {
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      fill({ 'Name*': 'Aisha', Email: 'aisha@example', 'Write Your Review*': 'Good', 'Select Rating*': '4' });
      fireEvent.submit(screen.getByRole('form', { name: 'Write a Review' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
      expect(requestsSent().filter((request) => request.startsWith('POST'))).toEqual([]);
    });

    it('shows a retry when the reviews cannot be loaded, the rest of the page still works', async () => {
      server.use(http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 })));
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Reviews could not be loaded right now.');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: /specifications/ })).toBeInTheDocument();
    });
  });
});
