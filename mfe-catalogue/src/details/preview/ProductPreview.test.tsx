// The staff editor's live preview: the product page's parts drawn from an editor's content given as a prop, in
// English and in Arabic right-to-left, without asking the API for the product.
import { createRoot } from 'react-dom/client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { testI18n } from '@test/render';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { CATEGORIES_AR, DETAIL_AR, GLANDS_AR } from '../../testing/arabicFixtures';
import { PREVIEW_CONTENT as CONTENT } from '../../testing/previewContent';
import ProductPreview from './ProductPreview';

// The build compiles the catalogs it imports (messages-loader.cjs); jest reads them as written: the test's instance
// has them compiled the same way.
jest.mock('./previewI18n', () => ({ previewI18n: (locale: 'en' | 'ar') => testI18n(locale) }));

const withSpecification = (content: EditableProduct, line: string): EditableProduct => ({
  ...content,
  details: {
    ...content.details,
    Specification: [{ extraSpecTitle: 'Compliance', extraSpec: ['BS 6121-1'], specification: [line] }],
  },
});

beforeEach(() => {
  server.use(
    http.get('/data/products-category.json', () =>
      HttpResponse.json([{ id: 'industrial_cable_glands', title: 'Industrial Cable Glands', info: '', image: 'x' }]),
    ),
    http.get('/data/ar/products-category.json', () => HttpResponse.json(CATEGORIES_AR)),
  );
});

const summary = () => within(screen.getByRole('region', { name: /^(Product summary|ملخص المنتج)$/ }));

describe('the product preview', () => {
  it('draws the name, code and specification of the content given, and follows its changes, fetching no product', async () => {
    const { rerender } = render(<ProductPreview productId="gland_a" content={CONTENT} locale="en" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Gland A <Brass>' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product Details' })).toBeInTheDocument();
    expect(summary().getByText('GLAND-A')).toHaveAttribute('dir', 'ltr');
    expect(summary().getByText('Material: brass')).toBeInTheDocument();
    expect(await summary().findByRole('link', { name: 'Industrial Cable Glands' })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(screen.getByRole('table', { name: 'Gland A <Brass>: specifications' })).toBeInTheDocument();

    rerender(
      <ProductPreview
        productId="gland_a"
        content={withSpecification(CONTENT, 'Material: nickel-plated brass')}
        locale="en"
      />,
    );
    expect(await summary().findByText('Material: nickel-plated brass')).toBeInTheDocument();
    expect(summary().queryByText('Material: brass')).toBeNull();
    // its data: the categories file only, never the product's API
    expect(requestsSent()).toEqual(['GET /data/products-category.json']);
  });

  it('draws the size the editor chose as the page’s ?variant= does: its code, price and pack; none chosen, the range', async () => {
    const size = (code: string, price: string, packQuantity: string) => ({
      code,
      mpn: '',
      label: `Size ${code.slice(-2)}`,
      label_ar: `مقاس ${code.slice(-2)}`,
      row: { size: code.slice(-2) },
      price,
      unit: 'piece',
      packQuantity,
      published: true,
    });
    const content: EditableProduct = {
      ...CONTENT,
      variants: [size('GLAND-A-20', '12.50', ''), size('GLAND-A-25', '16.75', '10')],
    };
    const { rerender } = render(<ProductPreview productId="gland_a" content={content} locale="en" />);
    expect(await summary().findByText(/12\.50 · 2 variants/)).toBeInTheDocument();
    expect(summary().queryByText('GLAND-A-25')).toBeNull();
    rerender(<ProductPreview productId="gland_a" content={content} locale="en" chosenCode="GLAND-A-25" />);
    expect(await summary().findByText('GLAND-A-25')).toHaveAttribute('dir', 'ltr');
    expect(summary().getByText(/16\.75 · Packs of 10/)).toBeInTheDocument();
  });

  it('draws the Arabic twin right-to-left, with the Arabic texts of the page and the category', async () => {
    const { container } = render(<ProductPreview productId="gland_a" content={CONTENT} locale="ar" />);
    expect(await screen.findByRole('heading', { level: 2, name: DETAIL_AR.productName })).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('dir', 'rtl');
    expect(container.firstElementChild).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('heading', { level: 1, name: 'تفاصيل المنتج' })).toBeInTheDocument();
    expect(summary().getByText('الرمز:')).toBeInTheDocument();
    expect(summary().getByText('المادة: نحاس أصفر')).toBeInTheDocument();
    expect(await summary().findByRole('link', { name: GLANDS_AR })).toBeInTheDocument();
    expect(requestsSent()).toEqual(['GET /data/ar/products-category.json']);
  });

  it('follows no link (the editor would lose its edits)', async () => {
    render(<ProductPreview productId="gland_a" content={CONTENT} locale="en" />);
    const link = await summary().findByRole('link', { name: 'Industrial Cable Glands' });
    const before = window.location.href;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.href).toBe(before);
  });

  it('tells its caller of content it cannot draw, and draws the next content', async () => {
    // Drawn as in a browser, not inside act(): there React hands a test every error of a render instead of to the
    // root's onUncaughtError, which is what the staff page gets.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      const onRenderError = jest.fn();
      const broken: EditableProduct = { ...CONTENT, details: { ...CONTENT.details, Specification: 'not a list' } };
      root.render(<ProductPreview productId="gland_a" content={broken} locale="en" onRenderError={onRenderError} />);
      await waitFor(() =>
        expect(onRenderError).toHaveBeenCalledWith(
          expect.objectContaining({ message: expect.stringMatching(/is not a function/) }),
        ),
      );
      expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
      root.render(
        <ProductPreview
          productId="gland_a"
          content={withSpecification(CONTENT, 'Material: steel')}
          locale="en"
          onRenderError={onRenderError}
        />,
      );
      expect(await screen.findByText('Material: steel')).toBeInTheDocument();
      expect(onRenderError).toHaveBeenCalledTimes(1);
    } finally {
      root.unmount();
      container.remove();
      environment.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });
});
