// A product's pictures and documents checked across its two detail documents and its variants (docs/catalogue.md
// "Pictures and documents"): each document's schema holds its own gallery; here both documents hold the same pictures
// in the same order (each with its alt text in its language) and the same variant media, every upload is this product's
// own (its key is `/media/catalogue/<product id>/…`), and a variant's media names one of the product's variant codes.
// Pure, as rowChecks.ts is: the store's files are checked by the editor's save (staff/uploads.ts mediaReferenceProblem).
import { CATALOGUE_MEDIA_PREFIX } from '@site/content/schema';
import type { ProductDetail } from '@site/content';
import type { RowProblem } from './columns.js';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Every media key of a document, at its path in it: the picture's `src` or the datasheet's path. */
function mediaKeys(detail: ProductDetail): { path: (string | number)[]; key: string }[] {
  return [
    ...(detail.picture === undefined ? [] : [{ path: ['picture', 'src'], key: detail.picture.src }]),
    ...(detail.datasheet === undefined ? [] : [{ path: ['datasheet'], key: detail.datasheet }]),
    ...(detail.gallery ?? []).map((picture, index) => ({ path: ['gallery', index, 'src'], key: picture.src })),
    ...(detail.variantMedia ?? []).flatMap((media, index) => [
      ...(media.picture === undefined
        ? []
        : [{ path: ['variantMedia', index, 'picture', 'src'], key: media.picture.src }]),
      ...(media.datasheet === undefined ? [] : [{ path: ['variantMedia', index, 'datasheet'], key: media.datasheet }]),
    ]),
  ];
}

/** The problems of a product's two documents' media between them, each at its value in its document's column. */
export function galleryProblems(id: string, detail: ProductDetail, detailAr: ProductDetail): RowProblem[] {
  const problems: RowProblem[] = [];
  const own = `${CATALOGUE_MEDIA_PREFIX}/${id}/`;
  for (const [column, document] of [
    ['details', detail],
    ['details_ar', detailAr],
  ] as const) {
    for (const { path, key } of mediaKeys(document)) {
      if (!key.startsWith(own))
        problems.push({
          path: [column, ...path],
          message: `${column}.${path.join('.')}: ${key} is not an upload of this product (its uploads are ${own}…): upload it in the product's editor`,
        });
    }
  }
  const sources = (document: ProductDetail) => (document.gallery ?? []).map((picture) => picture.src);
  if (sources(detail).join(' ') !== sources(detailAr).join(' '))
    problems.push({
      path: ['details_ar', 'gallery'],
      message:
        'details_ar.gallery: the Arabic gallery must hold the same pictures in the same order as the English one (details.gallery), each with its Arabic alt text',
    });
  else
    (detailAr.gallery ?? []).forEach((picture, index) => {
      if (!ARABIC_LETTER.test(picture.alt))
        problems.push({
          path: ['details_ar', 'gallery', index, 'alt'],
          message: `missing Arabic: details_ar.gallery.${index}.alt (picture ${index + 1}'s alt text) has no Arabic letter`,
        });
    });
  if (JSON.stringify(detail.variantMedia ?? []) !== JSON.stringify(detailAr.variantMedia ?? []))
    problems.push({
      path: ['details_ar', 'variantMedia'],
      message:
        "details_ar.variantMedia: the variants' pictures and datasheets must be the same in both documents (the same files serve both languages)",
    });
  return problems;
}

/** The variant media naming a code that is none of the product's variants' (`codes`), at its place in `details`. */
export function variantMediaCodeProblems(detail: ProductDetail, codes: readonly string[]): RowProblem[] {
  return (detail.variantMedia ?? []).flatMap((media, index) =>
    codes.includes(media.code)
      ? []
      : [
          {
            path: ['details', 'variantMedia', index, 'code'],
            message: `details.variantMedia.${index}.code: "${media.code}" is not a code of this product's variants (${codes.join(', ')})`,
          },
        ],
  );
}
