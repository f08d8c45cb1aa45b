import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { checkQuantity, QUOTE_LIMITS, type QuoteUnit } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';

/**
 * One product in the request-for-quotation basket. What the header's panel and the request page show is
 * kept with the line (they run where the catalogue's data is not loaded); the request page refreshes the names from
 * the catalogue in the page's language, and the server checks every id and quantity again.
 */
export interface QuoteLine {
  productId: string;
  /** The product's model code (products.json `code`), what a buyer's own list names it by. */
  code: string;
  productCategoryId: string;
  /** The product's image key (products.json `image`). */
  image: string;
  unit: QuoteUnit;
  /** The product's name in each language the buyer has seen it in (the page's language first, else any). */
  names: Partial<Record<Locale, string>>;
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

/** What adding asks for: a product and how much of it (already checked against its unit by the caller). */
export type QuoteLineAdded = Omit<QuoteLine, 'names'> & { locale: Locale; name: string };

export const quoteBasketSlice = createSlice({
  name: 'quoteBasket',
  initialState,
  reducers: {
    /**
     * Adds a product, or adds to its quantity when it is already in the basket (capped at the largest quantity).
     * A new product beyond QUOTE_LIMITS.maxLines is ignored: callers check `selectQuoteBasketFull` first and say so.
     */
    quoteLineAdded(state, { payload }: PayloadAction<QuoteLineAdded>) {
      const { locale, name, ...line } = payload;
      // A refused quantity adds nothing (only a sum beyond the largest quantity is capped, below).
      if (!checkQuantity(line.quantity, line.unit).ok) return;
      const existing = state.lines.find((candidate) => candidate.productId === line.productId);
      if (existing !== undefined) {
        const sum = checkQuantity(existing.quantity + line.quantity, existing.unit);
        if (sum.ok) existing.quantity = sum.quantity;
        else if (sum.problem === 'tooLarge') existing.quantity = QUOTE_LIMITS.maxQuantity;
        else return;
        existing.names[locale] = name;
        return;
      }
      if (state.lines.length >= QUOTE_LIMITS.maxLines) return;
      state.lines.push({ ...line, names: { [locale]: name } });
    },
    /** Sets a line's quantity (the request page's field, once valid for the line's unit). */
    quoteQuantityChanged(state, { payload }: PayloadAction<{ productId: string; quantity: number }>) {
      const line = state.lines.find((candidate) => candidate.productId === payload.productId);
      if (line === undefined) return;
      const checked = checkQuantity(payload.quantity, line.unit);
      if (checked.ok) line.quantity = checked.quantity;
    },
    quoteLineRemoved(state, { payload }: PayloadAction<{ productId: string }>) {
      state.lines = state.lines.filter((line) => line.productId !== payload.productId);
    },
    /** 'Clear', and a request sent. */
    quoteBasketCleared(state) {
      state.lines = [];
    },
    /**
     * The request page names the lines in the page's language from the catalogue it loaded; lines of products no longer
     * in the catalogue go, but those `withdrawn` (archived) stay, for the page to say they are no longer available.
     */
    quoteLinesDescribed(state, { payload }: PayloadAction<{ locale: Locale; names: Record<string, string>; withdrawn?: readonly string[] }>) {
      const kept = new Set(payload.withdrawn ?? []);
      state.lines = state.lines.filter((line) => payload.names[line.productId] !== undefined || kept.has(line.productId));
      for (const line of state.lines) {
        const name = payload.names[line.productId];
        if (name !== undefined) line.names[payload.locale] = name;
      }
    },
    /** The stored basket, read at start and whenever another tab changes it (persistQuoteBasket). */
    quoteBasketRestored(state, { payload }: PayloadAction<QuoteLine[]>) {
      state.lines = payload.slice(0, QUOTE_LIMITS.maxLines);
      state.restored = true;
    },
  },
  selectors: {
    selectQuoteLines: (state) => state.lines,
    /** The header badge's figure: how many products (lines) the basket holds. */
    selectQuoteLineCount: (state) => state.lines.length,
    selectQuoteBasketFull: (state) => state.lines.length >= QUOTE_LIMITS.maxLines,
    selectQuoteBasketRestored: (state) => state.restored,
  },
});

export const { quoteLineAdded, quoteQuantityChanged, quoteLineRemoved, quoteBasketCleared, quoteLinesDescribed, quoteBasketRestored } =
  quoteBasketSlice.actions;
export const { selectQuoteLines, selectQuoteLineCount, selectQuoteBasketFull, selectQuoteBasketRestored } = quoteBasketSlice.selectors;

/** A line's name in a language: that language's if the buyer saw it, else the one they saw. */
export const quoteLineName = (line: QuoteLine, locale: Locale): string => line.names[locale] ?? Object.values(line.names)[0] ?? line.code;
