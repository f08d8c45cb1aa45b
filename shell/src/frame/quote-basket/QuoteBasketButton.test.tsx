import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { quoteBasketRestored, quoteLineAdded, type QuoteLine } from '@site/shared-store';
import { QuoteBasketButton } from './QuoteBasketButton';

const cable: QuoteLine = {
  productId: 'swa-cable',
  code: 'OC-SWA-416',
  productCategoryId: 'cables',
  image: 'swa-cable',
  unit: 'metre',
  names: { en: 'Armoured cable 4 × 16 mm²', ar: 'كابل مدرّع 4 × 16 مم²' },
  labels: { en: '', ar: '' },
  quantity: 200,
};
const gland: QuoteLine = { ...cable, productId: 'gland', code: 'GL-20', unit: 'piece', names: { en: 'Cable gland 20 mm' }, quantity: 40 };

describe('the header quote basket', () => {
  // The panel is lazy: load its module once up front, so a slow first compile does not outlast findByRole's wait.
  beforeAll(() => import('./QuoteBasketPanel'));

  it('names the empty basket and keeps the badge in place, hidden', () => {
    renderInSite(<QuoteBasketButton />);
    expect(screen.getByRole('button', { name: 'Quote basket, empty' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).not.toBeVisible();
  });

  it('counts products as they are added, whichever part of the page adds them', () => {
    const { store } = renderInSite(<QuoteBasketButton />);
    act(() => void store.dispatch(quoteBasketRestored([cable])));
    expect(screen.getByRole('button', { name: 'Quote basket, 1 product' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).toHaveTextContent('1');
    expect(screen.getByTestId('quote-basket-count')).toBeVisible();
    const { names, labels, ...added } = gland;
    act(() => void store.dispatch(quoteLineAdded({ ...added, locale: 'en', name: names.en!, label: labels.en! })));
    expect(screen.getByRole('button', { name: 'Quote basket, 2 products' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).toHaveTextContent('2');
  });

  it('opens a panel with the lines and the way to the request page; Escape closes it and focus returns', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(() => void store.dispatch(quoteBasketRestored([cable, gland])));
    const button = screen.getByRole('button', { name: 'Quote basket, 2 products' });
    button.focus();
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    const items = within(panel).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Armoured cable 4 × 16 mm²200 metres', 'Cable gland 20 mm40 pieces']);
    expect(within(panel).getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/request-quote');
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('follows the link to the request page and closes', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/about' });
    act(() => void store.dispatch(quoteBasketRestored([cable])));
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 1 product' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Quote basket' })).getByRole('link', { name: 'Request a quote' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/request-quote');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the basket is empty and offers the products', async () => {
    renderInSite(<QuoteBasketButton />, { route: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, empty' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    expect(panel).toHaveTextContent('Your quote basket is empty.');
    fireEvent.click(within(panel).getByRole('link', { name: 'Browse products' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products');
  });

  it('in Arabic: Arabic names, quantities and texts', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { locale: 'ar' });
    act(() => void store.dispatch(quoteBasketRestored([cable, gland])));
    fireEvent.click(screen.getByRole('button', { name: 'سلة عرض السعر، منتجان' }));
    const panel = await screen.findByRole('dialog', { name: 'سلة عرض السعر' });
    // The gland was only seen in English: its English name stands in.
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'كابل مدرّع 4 × 16 مم²200 متر',
      'Cable gland 20 mm40 قطعة',
    ]);
    expect(within(panel).getByRole('link', { name: 'طلب عرض سعر' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });

  it('lists two sizes of one product as two lines, each named with its size', async () => {
    const cw = { ...gland, productId: 'hex_cw_brass_cable_gland', names: { en: 'CW Brass Cable Gland' } };
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(() =>
      void store.dispatch(
        quoteBasketRestored([
          { ...cw, code: 'HEX-CW-25', labels: { en: 'Size 25 (M25)' }, quantity: 100 },
          { ...cw, code: 'HEX-CW-32', labels: { en: 'Size 32 (M32)' }, quantity: 50 },
        ]),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 2 products' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'CW Brass Cable Gland – Size 25 (M25)100 pieces',
      'CW Brass Cable Gland – Size 32 (M32)50 pieces',
    ]);
  });
});
