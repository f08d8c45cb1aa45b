// What a saved list needs of the catalogue, given by app/ (the catalogue's and the quote requests' readers): the parts
// a file's references name, and the parts close to a reference that names none.
import type { Locale } from '@site/contracts/locale';
import type { QuoteUnit } from '@site/content/validation';

/** A published variant a list's line can name. */
export interface ListPart {
  code: string;
  productId: string;
  name: string;
  nameAr: string;
  /** What tells it from its siblings ('' for a product's only variant), in each language. */
  label: string;
  labelAr: string;
  unit: QuoteUnit;
}

export interface ListCatalogue {
  /**
   * The parts `references` name, by reference as given: our code (a variant's or a product's, its first variant) or,
   * for what names no code, a maker's part number that names exactly one published variant.
   */
  match(references: readonly string[]): Promise<Map<string, ListPart>>;
  /** At most three parts the catalogue's search finds for a reference that names none, best first. */
  closeTo(reference: string, locale: Locale): Promise<ListPart[]>;
}
