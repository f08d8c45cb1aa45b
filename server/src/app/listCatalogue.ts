// The account's saved lists' catalogue (accounts/lists/listCatalogue.ts): a reference matched as a pasted list's code
// is (quote-requests' partsNamedBy), else as a maker's part number naming one published variant (the catalogue's
// mpn_key index); the parts close to one that names nothing, from the catalogue's search. Over the committed files
// (no catalogue in the database) codes only, and nothing close.
import { normalizedProductCode } from '@site/content/validation';
import type { ListCatalogue, ListPart } from '../accounts/index.js';
import { type CatalogueStore, searchNeedle } from '../catalogue/index.js';
import { type CodeLookup, type NamedPart, partsNamedBy, type QuotesPluginOptions } from '../quote-requests/index.js';

const partOf = ({ product, variant }: NamedPart): ListPart => ({
  code: variant.code,
  productId: product.id,
  name: product.name,
  nameAr: product.nameAr,
  label: variant.label,
  labelAr: variant.labelAr,
  unit: variant.unit,
});

/** How many parts the search offers for a reference that names none. */
const CLOSE_MATCHES = 3;

export function listCatalogueOf(
  lookup: CodeLookup,
  given: QuotesPluginOptions['catalogue'],
  store: CatalogueStore | undefined,
): ListCatalogue {
  const catalogueOf =
    typeof given === 'function' ? given : async () => given ?? { find: () => undefined, withdrawn: () => undefined };
  const byCode = async (references: readonly string[]) => {
    const parts = await partsNamedBy(references, lookup, catalogueOf);
    const found = new Map<string, ListPart>();
    for (const reference of references) {
      const part = parts.get(normalizedProductCode(reference));
      if (part !== undefined) found.set(reference, partOf(part));
    }
    return found;
  };
  return {
    async match(references) {
      const found = await byCode(references);
      const rest = references.filter((reference) => !found.has(reference));
      if (store === undefined || rest.length === 0) return found;
      const byPartNumber = await store.variantCodesOfPartNumbers(rest);
      const keyOf = (reference: string) => reference.toLowerCase().replace(/[^a-z0-9]+/g, '');
      // a part number two makers share names several parts: not matched, the buyer picks among the close ones
      const named = rest.flatMap((reference) => {
        const codes = byPartNumber.get(keyOf(reference)) ?? [];
        return codes.length === 1 ? [{ reference, code: codes[0]! }] : [];
      });
      const parts = await byCode(named.map((entry) => entry.code));
      for (const { reference, code } of named) {
        const part = parts.get(code);
        if (part !== undefined) found.set(reference, part);
      }
      return found;
    },
    async closeTo(reference, locale) {
      const needle = searchNeedle(reference);
      if (store === undefined || needle === undefined) return [];
      const page = await store.search({ needle, offset: 0, limit: CLOSE_MATCHES, locale });
      // the variant the text named where it named one (its code or part number), else the product's first
      const codes = page.results.map((result) => result.variant ?? result.id);
      const parts = await byCode(codes);
      const close = codes.map((code) => parts.get(code)).filter((part) => part !== undefined);
      return [...new Map(close.map((part) => [part.code, part])).values()];
    },
  };
}
