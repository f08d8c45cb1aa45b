// Small catalogue records for tests, in the shapes of the site's data (@site/content types, from content/src/schema.ts).
import type { CustomerReview, Product, ProductDetail, ProductVariant, SearchResult } from '@site/content';
import type { RatingsResponse } from '@site/contracts/reviews-api';

export const product = (id: string, overrides: Partial<Product> = {}): Product => ({
  id,
  productCategoryId: 'industrial_cable_glands',
  productCategory: 'Industrial Cable Glands',
  productName: `Product ${id}`,
  code: id.toUpperCase().replace(/_/g, '-'),
  image: 'gland_brass',
  company: 'Hex',
  popularity: 50,
  dateAdded: '2022-01-01',
  unit: 'piece',
  ...overrides,
});

export const PRODUCTS: Product[] = [
  product('gland_a', { productName: 'Gland A', popularity: 40, dateAdded: '2021-01-01', price: 12 }),
  product('gland_b', { productName: 'Gland B', popularity: 90, dateAdded: '2024-03-01' }),
  product('gland_c', { productName: 'Gland C', popularity: 70, dateAdded: '2023-02-01', price: 4.5 }),
  product('tape_x', {
    productName: 'Tape X',
    productCategoryId: 'scotch_tapes_and_mastics',
    productCategory: 'Scotch Tapes and Mastics',
  }),
];

/** The one review of gland_a before a test adds any. */
export const SEED_REVIEW: CustomerReview = { customerName: 'Seed', stars: 4, comment: 'Seeded' };

export const DETAIL: ProductDetail = {
  id: 'gland_a',
  productName: 'Gland A <Brass>',
  image: 'gland_brass',
  productCategory: 'industrial_cable_glands',
  categoryName: 'Industrial Cable Glands',
  Specification: [{ extraSpecTitle: 'Compliance', extraSpec: ['BS 6121-1'], specification: ['Material: brass'] }],
  companyImg: ['/images/brands/hex.svg'],
  company: ['Hex'],
  detail: [
    '<p>General-purpose <strong>gland</strong>.<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"></p>',
  ],
  description: [
    { key: 'Material', value: 'Brass CZ121' },
    { key: 'Accessories', value: '' },
    { key: '-1', value: 'PVC shroud' },
    { key: '^', value: '<p>See the <em>table</em> below.</p>' },
    { key: '%ceiling-rose', value: 'Ceiling rose terminals' },
    { key: '*Application', value: '<p>Switchgear and motors.</p>' },
    { key: '*TechnicalSpecifications', value: [{ key: 'Thread', value: 'M20 x 1.5' }] },
  ],
  detailDescriptionAfterTable: [
    { title: '<h3>Selecting a gland</h3>', images1: ['gland_brass'], content: ['<p>Measure the cable.</p>'] },
  ],
  productDetailTableColumns: [
    [
      { id: 'h_size', name: 'Gland Size', customeWidth: '8%' },
      { id: 'h_thread', name: 'Thread Size', colSpan: 2 },
    ],
    [
      { id: 'size', name: '' },
      { id: 'thread.mm', name: 'mm' },
      { id: 'thread.inch', name: 'Inch' },
    ],
  ],
  productDetailTableData: [{ size: '20S', thread: { mm: 'M20', inch: '3/4"' } }],
  detailDescription: [
    {
      title: '<h3>Installation</h3>',
      table: [
        ['Step', 'Action'],
        ['1', 'Strip'],
      ],
      DataAfterTable: ['<p>Done.</p>'],
      downloadFile: 'install.pdf',
    },
  ],
  customerReviews: [SEED_REVIEW],
  downloadFile: 'gland-a.pdf',
  downloadFiles: { 'Type Test Report': 'gland-a-tests.pdf' },
  viewManufacturersCatalogue: 'https://example.com/catalogue',
};

/**
 * gland_a's orderable variants as the product answer carries them (docs/decisions/034-orderable-variants.md): each a
 * row of its table, in order; the first one's price has fils, the last one has none ("Price on request").
 */
export const GLAND_VARIANTS: ProductVariant[] = [
  {
    code: 'HEX-CW-20S',
    label: 'Size 20S (M20)',
    row: { size: '20S', thread: { mm: 'M20', inch: '3/4"' } },
    price: 14.5,
    unit: 'piece',
    packQuantity: 100,
  },
  {
    code: 'HEX-CW-20',
    mpn: 'CW20-BR',
    label: 'Size 20 (M20)',
    row: { size: '20', thread: { mm: 'M20', inch: '3/4"' } },
    price: 12,
    unit: 'piece',
    packQuantity: 100,
  },
  {
    code: 'HEX-CW-25',
    label: 'Size 25 (M25)',
    row: { size: '25', thread: { mm: 'M25', inch: '1"' } },
    price: 18.75,
    unit: 'piece',
    packQuantity: 50,
  },
  {
    code: 'HEX-CW-32',
    label: 'Size 32 (M32)',
    row: { size: '32', thread: { mm: 'M32', inch: '1 1/4"' } },
    unit: 'piece',
  },
];

/** gland_a as a family of those variants: its table is their rows. */
export const DETAIL_WITH_VARIANTS: ProductDetail = {
  ...DETAIL,
  productDetailTableData: GLAND_VARIANTS.map((variant) => variant.row!),
};

export const SEARCH_RESULTS: SearchResult[] = [
  {
    id: 'gland_a',
    title: 'CW Brass Cable Gland',
    productCategory: 'Industrial Cable Glands',
    productCategoryId: 'industrial_cable_glands',
    company: 'Hex',
    image: 'gland_brass',
  },
  {
    id: 'gland_b',
    title: 'E1W Brass Cable Gland',
    productCategory: 'Industrial Cable Glands',
    productCategoryId: 'industrial_cable_glands',
    company: 'Hex',
    image: 'gland_brass',
  },
  {
    id: 'tape_x',
    title: 'Vinyl Tape',
    productCategory: 'Scotch Tapes and Mastics',
    productCategoryId: 'scotch_tapes_and_mastics',
    company: '3M',
    image: 'tape_roll',
  },
];

/** The ratings summary: gland_c and gland_a are rated, gland_b is not. */
export const RATINGS: RatingsResponse = {
  ratings: { gland_c: { average: 4.5, count: 2 }, gland_a: { average: 3, count: 1 } },
};
