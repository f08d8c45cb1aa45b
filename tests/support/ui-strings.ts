// The English catalogue of UI strings and the checks the Arabic suites make with it: every app's
// src/i18n/en.json, each ICU message split into the literal pieces a visitor could read (placeholders, plural and select
// branches and <0>…</0> tags cut out), kept when a piece holds an English word of 3+ letters. An Arabic page must show
// none of them, in its visible text or in the attributes a screen reader or a pointer reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage, compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from './site-server';

/** The apps that own a message catalog (src/i18n/<locale>.json). */
export const CATALOG_APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'shared-ui'] as const;
export type CatalogApp = (typeof CATALOG_APPS)[number];

/**
 * A part of an app with a catalog of its own in its chunk (<folder>/i18n/<locale>.json: the product page's variant
 * table, the buyer's quotation page, the listing filters' panel), read with its app's: its words are the app's words.
 */
const CATALOG_PARTS: readonly { app: CatalogApp; folder: string }[] = [
  { app: 'mfe-catalogue', folder: 'mfe-catalogue/src/details/variants' },
  { app: 'mfe-catalogue', folder: 'mfe-catalogue/src/listing/filters' },
  { app: 'mfe-contact', folder: 'mfe-contact/src/quotation-link' },
];

type Catalog = Readonly<Record<string, string>>;

const catalogs = new Map<string, Catalog>();
/** An app's catalog in `locale`, its parts' messages included. */
export function readCatalog(app: CatalogApp, locale: 'en' | 'ar'): Catalog {
  const parts = CATALOG_PARTS.filter((part) => part.app === app).map((part) =>
    readCatalogFile(path.join(REPO_ROOT, part.folder, 'i18n', `${locale}.json`)),
  );
  const own = readCatalogFile(path.join(REPO_ROOT, app, 'src', 'i18n', `${locale}.json`));
  return parts.length === 0 ? own : (Object.assign({}, own, ...parts) as Catalog);
}

function readCatalogFile(file: string): Catalog {
  let catalog = catalogs.get(file);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    catalogs.set(file, catalog);
  }
  return catalog;
}

/** An English word of three letters or more ('Send', 'products'; not 'XX', 'PDF', 'LSZH', 'mm'). */
const ENGLISH_WORD = /[A-Za-z][a-z]{2,}/;
/** Pieces that are addresses, not words: e-mail addresses and URLs (a placeholder such as 'name@company.com'). */
const ADDRESS = /^(?:https?:\/\/\S+|\/\S*|[^\s@]+@[^\s@]+)$/;
/** The tags of a message with elements inside (<0>…</0>, <1/>). */
const TAG = /<\/?\d+\s*\/?>/;
/** Spaces, punctuation and symbols around a piece: the phrase is what is between them. */
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** The literal texts of a compiled ICU message, branch by branch (the parts between placeholders and tags). */
function literalTexts(message: CompiledMessage): string[] {
  return message.flatMap((token) => {
    if (typeof token === 'string') return token.split(TAG);
    const [, , format] = token;
    if (format === null || typeof format !== 'object') return [];
    return Object.entries(format as Record<string, unknown>)
      .filter(([key]) => key !== 'offset')
      .flatMap(([, branch]) => (Array.isArray(branch) ? literalTexts(branch as CompiledMessage) : []));
  });
}

/** A message's readable pieces: trimmed of spaces and punctuation at their edges, without empty ones. */
export function messagePieces(message: string): string[] {
  return literalTexts(compileMessageOrThrow(message))
    .map((text) => text.replace(EDGES, ''))
    .filter((text) => text !== '');
}

/** A message as plain text (its literal parts, placeholders dropped): the Arabic text a locator can look for. */
export function plainText(message: string): string {
  return literalTexts(compileMessageOrThrow(message)).join('').trim();
}

export interface UiString {
  app: CatalogApp;
  id: string;
  /** The English piece, as a visitor would read it. */
  text: string;
}

export interface EnglishCatalogue {
  /** Pieces an Arabic page must not show. */
  forbidden: UiString[];
  /**
   * Pieces the Arabic message of the same id keeps as they are (a brand or a technical name: 'LinkedIn', 'IP66'): not
   * UI text to translate. Listed so a run can show them.
   */
  keptByArabic: UiString[];
}

/** The English catalogue of UI strings, read from the apps' catalogs on disk (so it grows as strings move into them). */
export function englishCatalogue(): EnglishCatalogue {
  const forbidden: UiString[] = [];
  const keptByArabic: UiString[] = [];
  for (const app of CATALOG_APPS) {
    const english = readCatalog(app, 'en');
    const arabic = readCatalog(app, 'ar');
    for (const [id, message] of Object.entries(english)) {
      const arabicPieces = Object.hasOwn(arabic, id) ? messagePieces(arabic[id]!) : [];
      for (const text of new Set(messagePieces(message))) {
        if (!ENGLISH_WORD.test(text) || ADDRESS.test(text)) continue;
        const kept = arabicPieces.some((piece) => containsPhrase(piece, text));
        (kept ? keptByArabic : forbidden).push({ app, id, text });
      }
    }
  }
  return { forbidden, keptByArabic };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePatterns = new Map<string, RegExp>();
/** Whether `text` holds `phrase` as a whole phrase: case-sensitive, not inside a longer Latin word ('Send' is not in 'Sender'). */
export function containsPhrase(text: string, phrase: string): boolean {
  let pattern = phrasePatterns.get(phrase);
  if (!pattern) {
    pattern = new RegExp(`(?<![A-Za-z])${escape(phrase).replace(/\s+/g, '\\s+')}(?![A-Za-z])`);
    phrasePatterns.set(phrase, pattern);
  }
  return pattern.test(text);
}

/** What a visitor of a page reads: its visible text, its title and the attributes read out or shown on hover. */
export interface ReadableText {
  /** document.body.innerText: what is rendered, hidden parts left out. */
  visible: string;
  title: string;
  /** `aria-label="…"`, `alt="…"`, `title="…"`, `placeholder="…"`… of every element of the body, each once. */
  attributes: string[];
}

const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
];

export async function readableText(page: Page): Promise<ReadableText> {
  return page.evaluate((names) => {
    const attributes = new Set<string>();
    for (const element of document.body.querySelectorAll('*')) {
      for (const name of names) {
        const value = element.getAttribute(name)?.trim();
        if (value) attributes.add(`${name}="${value}"`);
      }
      // the label of a button written as <input type="submit" value="…">
      if (
        element instanceof HTMLInputElement &&
        ['submit', 'button', 'reset'].includes(element.type) &&
        element.value
      ) {
        attributes.add(`value="${element.value}"`);
      }
    }
    return { visible: document.body.innerText, title: document.title, attributes: [...attributes] };
  }, READ_ATTRIBUTES);
}

/**
 * The English UI strings a page shows, each as `"<piece>" (<app> <id>) in <where>`: empty on a page fully in Arabic.
 * `catalogue` defaults to the catalogs on disk now.
 */
export async function englishUiStringsOn(
  page: Page,
  catalogue: EnglishCatalogue = englishCatalogue(),
): Promise<string[]> {
  const read = await readableText(page);
  const places: [string, string][] = [
    ['visible text', read.visible],
    ['<title>', read.title],
    ...read.attributes.map((attribute): [string, string] => [attribute.slice(0, attribute.indexOf('=')), attribute]),
  ];
  const found: string[] = [];
  for (const piece of catalogue.forbidden) {
    const where = places
      .filter(([, text]) => containsPhrase(text, piece.text))
      .map(([place, text]) => (place === 'visible text' || place === '<title>' ? place : text));
    if (where.length > 0) found.push(`"${piece.text}" (${piece.app} ${piece.id}) in ${[...new Set(where)].join(', ')}`);
  }
  return found;
}

/**
 * The Arabic text of the UI string whose English text is `english` (the first catalog that has it), as plain text:
 * what an Arabic page shows where the English one shows `english`. Throws, naming the string, when no catalog has it
 * yet (its app has not moved it into src/i18n/en.json) or its Arabic is missing.
 */
export function arabicFor(english: string): string {
  for (const app of CATALOG_APPS) {
    const entry = Object.entries(readCatalog(app, 'en')).find(([, message]) => plainText(message) === english);
    if (!entry) continue;
    const arabic = readCatalog(app, 'ar')[entry[0]];
    if (!arabic || !ARABIC.test(arabic))
      throw new Error(`${app} src/i18n/ar.json has no Arabic for ${entry[0]} ("${english}")`);
    return plainText(arabic);
  }
  throw new Error(`No app's src/i18n/en.json has the UI string "${english}" yet`);
}

/** An Arabic letter. */
export const ARABIC = /[\u0600-\u06FF]/;

/** An Arabic data file's dictionary (content/translations/ar/<file>.json: English text → Arabic text). */
export function arabicDictionary(file: string): Readonly<Record<string, string>> {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'content', 'translations', 'ar', file), 'utf8')) as Record<
    string,
    string
  >;
}

/** The Arabic text of an English data text (content/translations/ar/<file>.json); throws when the dictionary lacks it. */
export function arabicData(file: string, english: string): string {
  const arabic = arabicDictionary(file)[english];
  if (!arabic || !ARABIC.test(arabic))
    throw new Error(`content/translations/ar/${file} has no Arabic for "${english}"`);
  return arabic;
}

/** An English data file (content/data/<file>.json). */
export function englishData<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'content', 'data', file), 'utf8')) as T;
}

// The apps' messages, filled in as the apps fill them in (the quote basket's journeys, the listing's filters)

const i18ns = new Map<string, I18n>();
/** All the apps' catalogs of a language in one Lingui instance, compiled as the apps' build compiles them. */
function catalogsI18n(locale: 'en' | 'ar'): I18n {
  let i18n = i18ns.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    for (const app of CATALOG_APPS) i18n.load(locale, { ...readCatalog(app, locale) });
    i18n.activate(locale);
    i18ns.set(locale, i18n);
  }
  return i18n;
}

/** A message's tags (<0>…</0>) left out: the text a visitor reads. */
const TAGS = /<\/?\d+\s*\/?>/g;
type Values = Record<string, string | number>;

/** Message `id` of the apps' catalogs in `locale` with `values` filled in, as plain text. */
export function message(locale: 'en' | 'ar', id: string, values: Values = {}): string {
  const i18n = catalogsI18n(locale);
  if (i18n.messages[id] === undefined) throw new Error(`No app's src/i18n/${locale}.json has the message ${id}`);
  return i18n._(id, values).replace(TAGS, '');
}

/** The chat's minimized bar's name in `locale`: what it does, then the title it shows ('Restore chat: Crescent Assistant'). */
export function chatBarName(locale: 'en' | 'ar'): string {
  return message(locale, 'chat.widget.restoreBar', { title: message(locale, 'chat.widget.title') });
}

/**
 * The Arabic of the UI text an English page shows as `english` with `values` filled in: the message whose English,
 * filled in, reads `english` (whatever its id), in Arabic with the same values. Throws, naming the text, when no
 * catalog has it or its Arabic is missing.
 */
export function arabicOf(english: string, values: Values = {}): string {
  const englishI18n = catalogsI18n('en');
  const ids = Object.keys(englishI18n.messages).filter((id) => englishI18n._(id, values).replace(TAGS, '') === english);
  if (ids.length === 0)
    throw new Error(`No app's src/i18n/en.json has a message reading "${english}" with ${JSON.stringify(values)}`);
  const arabic = new Set(ids.map((id) => message('ar', id, values)));
  if (arabic.size > 1)
    throw new Error(`"${english}" is ${ids.join(', ')}, whose Arabic differ: ${[...arabic].join(' | ')}`);
  const [text] = arabic;
  if (!/[\u0600-\u06FF]/.test(text!))
    throw new Error(`The Arabic of "${english}" (${ids.join(', ')}) is not Arabic: "${text}"`);
  return text!;
}
