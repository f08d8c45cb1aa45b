import {
  DESCRIPTION_SECTIONS,
  descriptionEntryKind,
  type DescriptionEntry,
  type DescriptionRow,
  type DescriptionSection,
  type DescriptionSectionKey,
} from '@site/content';

/** One line of a 'Description :' list. */
export type DescriptionListItem =
  /** A plain list item: only the value (empty key or a key starting '-'). Text. */
  | { kind: 'item'; text: string }
  /** 'key : value'. Text. */
  | { kind: 'row'; key: string; value: string };

/** The 'Description :' content in data order: runs of list lines, and what breaks a list. */
export type DescriptionBlock =
  | { kind: 'list'; items: DescriptionListItem[] }
  /** An entry with an empty value: its key as a sub-heading. Text. */
  | { kind: 'subheading'; text: string }
  /** A key starting '^': an unbulleted paragraph. HTML. */
  | { kind: 'paragraph'; html: string }
  /** A key starting '%': the fixed ceiling-rose table picture; the value is its alt text. */
  | { kind: 'ceilingRose'; alt: string };

/** An expandable section fed by a '*' key, with its content. */
export type DescriptionSectionContent = Omit<DescriptionSection, 'kind' | 'key'> & { key: DescriptionSectionKey } & (
    | { kind: 'html'; html: string }
    | { kind: 'table'; rows: DescriptionRow[] }
  );

export interface ParsedDescription {
  blocks: DescriptionBlock[];
  /** In the display order of DESCRIPTION_SECTIONS, only those with content. */
  sections: DescriptionSectionContent[];
}

const asText = (value: DescriptionEntry['value']): string => (typeof value === 'string' ? value : '');

/**
 * Reads a product's description entries by their key conventions (see descriptionEntrySchema in content/src/schema.ts):
 * '*' keys feed the expandable sections, an empty value makes a sub-heading, an empty or '-' key a plain item,
 * '^' an HTML paragraph, '%' the ceiling-rose picture, anything else a 'key : value' row. Consecutive items and
 * rows form one list. A section without content (blank HTML, no rows, unknown key) is left out.
 */
export function parseDescription(entries: readonly DescriptionEntry[] | undefined): ParsedDescription {
  const blocks: DescriptionBlock[] = [];
  const sectionValues = new Map<string, DescriptionEntry['value']>();

  const addToList = (item: DescriptionListItem) => {
    const last = blocks[blocks.length - 1];
    if (last?.kind === 'list') last.items.push(item);
    else blocks.push({ kind: 'list', items: [item] });
  };

  for (const entry of entries ?? []) {
    switch (descriptionEntryKind(entry)) {
      case 'section':
        sectionValues.set(entry.key, entry.value);
        break;
      case 'subheading':
        blocks.push({ kind: 'subheading', text: entry.key });
        break;
      case 'item':
        addToList({ kind: 'item', text: asText(entry.value) });
        break;
      case 'paragraph':
        blocks.push({ kind: 'paragraph', html: asText(entry.value) });
        break;
      case 'ceilingRose':
        blocks.push({ kind: 'ceilingRose', alt: asText(entry.value) });
        break;
      case 'row':
        addToList({ kind: 'row', key: entry.key, value: asText(entry.value) });
        break;
    }
  }

  const sections: DescriptionSectionContent[] = [];
  for (const section of DESCRIPTION_SECTIONS) {
    const value = sectionValues.get(section.key);
    if (section.kind === 'html') {
      if (typeof value === 'string' && value.trim() !== '') sections.push({ ...section, kind: 'html', html: value });
    } else if (Array.isArray(value) && value.length > 0) {
      sections.push({ ...section, kind: 'table', rows: value });
    }
  }
  return { blocks, sections };
}
