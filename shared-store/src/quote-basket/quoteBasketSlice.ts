import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { checkQuantity, QUOTE_LIMITS, type QuoteUnit } from '@site/content/validation/quantity';
import type { Locale } from '@site/contracts/locale';

/**
 * One part in the request-for-quotation basket: a product's variant (docs/decisions/034-orderable-variants.md), named
 * by its code. What the header's panel and the request page show is kept with the line (they run where the
 * catalogue's data is not loaded); the request page refreshes names and labels from the catalogue in the page's
 * language, and the server checks every code and quantity again.
 */
export interface QuoteLine {
  productId: string;
  /**
   * The variant's code (its SKU, unique over the catalogue): the line's key, so two sizes of one product are two lines.
   * A basket saved before variants holds the product's code here, which is its first variant's code.
   */
  code: string;
  productCategoryId: string;
  /** The product's image key (products.json `image`). */
  image: string;
  unit: QuoteUnit;
  /** The product's name in each language the buyer has seen it in (the page's language first, else any). */
  names: Partial<Record<Locale, string>>;
  /** The variant's label ('Size 25 (M25)') in each language seen; '' for a product's only variant; none when not yet known. */
  labels: Partial<Record<Locale, string>>;
  quantity: number;
}

export interface QuoteBasketState {
  lines: QuoteLine[];
  /**
   * False until the browser has read the stored basket (persistQuoteBasket): the server and the first render draw an
   * empty basket, so the page can keep the basket's place until it is known (no layout shift, no hydration mismatch).
   */
  restored: boolean;
}

const initialState: QuoteBasketState = { lines: [], restored: false };

/**
 * What adding asks for: a variant and how much of it (already checked against its unit by the caller). `label` left
 * out: not known where it is added (a listing's card adds its product's code, the first variant), the request page
 * learns it.
 */
export type QuoteLineAdded = Omit<QuoteLine, 'names' | 'labels'> & { locale: Locale; name: string; label?: string };

/** What the request page learnt of a line's variant in the page's language. */
export interface QuoteLineDescription {
  name: string;
  label: string;
}

export const quoteBasketSlice = createSlice({
  name: 'quoteBasket',
  initialState,
  reducers: {
    /**
     * Adds a variant, or adds to its quantity when it is already in the basket (capped at the largest quantity).
     * A new line beyond QUOTE_LIMITS.maxLines is ignored: callers check `selectQuoteBasketFull` first and say so.
     */
    quoteLineAdded(state, { payload }: PayloadAction<QuoteLineAdded>) {
      const { locale, name, label, ...line } = payload;
      // A refused quantity adds nothing (only a sum beyond the largest quantity is capped, below).
      if (!checkQuantity(line.quantity, line.unit).ok) return;
      // a line's key is its code as the catalogue writes it (every code in a basket comes from the catalogue's answers)
      const existing = state.lines.find((candidate) => candidate.code === line.code);
      if (existing !== undefined) {
        const sum = checkQuantity(existing.quantity + line.quantity, existing.unit);
        if (sum.ok) existing.quantity = sum.quantity;
        else if (sum.problem === 'tooLarge') existing.quantity = QUOTE_LIMITS.maxQuantity;
        else return;
        existing.names[locale] = name;
        if (label !== undefined) existing.labels[locale] = label;
        return;
      }
      if (state.lines.length >= QUOTE_LIMITS.maxLines) return;
      // a label not known is left out when stored (JSON drops it), and read as none
      state.lines.push({ ...line, names: { [locale]: name }, labels: { [locale]: label } });
    },
    /** Sets a line's quantity (the request page's field, once valid for the line's unit). */
    quoteQuantityChanged(state, { payload }: PayloadAction<{ code: string; quantity: number }>) {
      const line = state.lines.find((candidate) => candidate.code === payload.code);
      if (line === undefined) return;
      const checked = checkQuantity(payload.quantity, line.unit);
      if (checked.ok) line.quantity = checked.quantity;
    },
    quoteLineRemoved(state, { payload }: PayloadAction<{ code: string }>) {
      state.lines = state.lines.filter((line) => line.code !== payload.code);
    },
    /** 'Clear', and a request sent. */
    quoteBasketCleared(state) {
      state.lines = [];
    },
    /**
     * The request page names the lines in the page's language from the catalogue it looked up (`described`, by code
     * as written in the line); lines the catalogue no longer knows at all go, but those `kept` (codes of withdrawn
     * variants or products) stay, for the page to say they are no longer available.
     */
    quoteLinesDescribed(
      state,
      {
        payload: { locale, described, kept },
      }: PayloadAction<{ locale: Locale; described: Record<string, QuoteLineDescription>; kept: readonly string[] }>,
    ) {
      // one pass: a described line takes its words and stays, another stays only when kept
      state.lines = state.lines.filter((line) => {
        const description = described[line.code];
        if (description) {
          line.names[locale] = description.name;
          line.labels[locale] = description.label;
        }
        return description || kept.includes(line.code);
      });
    },
    /** The stored basket, read at start and whenever another tab changes it (persistQuoteBasket). */
    quoteBasketRestored(state, { payload }: PayloadAction<QuoteLine[]>) {
      state.lines = payload.slice(0, QUOTE_LIMITS.maxLines);
      state.restored = true;
    },
  },
  selectors: {
    selectQuoteLines: (state) => state.lines,
    /** The header badge's figure: how many parts (lines) the basket holds. */
    selectQuoteLineCount: (state) => state.lines.length,
    selectQuoteBasketFull: (state) => state.lines.length >= QUOTE_LIMITS.maxLines,
    selectQuoteBasketRestored: (state) => state.restored,
  },
});

export const {
  quoteLineAdded,
  quoteQuantityChanged,
  quoteLineRemoved,
  quoteBasketCleared,
  quoteLinesDescribed,
  quoteBasketRestored,
} = quoteBasketSlice.actions;
export const { selectQuoteLines, selectQuoteLineCount, selectQuoteBasketFull, selectQuoteBasketRestored } =
  quoteBasketSlice.selectors;

/**
 * A line's name in a language, with its variant's label ('CW Brass Cable Gland, Size 25 (M25)'): that language's if
 * the buyer saw it, else the one they saw. Two sizes of one product are two lines: each is named with its size.
 */
export const quoteLineName = (line: QuoteLine, locale: Locale): string => {
  const name = seenIn(line.names, locale) ?? line.code;
  const label = seenIn(line.labels, locale);
  return label ? `${name} – ${label}` : name;
};

/** A text in a language: that language's if the buyer saw it, else the one they saw. */
const seenIn = (texts: Partial<Record<Locale, string>>, locale: Locale): string | undefined =>
  texts[locale] ?? Object.values(texts)[0];
