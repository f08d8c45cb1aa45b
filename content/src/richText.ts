// The HTML the catalogue's rich text may hold, in one place: the product page sanitises with it right before it renders
// (mfe-catalogue's SafeHtml), and the server cleans every HTML field a staff member or an import writes with it before
// it is stored (server/src/catalogue/richText.ts). Written as DOMPurify's config keys, without depending on DOMPurify.
// The data uses p, strong, em, h3, ul and li; the rest is what an editor may reasonably add (lists, links, tables).

/** The elements kept; any other is removed (its text kept, except script, style and the like, removed whole). */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'sub',
  'sup',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** The attributes kept (no style, no class, no event handler, no data- or aria- attribute). */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = ['href', 'title', 'colspan', 'rowspan'];

/**
 * A link's href: http(s), mailto, tel, or relative (no scheme at all: '/x', '#x', 'x/y'). Anything else, such as
 * javascript: or data:, is dropped from the element.
 */
export const RICH_TEXT_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z0-9+.-]*(?:[^a-z0-9+.\-:]|$))/i;

/** DOMPurify's config for catalogue rich text (a plain object: DOMPurify is the caller's). */
export const RICH_TEXT_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_TEXT_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

type Html = (html: string) => string;

const mapStrings = (value: unknown, clean: Html): unknown =>
  Array.isArray(value) ? value.map((item: unknown) => (typeof item === 'string' ? clean(item) : item)) : value;

const mapBlocks = (value: unknown, clean: Html): unknown =>
  Array.isArray(value)
    ? value.map((block: unknown) => {
        if (typeof block !== 'object' || block === null) return block;
        const { title, content, DataAfterTable } = block as Record<string, unknown>;
        // spread over the block, so its keys keep their order
        return {
          ...block,
          ...(typeof title === 'string' ? { title: clean(title) } : {}),
          ...(content === undefined ? {} : { content: mapStrings(content, clean) }),
          ...(DataAfterTable === undefined ? {} : { DataAfterTable: mapStrings(DataAfterTable, clean) }),
        };
      })
    : value;

const mapDescription = (value: unknown, clean: Html): unknown =>
  Array.isArray(value)
    ? value.map((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) return entry;
        const { key, value: entryValue } = entry as { key?: unknown; value?: unknown };
        if (typeof key !== 'string') return entry;
        // a table section's rows: their values are HTML
        if (Array.isArray(entryValue)) {
          return {
            ...entry,
            value: entryValue.map((row: unknown) =>
              typeof row === 'object' && row !== null && typeof (row as { value?: unknown }).value === 'string'
                ? { ...row, value: clean((row as { value: string }).value) }
                : row,
            ),
          };
        }
        // '*' html sections and '^' notes are HTML; every other entry is plain text, checked as such by the schema
        if (typeof entryValue === 'string' && (key.startsWith('*') || key.startsWith('^')))
          return { ...entry, value: clean(entryValue) };
        return entry;
      })
    : value;

/**
 * A product detail document with `clean` applied to each of its HTML fields (productDetailSchema's: detail, the
 * description's HTML sections, notes and table values, the detail blocks' titles and paragraphs), every other field
 * as it was. Shapes it does not expect are passed through for the schema to refuse.
 */
export function mapProductDetailHtml(detail: Record<string, unknown>, clean: Html): Record<string, unknown> {
  const { detail: paragraphs, description, detailDescription, detailDescriptionAfterTable } = detail;
  return {
    ...detail,
    ...(paragraphs === undefined ? {} : { detail: mapStrings(paragraphs, clean) }),
    ...(description === undefined ? {} : { description: mapDescription(description, clean) }),
    ...(detailDescription === undefined ? {} : { detailDescription: mapBlocks(detailDescription, clean) }),
    ...(detailDescriptionAfterTable === undefined
      ? {}
      : { detailDescriptionAfterTable: mapBlocks(detailDescriptionAfterTable, clean) }),
  };
}
