// The rules an Arabic dictionary (content/translations/ar/<file>.json) must keep, checked by the content validation
// (src/validate.ts, run by the build) before the Arabic editions are generated (scripts/generate-editions.ts).
// Pure functions, no node imports: the tests call them on made-up dictionaries.
import { forEachTranslatable, missingTranslations, type ArabicDictionary } from './translatable';

export interface DictionaryReport {
  /** Problems that fail the build. */
  errors: string[];
  /** Problems worth a look that do not fail it (an entry no text uses any more). */
  warnings: string[];
}

/** Arabic-Indic digits (٠-٩) and their Persian forms (۰-۹): the site writes Western digits (the Gulf business norm). */
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The HTML tags of a text, in order, each as written (attributes included), spaces collapsed and lower-cased. */
export function htmlTags(text: string): string[] {
  return [...text.matchAll(/<\/?[a-z][^>]*>/gi)].map((m) => m[0].replace(/\s+/g, ' ').toLowerCase());
}

/**
 * The numbers of an English text that its Arabic text must keep as they are (in Western digits): every number but a
 * lone 1 or 2 and an ordinal ('2nd'), which Arabic says in words ('قلبان' for '2 core', 'الثانية' for '2nd').
 */
export function numbersToKeep(english: string): string[] {
  const numbers = english.match(/\d+(?:[.,/:]\d+)*(?![\d.,/:]*(?:st|nd|rd|th)\b)/g) ?? [];
  return [...new Set(numbers.filter((n) => n !== '1' && n !== '2'))];
}

/** A short, one-line form of a text for messages. */
function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 90 ? `${line.slice(0, 87)}...` : line);
}

/** Whether `value` is a dictionary: a JSON object of strings. */
export function isDictionary(value: unknown): value is ArabicDictionary {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/**
 * Checks one data file's dictionary against the file (`data`: its parsed JSON). `file` names it in the messages
 * ('products.json'). Errors: a translatable text without an Arabic one (each listed), an entry whose HTML tags are not
 * the English text's (same tags, same order), an entry with Arabic-Indic digits, an entry that drops a number of its
 * English text. Warnings: entries no text of the file uses.
 */
export function checkArabicDictionary(file: string, data: unknown, dictionary: unknown): DictionaryReport {
  const where = `translations/ar/${file}`;
  if (!isDictionary(dictionary))
    return { errors: [`${where}: expected a JSON object of English text → Arabic text (strings only)`], warnings: [] };
  const errors = missingTranslations(data, dictionary).map(
    (english) => `${where}: no Arabic text for ${quote(english)}`,
  );

  const used = new Set<string>();
  forEachTranslatable(data, (value) => used.add(value));
  const warnings: string[] = [];
  for (const [english, arabic] of Object.entries(dictionary)) {
    if (!used.has(english)) {
      warnings.push(`${where}: unused entry ${quote(english)} (no text of data/${file} has it)`);
      continue;
    }
    if (arabic.trim() === '') continue; // reported as missing
    const tags = htmlTags(english).join('');
    const arabicTags = htmlTags(arabic).join('');
    if (tags !== arabicTags) {
      errors.push(
        `${where}: ${quote(english)}: the Arabic text's HTML tags (${arabicTags || 'none'}) differ from the English text's (${tags || 'none'})`,
      );
    }
    const indic = arabic.match(ARABIC_INDIC_DIGITS);
    if (indic) {
      errors.push(
        `${where}: ${quote(english)}: Arabic-Indic digits (${[...new Set(indic)].join(' ')}) in the Arabic text; write Western digits (0-9)`,
      );
    }
    const dropped = numbersToKeep(english).filter((n) => !arabic.includes(n));
    if (dropped.length > 0) {
      errors.push(
        `${where}: ${quote(english)}: the Arabic text lacks ${dropped.join(', ')} (numbers and technical values stay as they are)`,
      );
    }
  }
  return { errors, warnings };
}

/**
 * One Arabic text per English text across the dictionaries: a text found in several files (a product's name in
 * products.json and product-details.json, a category's title) reads the same on every page. `dictionaries` by file name.
 */
export function checkDictionariesAgree(dictionaries: Readonly<Record<string, ArabicDictionary>>): string[] {
  const seen = new Map<string, { file: string; arabic: string }>();
  const errors: string[] = [];
  for (const [file, dictionary] of Object.entries(dictionaries)) {
    for (const [english, arabic] of Object.entries(dictionary)) {
      const first = seen.get(english);
      if (first === undefined) seen.set(english, { file, arabic });
      else if (first.arabic !== arabic) {
        errors.push(
          `translations/ar/${file}: ${quote(english)} reads ${quote(arabic)}, but ${quote(first.arabic)} in translations/ar/${first.file} (one Arabic text per English text)`,
        );
      }
    }
  }
  return errors;
}
