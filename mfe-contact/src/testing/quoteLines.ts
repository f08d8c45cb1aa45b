// Basket lines for the request page's tests, made from the catalogue's products as the catalogue's "Add to quote" makes them.
import type { Product } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { QuoteLine } from '@site/shared-store';
import { CW_GLAND_ID, ENGLISH_PRODUCTS } from './handlers';

export const productById = (id: string): Product => {
  const product = ENGLISH_PRODUCTS.find((candidate) => candidate.id === id);
  if (product === undefined) throw new Error(`No product ${id} in products.json`);
  return product;
};

/** Metres (decimals allowed): 'OC-SWA-416'. */
export const CABLE = productById('oc_cu_xlpe_swa_pvc_cable');
/** Another cable, in metres: 'OC-SWA-LSZH-416'. */
export const LSZH_CABLE = productById('oc_cu_xlpe_swa_lszh_cable');
/** Coils (whole numbers only). */
export const [WIRE, OTHER_WIRE] = ENGLISH_PRODUCTS.filter((product) => product.unit === 'coil') as [Product, Product];

/** A line as the basket holds it, named as the product was seen in `locale`: its first variant, the product's only one. */
export function lineOf(product: Product, quantity: number, locale: Locale = 'en'): QuoteLine {
  const { id, code, productCategoryId, image, unit, productName } = product;
  return {
    productId: id,
    code,
    productCategoryId,
    image,
    unit,
    quantity,
    names: { [locale]: productName },
    labels: { [locale]: '' },
  };
}

/** The CW gland, in pieces: its sizes are variants (../testing/handlers.ts CW_GLAND_VARIANTS). */
export const CW_GLAND = productById(CW_GLAND_ID);

/** A line of one of the CW gland's sizes, as its product page adds it. */
export function sizeLineOf(code: string, label: string, quantity: number): QuoteLine {
  return { ...lineOf(CW_GLAND, quantity), code, labels: { en: label } };
}
