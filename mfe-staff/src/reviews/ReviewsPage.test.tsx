import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { STAFF_API } from '@site/contracts/staff-api';
import { http } from '../testing/contractHttp';
import { fakeStaffServer, HOSTILE, staffHandlers, type FakeStaffServer } from '../testing/handlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';
import { reviewQueryFromSearch, reviewSearch } from './reviewQuery';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

const reviewRequests = () => requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.reviews}`));

describe('the reviews page', () => {
  it('lists the reviews with their visibility, the comment as text, and the action each allows', async () => {
    renderStaffApp('/reviews');
    const held = await screen.findByRole('heading', {
      level: 2,
      name: 'Fire resistant cable: 1 of 5 stars from Spammer',
    });
    const heldItem = within(held.closest('li')!);
    expect(heldItem.getByText(HOSTILE)).toBeInTheDocument();
    expect(heldItem.getByText(/Held for approval/)).toBeInTheDocument();
    expect(heldItem.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(heldItem.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    const visible = within(screen.getByRole('heading', { level: 2, name: /from Omar$/ }).closest('li')!);
    expect(visible.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
    expect(document.querySelector('main img')).toBeNull();
  });

  it('approves a held review and hides and unhides a visible one', async () => {
    renderStaffApp('/reviews');
    const held = within((await screen.findByRole('heading', { level: 2, name: /from Spammer$/ })).closest('li')!);
    fireEvent.click(held.getByRole('button', { name: 'Approve' }));
    expect(await held.findByText('Approved: the review is shown.')).toBeInTheDocument();
    const omar = within(screen.getByRole('heading', { level: 2, name: /from Omar$/ }).closest('li')!);
    fireEvent.click(omar.getByRole('button', { name: 'Hide' }));
    fireEvent.click(await omar.findByRole('button', { name: 'Unhide' }));
    expect(await omar.findByText('Shown again.')).toBeInTheDocument();
    const sent = (await requestsSentWithBodies()).filter(({ request }) => request.startsWith('POST'));
    expect(sent).toEqual([
      { request: 'POST /api/staff/reviews/2/visibility', body: { hidden: false } },
      { request: 'POST /api/staff/reviews/1/visibility', body: { hidden: true } },
      { request: 'POST /api/staff/reviews/1/visibility', body: { hidden: false } },
    ]);
  });

  it('keeps its filters in the address and asks for that view', async () => {
    renderStaffApp('/reviews');
    await screen.findByText('2 reviews');
    fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'held' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Stars' }), { target: { value: '1' } });
    // the product is found by the catalogue's search as its name is typed, and picked from its matches
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'fire' } });
    fireEvent.click(await screen.findByRole('option', { name: /Fire resistant cable/ }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Product' })).toHaveTextContent('Product: Fire resistant cable'),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'img' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const view = 'productId=oc_fire_resistant_cable&visibility=held&stars=1&q=img';
    await waitFor(() => expect(currentAddress()).toBe(`/reviews?${view}`));
    await waitFor(() => expect(reviewRequests().at(-1)).toBe(`GET ${STAFF_API.reviews}?${view}`));
    expect(await screen.findByText('1 review')).toBeInTheDocument();
  });
});

describe('the product filter', () => {
  it('offers the products a typed name finds, picked with the keyboard; says when none match; All products clears it', async () => {
    renderStaffApp('/reviews');
    const input = await screen.findByRole('combobox', { name: 'Product' });
    fireEvent.change(input, { target: { value: 'cable' } });
    const options = await screen.findAllByRole('option', { name: /Cable/i });
    expect(options.map((option) => option.textContent)).toEqual([
      'Fire resistant cableCables · Oxford Cavi',
      'CW Brass Cable GlandGlands · Hex',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(currentAddress()).toBe('/reviews?productId=hex_cw_brass_cable_gland'));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Product' })).toHaveTextContent('Product: CW Brass Cable Gland'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'All products' }));
    await waitFor(() => expect(currentAddress()).toBe('/reviews'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No product matches “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks the search once typing pauses, and says when it could not search', async () => {
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => HttpResponse.json({ error: 'Try again' }, { status: 503 })));
    renderStaffApp('/reviews');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Product' }), { target: { value: 'gla' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'gland' } });
    expect(
      await screen.findByText('Products could not be searched right now. Filter by the other fields, or try again.'),
    ).toBeInTheDocument();
    expect(requestsSent().filter((request) => request.startsWith(`GET ${CATALOGUE_SEARCH_API_PATH}`))).toEqual([
      `GET ${CATALOGUE_SEARCH_API_PATH}?q=gland&limit=8`,
    ]);
  });

  it('names a product of the address that the catalogue no longer has by its id', async () => {
    renderStaffApp('/reviews?productId=gone_product');
    expect(await screen.findByRole('group', { name: 'Product' })).toHaveTextContent('Product: gone_product');
  });
});

describe('reviewQuery', () => {
  it('reads valid filters and drops the rest', () => {
    expect(reviewQueryFromSearch('?stars=9&visibility=gone&page=0&productId=a%20b')).toEqual({});
    const query = reviewQueryFromSearch('?page=3&q=%20ok%20&stars=2&visibility=hidden&productId=p_1');
    expect(query).toEqual({ productId: 'p_1', visibility: 'hidden', stars: 2, q: 'ok', page: 3 });
    expect(reviewSearch(query)).toBe('?productId=p_1&visibility=hidden&stars=2&q=ok&page=3');
    expect(reviewSearch({ page: 1 })).toBe('');
  });
});
