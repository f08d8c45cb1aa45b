import { fireEvent, screen, within } from '@testing-library/react';
import { renderInSite, testI18n } from '@test/render';
import { makeStore, quoteBasketRestored, selectQuoteLines, type QuoteLine } from '@site/shared-store';
import { shownText } from '../testing/shownText';
import { AddToQuote, type QuoteProduct } from './AddToQuote';

const CABLE: QuoteProduct = {
  id: 'armoured_cable',
  code: 'OC-SWA-416',
  productCategoryId: 'cables',
  image: 'cable.webp',
  unit: 'metre',
  name: 'Armoured Cable 4 x 16',
};
const GLAND: QuoteProduct = {
  id: 'gland_a',
  code: 'GL-A',
  productCategoryId: 'glands',
  image: 'gland.webp',
  unit: 'piece',
  name: 'Gland A',
};

const quantityField = () => screen.getByRole('textbox', { name: 'Quantity' });
const typeQuantity = (value: string) => fireEvent.change(quantityField(), { target: { value } });
const addButton = () => screen.getByRole('button', { name: 'Add to quote' });
/** The form's status message (the test page has another status: the router's path). */
const status = () => within(screen.getByRole('button').closest('form')!).getByRole('status');

describe('AddToQuote (product page)', () => {
  it('starts at 1 in the product unit and adds a line with the product, unit and quantity; says so with a link to the basket', () => {
    const { store } = renderInSite(<AddToQuote product={CABLE} />);
    expect(quantityField()).toHaveValue('1');
    expect(screen.getByText('metres')).toBeInTheDocument();
    typeQuantity('200');
    fireEvent.click(addButton());
    expect(selectQuoteLines(store.getState())).toEqual([
      {
        productId: 'armoured_cable',
        code: 'OC-SWA-416',
        productCategoryId: 'cables',
        image: 'cable.webp',
        unit: 'metre',
        quantity: 200,
        names: { en: 'Armoured Cable 4 x 16' },
        labels: {},
      },
    ]);
    expect(status()).toHaveTextContent('Added 200 metres to your quote basket.');
    expect(screen.getByRole('link', { name: 'View quote basket' })).toHaveAttribute('href', '/request-quote');
  });

  it('adds to the quantity of a product already in the basket', () => {
    const { store } = renderInSite(<AddToQuote product={GLAND} />);
    typeQuantity('40');
    fireEvent.click(addButton());
    typeQuantity('2');
    fireEvent.click(addButton());
    const lines = selectQuoteLines(store.getState());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: 'gland_a', quantity: 42, unit: 'piece' });
    expect(status()).toHaveTextContent('Added 2 pieces to your quote basket.');
  });

  it('adds each size of a product as its own line, named by its code and size', () => {
    const cw = { ...GLAND, id: 'hex_cw_brass_cable_gland', name: 'CW Brass Cable Gland' };
    const { store } = renderInSite(
      <>
        <AddToQuote product={{ ...cw, code: 'HEX-CW-25', label: 'Size 25 (M25)' }} compact />
        <AddToQuote product={{ ...cw, code: 'HEX-CW-32', label: 'Size 32 (M32)' }} compact />
      </>,
    );
    const [field25, field32] = screen.getAllByRole('textbox');
    fireEvent.change(field25!, { target: { value: '100' } });
    fireEvent.change(field32!, { target: { value: '50' } });
    for (const button of screen.getAllByRole('button')) fireEvent.click(button);
    expect(
      selectQuoteLines(store.getState()).map(({ productId, code, labels, quantity }) => ({
        productId,
        code,
        labels,
        quantity,
      })),
    ).toEqual([
      { productId: 'hex_cw_brass_cable_gland', code: 'HEX-CW-25', labels: { en: 'Size 25 (M25)' }, quantity: 100 },
      { productId: 'hex_cw_brass_cable_gland', code: 'HEX-CW-32', labels: { en: 'Size 32 (M32)' }, quantity: 50 },
    ]);
  });

  it('adds when Enter is pressed in the field (the form is submitted)', () => {
    const { store } = renderInSite(<AddToQuote product={GLAND} />);
    fireEvent.submit(quantityField().closest('form')!);
    expect(selectQuoteLines(store.getState())[0]).toMatchObject({ productId: 'gland_a', quantity: 1 });
  });

  it('refuses decimals for pieces: shows the problem, focuses the field and adds nothing', () => {
    const { store } = renderInSite(<AddToQuote product={GLAND} />);
    typeQuantity('2.5');
    fireEvent.click(addButton());
    expect(quantityField()).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number of pieces.'));
    expect(quantityField()).toHaveAttribute('aria-invalid', 'true');
    expect(quantityField()).toHaveFocus();
    expect(selectQuoteLines(store.getState())).toEqual([]);
    expect(status()).toBeEmptyDOMElement();
  });

  it.each([
    ['0', 'Enter a quantity greater than 0.'],
    ['abc', 'Enter the quantity as a number, for example 25.'],
    ['12.345', 'Enter at most 2 decimal places.'],
  ])('refuses %s metres with “%s”', (typed, problem) => {
    const { store } = renderInSite(<AddToQuote product={CABLE} />);
    typeQuantity(typed);
    fireEvent.click(addButton());
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(selectQuoteLines(store.getState())).toEqual([]);
  });

  it('takes decimals for metres', () => {
    const { store } = renderInSite(<AddToQuote product={CABLE} />);
    typeQuantity('12.5');
    fireEvent.click(addButton());
    expect(selectQuoteLines(store.getState())[0]).toMatchObject({ quantity: 12.5, unit: 'metre' });
    expect(status()).toHaveTextContent('Added 12.5 metres to your quote basket.');
  });

  it('says the basket is full (100 products) for a new product, and still adds to a product already in it', () => {
    const others: QuoteLine[] = Array.from({ length: 99 }, (_, index) => ({
      productId: `p${index}`,
      code: `P-${index}`,
      productCategoryId: 'glands',
      image: 'x.webp',
      unit: 'piece',
      names: { en: `P ${index}` },
      labels: {},
      quantity: 1,
    }));
    const full = [...others, { ...others[0]!, productId: 'gland_a', code: 'GL-A', names: { en: 'Gland A' } }];
    const storeWith = () => {
      const store = makeStore();
      store.dispatch(quoteBasketRestored(full));
      return store;
    };
    const first = renderInSite(<AddToQuote product={CABLE} />, { store: storeWith() });
    fireEvent.click(addButton());
    expect(status()).toHaveTextContent('Your quote basket is full (100 products). Send it or remove a product first.');
    expect(selectQuoteLines(first.store.getState())).toHaveLength(100);
    expect(selectQuoteLines(first.store.getState()).some((line) => line.productId === 'armoured_cable')).toBe(false);
    first.unmount();

    const second = renderInSite(<AddToQuote product={GLAND} />, { store: storeWith() });
    fireEvent.click(addButton());
    expect(selectQuoteLines(second.store.getState()).find((line) => line.productId === 'gland_a')?.quantity).toBe(2);
    expect(status()).toHaveTextContent('Added 1 piece to your quote basket.');
  });
});

describe('AddToQuote (listing card)', () => {
  it('names its field and button after the product, the button showing "Add to quote"', () => {
    const { store } = renderInSite(<AddToQuote product={GLAND} compact />);
    const field = screen.getByRole('textbox', { name: 'Quantity of Gland A' });
    fireEvent.change(field, { target: { value: '12' } });
    const button = screen.getByRole('button', { name: 'Add Gland A to quote' });
    expect(shownText(button)).toBe('Add to quote');
    fireEvent.click(button);
    expect(selectQuoteLines(store.getState())[0]).toMatchObject({ productId: 'gland_a', quantity: 12 });
  });
});

describe('AddToQuote in Arabic', () => {
  const ar = testI18n('ar');
  const CABLE_AR = { ...CABLE, name: 'كابل مدرع 4 × 16' };

  it('speaks Arabic, keeps the Arabic name in the line and Western digits in the confirmation', () => {
    const { store } = renderInSite(<AddToQuote product={CABLE_AR} compact />, { locale: 'ar' });
    const field = screen.getByRole('textbox', { name: ar._('catalogue.quote.quantityOf', { name: CABLE_AR.name }) });
    fireEvent.change(field, { target: { value: '200' } });
    const button = screen.getByRole('button', {
      name: ar._('catalogue.quote.addNamed', { name: CABLE_AR.name }).replace(/<\/?0>/g, ''),
    });
    expect(shownText(button)).toBe(ar._('catalogue.quote.add'));
    fireEvent.click(button);
    expect(selectQuoteLines(store.getState())[0]).toMatchObject({
      quantity: 200,
      unit: 'metre',
      names: { ar: CABLE_AR.name },
    });
    expect(status()).toHaveTextContent(
      ar._('catalogue.quote.added', { quantity: ar._('ui.quantity.metre', { count: 200 }) }),
    );
    expect(status().textContent).toContain('200');
    expect(status().textContent).not.toMatch(/[٠-٩]/);
    expect(screen.getByRole('link', { name: ar._('catalogue.quote.viewBasket') })).toHaveAttribute(
      'href',
      '/request-quote',
    );
  });

  it('shows the refusal in Arabic', () => {
    renderInSite(<AddToQuote product={{ ...GLAND, name: 'جلبة أ' }} />, { locale: 'ar' });
    const field = screen.getByRole('textbox', { name: ar._('catalogue.quote.quantity') });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: ar._('catalogue.quote.add') }));
    expect(
      screen.getByText(ar._('ui.quantityProblem.notPositive', { unit: ar._('ui.unit.piece'), max: 100000 })),
    ).toBeInTheDocument();
  });
});
