// The product page's later parts as the server draws them and the browser takes them over: the variant table's HTML
// without its quantity forms (nothing can be added before the page has started), kept as it is when it hydrates, its
// forms' column drawn then; the review form not in the server's HTML at all, drawn once the page has started.
import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import type { Locale } from '@site/contracts/locale';
import { makeStore, SiteI18nProvider } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { server } from '@test/msw';
import { testI18n } from '@test/render';
import { DETAIL, GLAND_VARIANTS } from '../../testing/catalogueFixtures';
import { GLAND_VARIANTS_AR } from '../../testing/arabicFixtures';
import { Reviews } from '../../reviews/Reviews';
import { stockApi } from '../../testing/handlers';
import type { ProductQuoteFacts } from '../productDetailSlice';
import { VARIANT_TABLE_ID } from '../variants/variants';
import { LazyVariantTable, loadLaterParts } from './LaterParts';

const QUOTE_FACTS: ProductQuoteFacts = {
  code: 'HEX-CW-20S',
  unit: 'piece',
  productCategoryId: 'industrial_cable_glands',
  image: 'gland_brass',
};

const inSite = (locale: Locale, part: ReactElement): ReactElement => (
  <SiteI18nProvider i18n={testI18n(locale)}>
    <Provider store={makeStore()}>
      <ThemeRoot>
        <MemoryRouter initialEntries={['/our-products/industrial_cable_glands/gland_a?variant=HEX-CW-25']}>
          {part}
        </MemoryRouter>
      </ThemeRoot>
    </Provider>
  </SiteI18nProvider>
);

/** Draws `tree` as the server does, then hydrates it; returns the container and the server's HTML as parsed. */
async function drawnThenHydrated(
  tree: ReactElement,
): Promise<{ container: HTMLElement; drawn: string; unmount: () => void }> {
  const html = renderToString(tree);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const drawn = container.innerHTML;
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  try {
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    return {
      container,
      drawn,
      unmount: () => {
        act(() => root.unmount());
        container.remove();
      },
    };
  } finally {
    consoleError.mockRestore();
  }
}

describe.each([
  { locale: 'en' as const, variants: GLAND_VARIANTS, add: 'Add to quote', quantity: 'Quantity of HEX-CW-25' },
  { locale: 'ar' as const, variants: GLAND_VARIANTS_AR, add: 'أضف إلى طلب التسعير', quantity: 'كمية HEX-CW-25' },
])('the later parts ($locale)', ({ locale, variants, add, quantity }) => {
  beforeAll(async () => {
    // as the server's first view does before it draws (no server HTML here: at once)
    await loadLaterParts(VARIANT_TABLE_ID);
  });
  // the table reads its variants' stock once hydrated: none known here
  beforeEach(() => server.use(stockApi()));

  it("the variant table: the server's rows are its header, values and price; kept as they are, the forms' column drawn once hydrated", async () => {
    const table = (
      <LazyVariantTable
        caption="Gland A: specifications"
        columns={DETAIL.productDetailTableColumns!}
        variants={variants}
        chosen="HEX-CW-25"
        productId="gland_a"
        productName="Gland A"
        quoteFacts={QUOTE_FACTS}
      />
    );
    const html = renderToString(inSite(locale, table));
    expect(html).toContain(`id="${VARIANT_TABLE_ID}"`);
    expect(html).not.toContain('<form');
    expect(html).not.toContain(add);
    const { container, unmount } = await drawnThenHydrated(inSite(locale, table));
    try {
      const rows = container.querySelectorAll('tbody tr');
      expect(rows).toHaveLength(variants.length);
      // the chosen row, as the server marked it
      expect(container.querySelector('tbody tr[aria-current="true"] th')?.textContent).toMatch(/^HEX-CW-25 /);
      // hydrated: a form a row, in a column of its own
      expect(within(container).getByRole('columnheader', { name: add })).toBeInTheDocument();
      expect(within(container).getByRole('textbox', { name: quantity })).toBeInTheDocument();
      expect(container.querySelectorAll('tbody form')).toHaveLength(variants.length);
    } finally {
      unmount();
    }
  });

  it("the review form: none in the server's HTML (it sends with scripts only), drawn once the page has started", async () => {
    const reviews = inSite(
      locale,
      <Reviews
        productName="Gland A"
        reviews={[]}
        status="succeeded"
        error={null}
        onRetry={() => undefined}
        onSubmit={async () => ({ held: false })}
      />,
    );
    expect(renderToString(reviews)).not.toContain('<form');
    const { unmount } = await drawnThenHydrated(reviews);
    try {
      expect(await screen.findByRole('form')).toBeInTheDocument();
    } finally {
      unmount();
    }
  });
});
