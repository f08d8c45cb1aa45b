// The listing's filters as the server draws them and the browser takes them over: one GET form whose fields are the
// address's parameters (it works without scripts), kept as it is when its chunk hydrates it; a box ticked in the
// server's form before then is applied once the chunk has taken it over.
import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import type { ListingFacets } from '@site/contracts/catalogue-api';
import type { Locale } from '@site/contracts/locale';
import type { ListingFilters as Filters } from '@site/contracts/listing-view';
import { makeStore, SiteI18nProvider } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { testI18n } from '@test/render';
import { ListingFilters, loadFiltersPanel } from './ListingFilters';

const FACETS: ListingFacets = {
  brands: [
    { name: 'Elite', count: 1 },
    { name: 'Hex', count: 2 },
  ],
  attributes: [
    {
      attribute: 'ip',
      values: [
        { value: 'IP66', count: 2 },
        { value: 'IP68', count: 0 },
      ],
    },
  ],
  price: { min: 4.5, max: 12 },
  stock: [
    { location: 'dubai', count: 0 },
    { location: 'muscat', count: 0 },
    { location: 'bahrain', count: 0 },
  ],
};

const inSite = (locale: Locale, part: ReactElement): ReactElement => (
  <SiteI18nProvider i18n={testI18n(locale)}>
    <Provider store={makeStore()}>
      <ThemeRoot>
        <MemoryRouter initialEntries={['/our-products/industrial_cable_glands?sort=2&brand=Hex']}>{part}</MemoryRouter>
      </ThemeRoot>
    </Provider>
  </SiteI18nProvider>
);

const filtersOf = (onChange: (filters: Filters) => void) => (
  <ListingFilters
    facets={FACETS}
    filters={{ brands: ['Hex'] }}
    clearSearch="?sort=2"
    listingAddress
    total={2}
    onChange={onChange}
  />
);

/** The server's HTML of `tree` in a container of the page, before any script. */
function drawn(tree: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  return container;
}

/** Hydrates the server's HTML; fails on a hydration error (React would have dropped the server's form). */
async function hydrated(container: HTMLElement, tree: ReactElement): Promise<() => void> {
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) }),
  );
  expect(errors).toEqual([]);
  return () => {
    act(() => root.unmount());
    container.remove();
  };
}

describe('the filters as the server draws them', () => {
  beforeAll(async () => {
    // as the server's first view does before it draws (no server HTML here: at once)
    await loadFiltersPanel();
  });

  it('are one GET form: a box per value named as the address names it, the chosen ticked, the price fields, Apply, Clear all', () => {
    const container = drawn(inSite('en', filtersOf(jest.fn())));
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.querySelector('summary')?.textContent).toBe('Filters (1)');
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map(
      (box) => `${box.name}=${box.value}${box.checked ? ' ticked' : ''}${box.disabled ? ' disabled' : ''}`,
    );
    // "In stock at" is left out: no product of the view is on hand anywhere
    expect(boxes).toEqual(['brand=Elite', 'brand=Hex ticked', 'ip=IP66', 'ip=IP68 disabled']);
    expect([...form.querySelectorAll('input[type="text"]')].map((field) => field.getAttribute('name'))).toEqual([
      'minPrice',
      'maxPrice',
    ]);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Apply');
    expect(form.querySelector('a')?.getAttribute('href')).toBe('/our-products/industrial_cable_glands?sort=2');
    container.remove();
  });

  it('isolate each value in the Arabic edition, its count after it', () => {
    const container = drawn(inSite('ar', filtersOf(jest.fn())));
    expect(
      [...container.querySelectorAll('label')].map((label) => label.innerHTML.replace(/<input[^>]*>/, '')),
    ).toEqual(['<bdi>Elite</bdi> (1)', '<bdi>Hex</bdi> (2)', '<bdi>IP66</bdi> (2)', '<bdi>IP68</bdi> (0)']);
    container.remove();
  });

  it('are kept as they are when the chunk takes them over, and a filter that narrows nothing is left out', async () => {
    const onChange = jest.fn();
    const single = { ...FACETS, brands: [{ name: 'Hex', count: 2 }] };
    const tree = inSite(
      'en',
      <ListingFilters facets={single} filters={{ brands: [] }} clearSearch="?sort=2" total={2} onChange={onChange} />,
    );
    const container = drawn(tree);
    const html = container.innerHTML;
    // every product is a Hex: no brand to choose
    expect(container.querySelector('input[name="brand"]')).toBeNull();
    const unmount = await hydrated(container, tree);
    expect(container.innerHTML).toBe(html);
    expect(onChange).not.toHaveBeenCalled();
    unmount();
  });

  it('apply a box ticked before the chunk took the form over, as a tick is', async () => {
    const onChange = jest.fn<void, [Filters]>();
    const tree = inSite('en', filtersOf(onChange));
    const container = drawn(tree);
    // the visitor's tick on the server's HTML, before any script
    container.querySelector<HTMLInputElement>('input[value="Elite"]')!.checked = true;
    const unmount = await hydrated(container, tree);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).toMatchObject({ brands: ['Elite', 'Hex'] });
    unmount();
  });
});
