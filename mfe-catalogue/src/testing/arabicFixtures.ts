// The Arabic edition of the catalogue's test records (catalogueFixtures.ts): what /data/ar/*.json serve on Arabic pages,
// the same records with their prose in Arabic (as content/src/arabic/translatable.ts makes them), ids, prices and
// pictures unchanged.
import type { Product, ProductCategory, ProductDetail, ProductVariant, SearchResult } from '@site/content';
import { DETAIL, GLAND_VARIANTS, PRODUCTS, SEARCH_RESULTS } from './catalogueFixtures';

export const GLANDS_AR = 'جلب الكابلات الصناعية';

const PRODUCT_NAMES_AR: Record<string, string> = {
  gland_a: 'جلبة كابل أ',
  gland_b: 'جلبة كابل ب',
  gland_c: 'جلبة كابل ج',
  tape_x: 'شريط عازل س',
};

export const PRODUCTS_AR: Product[] = PRODUCTS.map((product) => ({
  ...product,
  productName: PRODUCT_NAMES_AR[product.id]!,
  productCategory:
    product.productCategoryId === 'industrial_cable_glands' ? GLANDS_AR : 'أشرطة Scotch والمعاجين العازلة',
}));

export const CATEGORIES_AR: ProductCategory[] = [
  {
    id: 'industrial_cable_glands',
    title: GLANDS_AR,
    info: 'جلب كابلات نحاسية ومعدنية للكابلات المدرّعة وغير المدرّعة.',
    image: 'Industrial_Cable_Glands',
  },
  {
    id: 'scotch_tapes_and_mastics',
    title: 'أشرطة Scotch والمعاجين العازلة',
    info: 'أشرطة عازلة ومعاجين للوصلات.',
    image: 'Scotch_Tapes_And_Mastics',
  },
];

export const DETAIL_AR: ProductDetail = {
  ...DETAIL,
  productName: 'جلبة كابل أ نحاسية',
  categoryName: GLANDS_AR,
  Specification: [{ extraSpecTitle: 'المطابقة', extraSpec: ['BS 6121-1'], specification: ['المادة: نحاس أصفر'] }],
  detail: ['<p>جلبة <strong>متعددة الاستخدامات</strong>.</p>'],
  description: [
    { key: 'المادة', value: 'نحاس أصفر CZ121' },
    { key: '*Application', value: '<p>لوحات المفاتيح الكهربائية والمحركات.</p>' },
    { key: '*TechnicalSpecifications', value: [{ key: 'السن', value: 'M20 x 1.5' }] },
  ],
  detailDescriptionAfterTable: [{ title: '<h3>اختيار الجلبة</h3>', content: ['<p>قِس الكابل.</p>'] }],
  productDetailTableColumns: [
    [
      { id: 'h_size', name: 'مقاس الجلبة', customeWidth: '8%' },
      { id: 'h_thread', name: 'مقاس السن', colSpan: 2 },
    ],
    [
      { id: 'size', name: '' },
      { id: 'thread.mm', name: 'mm' },
      { id: 'thread.inch', name: 'Inch' },
    ],
  ],
  detailDescription: [{ title: '<h3>التركيب</h3>', DataAfterTable: ['<p>تم.</p>'], downloadFile: 'install.pdf' }],
  // The catalogue's review (SEED_REVIEW, served in English by the reviews API) in Arabic.
  customerReviews: [{ customerName: 'سالم', stars: 4, comment: 'تقييم من الكتالوج' }],
};

export const SEARCH_RESULTS_AR: SearchResult[] = SEARCH_RESULTS.map((result) => ({
  ...result,
  title: result.id === 'tape_x' ? 'شريط فينيل' : `جلبة كابل نحاسية ${result.id === 'gland_a' ? 'CW' : 'E1W'}`,
  productCategory: result.id === 'tape_x' ? 'أشرطة Scotch والمعاجين العازلة' : GLANDS_AR,
}));

/** gland_a's variants in the Arabic answer: the same codes, rows and prices, their labels in Arabic. */
export const GLAND_VARIANTS_AR: ProductVariant[] = GLAND_VARIANTS.map((variant) => ({
  ...variant,
  label: variant.label.replace('Size', 'المقاس'),
}));

/** gland_a as a family of those variants, in Arabic: its table is their rows. */
export const DETAIL_AR_WITH_VARIANTS: ProductDetail = {
  ...DETAIL_AR,
  productDetailTableData: GLAND_VARIANTS_AR.map((variant) => variant.row!),
};
