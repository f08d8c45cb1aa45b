// The seeded variants (content/data/product-variants.json) against the rest of the catalogue: what the seed writes
// must be a catalogue the server accepts (docs/decisions/034-orderable-variants.md).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { productDetailsSchema, productsSchema, productVariantsFileSchema } from './schema';
import { seededProductVariants } from './productVariants';
import { normalizedProductCode } from './validation/quote';

const read = (file: string): unknown =>
  JSON.parse(readFileSync(join(resolve(__dirname, '..'), 'data', file), 'utf8')) as unknown;
const products = productsSchema.parse(read('products.json'));
const details = productDetailsSchema.parse(read('product-details.json'));
const seeded = seededProductVariants();

describe('content/data/product-variants.json', () => {
  it('names products of the catalogue, each once', () => {
    const ids = new Set(products.map((product) => product.id));
    expect(seeded.filter((entry) => !ids.has(entry.productId))).toEqual([]);
    // the seven tables of parts (the marking machine's table lists the tags it marks, Raychem's its tests: one variant each)
    expect(seeded.map((entry) => entry.productId).sort()).toEqual([
      '3m_lv_cold_shrink_straight_joint',
      'hex_bw_brass_cable_gland',
      'hex_cw_brass_cable_gland',
      'hex_e1w_brass_cable_gland',
      'mesc_lv_resin_joint_kit',
      'mesc_resin_filled_joints',
      'rayon_laser_markable_cable_marker_tags',
    ]);
  });

  it('gives each product its own code and price as its first variant', () => {
    for (const { productId, variants } of seeded) {
      const product = products.find((candidate) => candidate.id === productId)!;
      expect([productId, variants[0]!.code, variants[0]!.price]).toEqual([productId, product.code, product.price]);
      // the product's price is its lowest variant's: the listing's "from" price
      const prices = variants.flatMap((variant) => (variant.price === undefined ? [] : [variant.price]));
      expect(Math.min(...prices)).toBe(product.price);
    }
  });

  it('keeps every code unique over the catalogue: other variants, other products’ codes and every product id, normalised', () => {
    const owner = new Map<string, string>();
    const claim = (key: string, who: string) => {
      const before = owner.get(key);
      if (before !== undefined && before !== who) throw new Error(`${who} uses '${key}', already ${before}'s`);
      owner.set(key, who);
    };
    for (const product of products) claim(normalizedProductCode(product.id), `product ${product.id}`);
    const listed = new Set(seeded.map((entry) => entry.productId));
    for (const product of products)
      if (!listed.has(product.id)) claim(normalizedProductCode(product.code), `product ${product.id}`);
    for (const { productId, variants } of seeded) {
      const codes = variants.map((variant) => normalizedProductCode(variant.code));
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) claim(code, `product ${productId}`);
    }
  });

  it('makes each variant’s row its row of the product’s specification table, in order', () => {
    for (const { productId, variants } of seeded) {
      const table = details.find((detail) => detail.id === productId)?.productDetailTableData;
      expect([productId, JSON.stringify(variants.map((variant) => variant.row))]).toEqual([
        productId,
        JSON.stringify(table),
      ]);
    }
  });

  it('labels each variant in English and Arabic, and suggests packs in whole multiples of at least two', () => {
    for (const { variants } of seeded) {
      for (const variant of variants) {
        expect(variant.label.trim()).not.toBe('');
        expect(variant.labelAr).toMatch(/[\u0600-\u06FF]/);
      }
    }
    const cw = seeded.find((entry) => entry.productId === 'hex_cw_brass_cable_gland')!.variants;
    expect(cw.find((variant) => variant.code === 'HEX-CW-25')).toMatchObject({
      label: 'Size 25 (M25)',
      labelAr: 'المقاس 25 (M25)',
      price: 16.75,
      packQuantity: 10,
    });
  });

  it('refuses a price of more than two decimals and an unknown field', () => {
    const entry = (variant: Record<string, unknown>) => [
      { productId: 'p_one', variants: [{ code: 'AB-12', label: '', labelAr: '', unit: 'piece', ...variant }] },
    ];
    expect(productVariantsFileSchema.safeParse(entry({ price: 12.005 })).success).toBe(false);
    expect(productVariantsFileSchema.safeParse(entry({ colour: 'red' })).success).toBe(false);
    expect(productVariantsFileSchema.safeParse(entry({ price: 12.05 })).success).toBe(true);
  });
});
