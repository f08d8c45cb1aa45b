import { useHref, useLocation } from 'react-router-dom';
import { useLocale } from '@site/shared-store';
import { currencyChoiceHref, type DisplayCurrency } from '@site/contracts/display-currency';
import { useText } from '../i18n/useText';

/**
 * "Indicative price in OMR: the quotation confirms it.", the one way to the server's currency page (/currency, back to
 * this page): a plain link, drawn by the server inside an element the page has anyway, so the first view gains one
 * element and no script of its own (docs/decisions/044-buyer-currency-indicative-and-cached-per-currency.md).
 */
export function CurrencyNote({ currency = 'AED' }: { currency?: DisplayCurrency | undefined }) {
  const text = useText();
  const arabic = useLocale() === 'ar';
  const { pathname, search } = useLocation();
  // the page's own address, its edition's base ('/ar') included
  const back = useHref(pathname + search);
  return <a href={currencyChoiceHref(arabic, back)}>{text('catalogue.currency.note', { currency })}</a>;
}
