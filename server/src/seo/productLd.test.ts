// A product page's JSON-LD with its orderable variants (docs/decisions/034-orderable-variants.md), in both editions:
// a ProductGroup of several, each variant a Product with its offer; one variant stays a Product with its offer.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProductVariant } from '@site/content';
import { arabicSeoSource } from './arabicSource.js';
import { editionHeads } from './editionHeads.js';
import { variesBy } from './productLd.js';
import { siteSeoSource } from './pages.js';
import type { JsonLd } from './types.js';

const ORIGIN = 'https://www.crescent.test';
const english = siteSeoSource();
const EDITIONS = [
  { locale: 'en' as const, source: english, base: '' },
  { locale: 'ar' as const, source: arabicSeoSource(english), base: '/ar' },
];
const GLAND = 'hex_cw_brass_cable_gland';

/** The gland's variants as the server answers them in `locale`: labels in its language, rows of its table. */
const variantsIn = (label: string): ProductVariant[] => [
  {
    code: 'HEX-CW-20S',
    label: `${label} 20S`,
    row: { size: '20S', thread: { metric: 'M20' } },
    price: 14.5,
    unit: 'piece',
    packQuantity: 100,
  },
  {
    code: 'HEX-CW-25',
    mpn: 'CW25-BR',
    label: `${label} 25`,
    row: { size: '25', thread: { metric: 'M25' } },
    price: 18,
    unit: 'piece',
  },
  { code: 'HEX-CW-32', label: `${label} 32`, row: { size: '32', thread: { metric: 'M32' } }, unit: 'piece' },
];

for (const { locale, source, base } of EDITIONS) {
  describe(`a product page's JSON-LD with variants (${locale})`, () => {
    const heads = editionHeads(locale, source);
    const product = source.products.find((p) => p.id === GLAND)!;
    const detail = source.productDetails.find((d) => d.id === GLAND)!;
    const url = `${ORIGIN}${base}/our-products/${product.productCategoryId}/${GLAND}`;
    const mainEntity = (variants?: ProductVariant[]): JsonLd =>
      heads.productPage(product, detail, undefined, variants).structuredData(ORIGIN)[0]!;
    const label = locale === 'en' ? 'Size' : 'المقاس';

    test('several variants: a ProductGroup whose variants are Products with sku, mpn, name with label and offer, and what they vary by', () => {
      const ld = mainEntity(variantsIn(label));
      assert.equal(ld['@type'], 'ProductGroup');
      assert.equal(ld['@id'], `${url}#product`);
      assert.equal(ld.name, product.productName);
      assert.equal(ld.productGroupID, 'HEX-CW-20S');
      assert.ok(Array.isArray(ld.variesBy) && ld.variesBy.length > 0);
      const variants = ld.hasVariant as JsonLd[];
      assert.deepEqual(
        variants.map((v) => [v['@type'], v.sku, v.mpn, v.name, v.url]),
        [
          ['Product', 'HEX-CW-20S', undefined, `${product.productName} — ${label} 20S`, `${url}?variant=HEX-CW-20S`],
          ['Product', 'HEX-CW-25', 'CW25-BR', `${product.productName} — ${label} 25`, `${url}?variant=HEX-CW-25`],
          ['Product', 'HEX-CW-32', undefined, `${product.productName} — ${label} 32`, `${url}?variant=HEX-CW-32`],
        ],
      );
      assert.deepEqual(variants[0]!.offers, {
        '@type': 'Offer',
        price: '14.50',
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url: `${url}?variant=HEX-CW-20S`,
      });
      assert.equal((variants[1]!.offers as JsonLd).price, '18.00');
      // "Price on request": no offer rather than one without a price
      assert.equal(variants[2]!.offers, undefined);
    });

    test('one variant: a Product with its code as sku and its offer', () => {
      const ld = mainEntity([{ code: 'HEX-CW-20S', label: '', price: 14.5, unit: 'piece' }]);
      assert.equal(ld['@type'], 'Product');
      assert.equal(ld.sku, 'HEX-CW-20S');
      assert.equal(ld.hasVariant, undefined);
      assert.deepEqual(ld.offers, {
        '@type': 'Offer',
        price: '14.50',
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url,
      });
    });

    test("a variant's price breaks and minimum order: the offer's priceSpecification, one UnitPriceSpecification per break from its price at the minimum", () => {
      const [first, ...rest] = variantsIn(label);
      const ld = mainEntity([
        {
          ...first!,
          price: 13.5,
          minimumOrder: 10,
          priceBreaks: [
            { quantity: 50, price: '12.50' },
            { quantity: 250, price: '11.00' },
          ],
        },
        ...rest,
      ]);
      const variants = ld.hasVariant as JsonLd[];
      const spec = (price: string, minValue: number) => ({
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'AED',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue, unitCode: 'C62' },
      });
      assert.deepEqual(variants[0]!.offers, {
        '@type': 'Offer',
        price: '13.50',
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url: `${url}?variant=HEX-CW-20S`,
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 10, unitCode: 'C62' },
        priceSpecification: [spec('13.50', 10), spec('12.50', 50), spec('11.00', 250)],
      });
      assert.equal((variants[1]!.offers as JsonLd).priceSpecification, undefined, 'a variant without breaks has none');
      const metres = mainEntity([
        { code: 'HEX-CW-20S', label: '', price: 4, unit: 'metre', priceBreaks: [{ quantity: 100, price: '3.60' }] },
      ]);
      assert.deepEqual(
        ((metres.offers as JsonLd).priceSpecification as JsonLd[]).map((entry) => entry.eligibleQuantity),
        [
          { '@type': 'QuantitativeValue', minValue: 1, unitCode: 'MTR' },
          { '@type': 'QuantitativeValue', minValue: 100, unitCode: 'MTR' },
        ],
      );
    });

    test('without variants (an answer before them): the Product as before, its id as sku', () => {
      const ld = mainEntity();
      assert.equal(ld['@type'], 'Product');
      assert.equal(ld.sku, GLAND);
      assert.equal(ld.offers, undefined);
    });
  });
}

describe('variesBy', () => {
  test("names the table's columns whose values differ, with their group's name", () => {
    const columns = [
      [
        { id: 'h_size', name: 'Gland Size' },
        { id: 'h_thread', name: 'Thread Size', colSpan: 2 },
      ],
      [
        { id: 'size', name: '' },
        { id: 'thread.metric', name: 'mm' },
        { id: 'thread.inch', name: 'Inch' },
      ],
    ];
    const rows: ProductVariant[] = [
      { code: 'A-1', label: '1', row: { size: '20', thread: { metric: 'M20', inch: '3/4' } }, unit: 'piece' },
      { code: 'A-2', label: '2', row: { size: '25', thread: { metric: 'M25', inch: '3/4' } }, unit: 'piece' },
    ];
    assert.deepEqual(variesBy(rows, columns), ['Gland Size', 'Thread Size mm']);
    assert.deepEqual(variesBy(rows, undefined), ['https://schema.org/size']);
  });
});
