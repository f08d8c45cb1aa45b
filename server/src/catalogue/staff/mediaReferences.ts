// Every media reference of a draft's detail document, at its path in it: the older single picture and datasheet, the
// gallery's pictures and the variants' own (docs/catalogue.md "Pictures and documents"). Read from the document as
// sent (its shape is the schema's to check: anything else is left out here).

export type MediaReference =
  | { path: (string | number)[]; kind: 'picture'; src: string; widths: unknown[] }
  | { path: (string | number)[]; kind: 'datasheet'; src: string };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function pictureAt(value: unknown, path: (string | number)[]): MediaReference[] {
  const picture = record(value);
  return picture !== undefined && typeof picture.src === 'string' && Array.isArray(picture.widths)
    ? [{ path, kind: 'picture', src: picture.src, widths: picture.widths }]
    : [];
}

const datasheetAt = (value: unknown, path: (string | number)[]): MediaReference[] =>
  typeof value === 'string' ? [{ path, kind: 'datasheet', src: value }] : [];

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The document's media references in the order the page shows them. */
export function mediaReferencesOf(document: Record<string, unknown>): MediaReference[] {
  return [
    ...pictureAt(document.picture, ['picture']),
    ...datasheetAt(document.datasheet, ['datasheet']),
    ...list(document.gallery).flatMap((picture, index) => pictureAt(picture, ['gallery', index])),
    ...list(document.variantMedia).flatMap((media, index) => [
      ...pictureAt(record(media)?.picture, ['variantMedia', index, 'picture']),
      ...datasheetAt(record(media)?.datasheet, ['variantMedia', index, 'datasheet']),
    ]),
  ];
}
