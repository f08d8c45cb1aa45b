// A product page's view, in its address: '?variant=HEX-CW-25' selects one of its variants (docs/decisions/
// 034-orderable-variants.md). Shareable, drawn so by the server; a code the product has not selects nothing. No
// imports: the catalogue remote bundles it for a few bytes.

/** The query parameter naming the chosen variant. */
export const PRODUCT_VARIANT_PARAM = 'variant';

/** What a variant code looks like (content's productCodeSchema): anything else names no variant. */
const VARIANT_CODE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
const VARIANT_CODE_MAX = 32;

/** The variant code an address names, or null (none, or not a code). */
export function productVariantOf(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const code = params.get(PRODUCT_VARIANT_PARAM)?.trim() ?? '';
  return code.length <= VARIANT_CODE_MAX && VARIANT_CODE.test(code) ? code : null;
}

/** The view as a query ('?variant=HEX-CW-25'; '' for none): one spelling of each. */
export function productViewSearch(code: string | null): string {
  return code === null ? '' : `?${PRODUCT_VARIANT_PARAM}=${encodeURIComponent(code)}`;
}
