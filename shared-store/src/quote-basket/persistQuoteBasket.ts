import { checkQuantity, isQuoteUnit, QUOTE_LIMITS } from '@site/content/validation/quantity';
import { isLocale, type Locale } from '@site/contracts/locale';
import type { AppStore } from '../store';
import { quoteBasketRestored, type QuoteLine } from './quoteBasketSlice';

/**
 * The localStorage key of the basket (versioned: a later shape gets a new key instead of misreading this one). Lines
 * with variant labels kept it: a line without labels reads as its product's first variant (readLine).
 */
export const QUOTE_BASKET_STORAGE_KEY = 'site.quoteBasket.v1';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isShortText = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= 300;

/** The texts of `value` (names, labels) under a known language that `ok` takes; none when it is not a record. */
const readTexts = (value: unknown, ok: (text: unknown) => boolean): Partial<Record<Locale, string>> =>
  Object.fromEntries(
    Object.entries(isRecord(value) ? value : {}).filter(([locale, text]) => isLocale(locale) && ok(text)),
  );

/**
 * One stored line, if it still is a valid line (storage is the visitor's to edit: read it as untrusted input). A line
 * saved before variants has no labels: its code is its product's code, which names the product's first variant.
 */
function readLine(value: unknown): QuoteLine | undefined {
  if (!isRecord(value)) return undefined;
  const { productId, code, productCategoryId, image, unit, names, labels, quantity } = value;
  if (!isShortText(productId) || !isShortText(code) || !isShortText(productCategoryId) || !isShortText(image))
    return undefined;
  if (!isQuoteUnit(unit) || typeof quantity !== 'number') return undefined;
  const checked = checkQuantity(quantity, unit);
  if (!checked.ok) return undefined;
  const readNames = readTexts(names, isShortText);
  if (Object.keys(readNames).length === 0) return undefined;
  // '' is a product's only variant's label
  return {
    productId,
    code,
    productCategoryId,
    image,
    unit,
    names: readNames,
    labels: readTexts(labels, (text) => text === '' || isShortText(text)),
    quantity: checked.quantity,
  };
}

/** The stored basket's lines: what of it is valid, one line per variant code, at most QUOTE_LIMITS.maxLines. */
export function readStoredBasket(stored: string | null): QuoteLine[] {
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.lines)) return [];
  const lines = new Map<string, QuoteLine>();
  for (const value of parsed.lines) {
    const line = readLine(value);
    if (line !== undefined && !lines.has(line.code)) lines.set(line.code, line);
  }
  return [...lines.values()].slice(0, QUOTE_LIMITS.maxLines);
}

/** localStorage, or undefined where it cannot be used (blocked cookies, some private modes throw on access). */
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the page's basket in localStorage: reads it once (after hydration: the server drew an empty basket), writes
 * every change, and takes another tab's changes from the `storage` event, so every tab shows the same basket.
 * The shell calls it (the basket lives in the shell's store, so it outlives a remote that fails to load).
 * Returns the function that stops it.
 */
export function persistQuoteBasket(store: AppStore, storage: Storage | undefined = browserStorage()): () => void {
  const read = () => {
    try {
      return readStoredBasket(storage?.getItem(QUOTE_BASKET_STORAGE_KEY) ?? null);
    } catch {
      return [];
    }
  };
  store.dispatch(quoteBasketRestored(read()));
  let written = store.getState().quoteBasket.lines;
  let takingOtherTabs = false;

  const unsubscribe = store.subscribe(() => {
    const { lines } = store.getState().quoteBasket;
    if (lines === written || takingOtherTabs) return;
    written = lines;
    try {
      if (lines.length === 0) storage?.removeItem(QUOTE_BASKET_STORAGE_KEY);
      else storage?.setItem(QUOTE_BASKET_STORAGE_KEY, JSON.stringify({ lines }));
    } catch {
      // full or refused storage: the basket still works in this page, it just is not kept
    }
  });

  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage
    if (event.key !== QUOTE_BASKET_STORAGE_KEY && event.key !== null) return;
    // What the other tab wrote is already stored: take it without writing it back (the subscriber above runs
    // inside the dispatch, so it is told to skip this change rather than `written` being set after it).
    takingOtherTabs = true;
    try {
      store.dispatch(quoteBasketRestored(read()));
    } finally {
      takingOtherTabs = false;
    }
    written = store.getState().quoteBasket.lines;
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
