import styled from 'styled-components';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { normalizedProductCode, type QuoteUnit } from '@site/content/validation';
import { availabilityLine } from '@site/contracts/stock-text';
import { useAppSelector, useLocale } from '@site/shared-store';
import { selectStockByCode } from './quoteStockSlice';

const Stock = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A line's availability at the branch the buyer chose ("In stock: 40 pieces · Incoming: 500 on 12 December"; each
 * location named for the Saudi associate, which holds none); nothing while it is not known, or when the ERP never
 * named the part there (never "0").
 */
export function LineAvailability({ code, unit, branch }: { code: string; unit: QuoteUnit; branch: string }) {
  const locale = useLocale();
  const quantities = useQuantityTexts();
  const locations = useAppSelector(selectStockByCode)[normalizedProductCode(code)];
  if (locations === undefined) return null;
  const text = availabilityLine(locations, branch, locale, (count) => quantities.quantity(count, unit));
  return text === '' ? null : <Stock data-testid={`quote-stock-${code}`}>{text}</Stock>;
}
