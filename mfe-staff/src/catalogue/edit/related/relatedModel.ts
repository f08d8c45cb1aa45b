// A product's related parts as the editor edits them (docs/decisions/040-related-parts.md): the English detail
// document's `related`, each an accessory ("Fits with") or an alternative by code, in order. The server checks the
// codes against the catalogue when the draft is saved.
import { withField, type Details } from '../detailsModel';

export type RelatedKind = 'accessory' | 'alternative';

export interface RelatedLink {
  kind: RelatedKind;
  code: string;
}

/** The kinds with the words the product page shows them under. */
export const RELATED_KIND_NAMES: Record<RelatedKind, string> = { accessory: 'Fits with', alternative: 'Alternatives' };

/** The document's links (anything else in `related` is shown as an empty accessory row, for the server to refuse). */
export function relatedOf(details: Details): RelatedLink[] {
  const value = details.related;
  if (!Array.isArray(value)) return [];
  return value.map((link: unknown) => {
    const { kind, code } = (typeof link === 'object' && link !== null ? link : {}) as Partial<RelatedLink>;
    return { kind: kind === 'alternative' ? 'alternative' : 'accessory', code: typeof code === 'string' ? code : '' };
  });
}

/** The document with these links (none: without `related`). */
export const withRelated = (details: Details, links: readonly RelatedLink[]): Details =>
  withField(details, 'related', links.length === 0 ? undefined : links);
