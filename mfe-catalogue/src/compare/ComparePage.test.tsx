import { fireEvent, screen, within } from '@testing-library/react';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_COMPARE_API_PATH } from '@site/contracts/api';
import { DETAIL, PRODUCTS } from '../testing/catalogueFixtures';
import { DETAIL_AR, PRODUCTS_AR } from '../testing/arabicFixtures';
import { catalogueHandlers, compareApi } from '../testing/handlers';
import { loadCompareIds } from './compareMemory';
import ComparePage from './ComparePage';

/** A second gland whose description shares 'Material' (another value) and has a row of its own. */
const GLAND_C = {
  ...DETAIL,
  id: 'gland_c',
  productName: 'Gland C',
  company: ['Hex'],
  description: [
    { key: 'Material', value: 'Nickel-plated brass' },
    { key: 'IP rating', value: 'IP68' },
  ],
};

const renderAt = (search: string) => renderInSite(<ComparePage />, { route: `/compare${search}`, path: '/compare' });
const table = () => screen.getByRole('table', { name: 'Products compared' });
const row = (name: string | RegExp) => within(table()).getByRole('row', { name });

describe('ComparePage', () => {
  beforeEach(() => {
    server.use(compareApi({ details: [DETAIL, GLAND_C], listing: PRODUCTS }), ...catalogueHandlers);
    document.cookie = 'site_compare=; Path=/; Max-Age=0';
  });

  it('shows a column a product, rows the union of their attributes, those that differ marked', async () => {
    renderAt('?ids=gland_a,gland_c');
    expect(
      await within(await screen.findByRole('table', { name: 'Products compared' })).findAllByRole('columnheader'),
    ).toHaveLength(2);
    expect(requestsSent()).toContain(`GET ${CATALOGUE_COMPARE_API_PATH}?ids=gland_a,gland_c`);
    expect(within(table()).getByRole('link', { name: /Gland C/ })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands/gland_c',
    );
    expect(row(/^Material/)).toHaveAttribute('data-differs', 'true');
    expect(row(/^Material/)).toHaveTextContent('MaterialDiffersBrass CZ121Nickel-plated brass');
    expect(row(/^IP rating/)).toHaveTextContent('IP ratingDiffers—IP68');
    expect(row(/^Thread/)).toHaveTextContent('M20 x 1.5');
    expect(row(/^Brand/)).toHaveAttribute('data-differs', 'false');
    expect(row(/^Price/)).toHaveTextContent('AED 12AED 4.50');
    expect(within(table()).getAllByRole('button', { name: /^Add .* to quote$/ })).toHaveLength(2);
    // the comparison looked at is the visit's picks
    expect(loadCompareIds()).toEqual(['gland_a', 'gland_c']);
  });

  it("a product of several variants shows their codes and its lowest price ('from AED 12'); one of a single variant its code and price", async () => {
    const variants = {
      gland_a: [
        { code: 'HEX-CW-20S', label: 'Size 20S (M20)', price: 12, unit: 'piece' as const },
        { code: 'HEX-CW-20', label: 'Size 20 (M20)', price: 13.5, unit: 'piece' as const },
        { code: 'HEX-CW-25', label: 'Size 25 (M25)', unit: 'piece' as const },
      ],
    };
    server.use(compareApi({ details: [DETAIL, GLAND_C], listing: PRODUCTS }, undefined, variants));
    renderAt('?ids=gland_a,gland_c');
    await screen.findByRole('table', { name: 'Products compared' });
    const gland = PRODUCTS.find((product) => product.id === 'gland_c')!;
    expect(row(/^Code/)).toHaveTextContent(`CodeDiffersHEX-CW-20S, HEX-CW-20, HEX-CW-25${gland.code}`);
    expect(row(/^Price/)).toHaveTextContent('PriceDiffersfrom AED 12AED 4.50');
  });

  it('in Arabic: the lowest of several prices said in Arabic', async () => {
    const variants = {
      gland_a: [
        { code: 'HEX-CW-20S', label: '', price: 12, unit: 'piece' as const },
        { code: 'HEX-CW-20', label: '', price: 13.5, unit: 'piece' as const },
      ],
    };
    server.use(compareApi(undefined, { details: [DETAIL_AR], listing: PRODUCTS_AR }, variants));
    renderInSite(<ComparePage />, { route: '/compare?ids=gland_a', path: '/compare', locale: 'ar' });
    const arabicTable = await screen.findByRole('table');
    expect(within(arabicTable).getByRole('row', { name: /^السعر/ })).toHaveTextContent('ابتداءً من 12 درهم');
    expect(within(arabicTable).getByRole('row', { name: /^الرمز/ })).toHaveTextContent('HEX-CW-20S, HEX-CW-20');
  });

  it('shows the prices in the currency the server converted to, labelled indicative, in each edition', async () => {
    const display = { currency: 'OMR' as const, amounts: { '12': '1.257', '4.5': '0.471', '13.5': '1.414' } };
    server.use(compareApi({ details: [DETAIL, GLAND_C], listing: PRODUCTS }, undefined, {}, display));
    const { unmount } = renderAt('?ids=gland_a,gland_c');
    await screen.findByRole('table', { name: 'Products compared' });
    expect(row(/^Price/)).toHaveTextContent('PriceDiffersOMR 1.257OMR 0.471');
    expect(screen.getByRole('link', { name: 'Indicative price in OMR: the quotation confirms it.' })).toHaveAttribute(
      'href',
      `/currency?back=${encodeURIComponent('/compare?ids=gland_a,gland_c')}`,
    );
    unmount();

    const variants = {
      gland_a: [
        { code: 'HEX-CW-20S', label: '', price: 12, unit: 'piece' as const },
        { code: 'HEX-CW-20', label: '', price: 13.5, unit: 'piece' as const },
      ],
    };
    server.use(compareApi(undefined, { details: [DETAIL_AR], listing: PRODUCTS_AR }, variants, display));
    renderInSite(<ComparePage />, { route: '/compare?ids=gland_a', path: '/compare', locale: 'ar' });
    const arabicTable = await screen.findByRole('table');
    expect(within(arabicTable).getByRole('row', { name: /^السعر/ })).toHaveTextContent('ابتداءً من 1.257 ريال عُماني');
    expect(
      screen.getByRole('link', { name: 'سعر استرشادي بعملة الريال العُماني: يؤكده عرض السعر.' }),
    ).toBeInTheDocument();
  });

  it('removes a column from the address; an unknown id is a column that says so', async () => {
    renderAt('?ids=gland_a,nobody,gland_c');
    expect(await screen.findByText(/^Product not found/)).toHaveTextContent('Product not found (nobody)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove nobody' }));
    expect(screen.getByTestId('current-search')).toHaveTextContent('?ids=gland_a,gland_c');
    expect(await screen.findByRole('button', { name: 'Remove Gland C' })).toBeInTheDocument();
    expect(screen.queryByText(/Product not found/)).toBeNull();
  });

  it('keeps the first four of more', async () => {
    renderAt('?ids=a,b,c,d,e,f');
    await screen.findByRole('table', { name: 'Products compared' });
    expect(requestsSent()).toContain(`GET ${CATALOGUE_COMPARE_API_PATH}?ids=a,b,c,d`);
    expect(screen.getAllByText(/^Product not found/)).toHaveLength(4);
  });

  it('with none chosen says how to choose them', () => {
    renderAt('');
    expect(
      screen.getByText('No products are chosen. Tick “Compare” on the products you want to compare.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our products' })).toHaveAttribute('href', '/our-products');
  });
});
