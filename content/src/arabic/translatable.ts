// Which strings of a data file a visitor reads as prose, and so need an Arabic text. The Arabic edition of
// each data file is built from the English one: same records, ids, prices and pictures (one source for every fact),
// with each translatable string replaced from the file's dictionary in content/translations/ar/<file>.json
// ({ "<English text>": "<Arabic text>" }). Everything else (ids, addresses, numbers, brand names, technical values such
// as "600/1000 V" or "BS 5467") stays as it is.
// No zod and no node imports: the knowledge base and tests use it too.

/** Fields whose strings are never prose: identifiers, codes, units, addresses, pictures, dates, brand names, contact details. */
const NEVER_TRANSLATED_FIELDS = new Set([
  'id',
  'image',
  'images',
  'img',
  'companyImg',
  'company',
  'brand',
  'path',
  'url',
  'href',
  'link',
  'file',
  'pdf',
  'email',
  'emails',
  'phone',
  'phones',
  'fax',
  'mobile',
  'tel',
  'website',
  'dateAdded',
  'date',
  'productCategoryId',
  'categoryId',
  'icon',
  'map',
  'mapUrl',
  'logo',
  'photo',
  'picture',
  // a product's model code and the unit it is quoted in (an enum value the apps word themselves)
  'code',
  'unit',
]);

/** Description keys that are markers, not labels ('*Construction', '-1', '^', '%'): the screen names them itself. */
const MARKER_KEY = /^[*\-^%]|^$/;

/** A string holds prose when it has a word of ordinary English (a capital or lower-case letter then lower-case ones). */
const PROSE = /[A-Za-z][a-z]{2,}/;
/**
 * Or a short English word between values ('Up to 1000 V', '-60 °C to +100 °C', '20 W, 30 W or 50 W'), or a country
 * written as its initials ('UAE'): a visitor reads those as words too ('حتى 1000 V', 'من -60 °C إلى +100 °C').
 */
const SHORT_WORDS = /(?:^|\s)(?:[Uu]p|to|or|of|in|at|per|and|by)(?=\s)|\b(?:UAE|KSA|GCC)\b/;

/** Strings that are not prose wherever they stand: addresses on the web, e-mail addresses, lower-case identifiers. */
const NOT_PROSE = /^(?:https?:\/\/|\/)|^[^\s@]+@[^\s@]+$|^[a-z0-9_-]+$|^\w+_\w+$|^\S+\.(?:pdf|png|svg|jpe?g|webp)$/;

/** Whether a string at this place needs an Arabic text. `field` is the property that holds it (its parent's for array items). */
export function isTranslatable(field: string | undefined, value: string): boolean {
  if (field !== undefined && (NEVER_TRANSLATED_FIELDS.has(field) || field.endsWith('Id') || field.endsWith('Url')))
    return false;
  if (field === 'key' && MARKER_KEY.test(value)) return false;
  return (PROSE.test(value) || SHORT_WORDS.test(value)) && !NOT_PROSE.test(value);
}

/** Calls `visit` for each translatable string of a data file's JSON, with the field that holds it. */
export function forEachTranslatable(
  data: unknown,
  visit: (value: string, field: string | undefined) => void,
  field?: string,
): void {
  if (typeof data === 'string') {
    if (isTranslatable(field, data)) visit(data, field);
  } else if (Array.isArray(data)) {
    for (const item of data) forEachTranslatable(item, visit, field);
  } else if (typeof data === 'object' && data !== null) {
    for (const [key, value] of Object.entries(data)) {
      if (!NEVER_TRANSLATED_FIELDS.has(key)) forEachTranslatable(value, visit, key);
    }
  }
}

/** A data file's dictionary: English text → Arabic text. */
export type ArabicDictionary = Readonly<Record<string, string>>;

/** The texts of `data` its dictionary lacks (each once, in file order). */
export function missingTranslations(data: unknown, dictionary: ArabicDictionary): string[] {
  const missing = new Set<string>();
  forEachTranslatable(data, (value) => {
    if (!Object.hasOwn(dictionary, value) || dictionary[value]!.trim() === '') missing.add(value);
  });
  return [...missing];
}

/**
 * The Arabic edition of a data file: the same JSON with each translatable string replaced by its Arabic text. A string
 * without one stays English (the content check fails the build before that can ship).
 */
export function translateData<T>(data: T, dictionary: ArabicDictionary, field?: string): T {
  if (typeof data === 'string') {
    return (isTranslatable(field, data) && Object.hasOwn(dictionary, data) ? dictionary[data] : data) as T;
  }
  if (Array.isArray(data)) return data.map((item: unknown) => translateData(item, dictionary, field)) as T;
  if (typeof data === 'object' && data !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      out[key] = NEVER_TRANSLATED_FIELDS.has(key) ? value : translateData(value, dictionary, key);
    }
    return out as T;
  }
  return data;
}
