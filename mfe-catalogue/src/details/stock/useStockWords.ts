import { useLocale } from '@site/shared-store';
import type { StockDisplay } from '@site/contracts/stock-api';
import { useVariantText } from '../variants/i18n/variantText';
import type { StockWords } from './stockText';

/** The words the stock texts are written with, in the page's language. */
export function useStockWords(display: StockDisplay): StockWords {
  return { locale: useLocale(), text: useVariantText(), display };
}
