import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Modal } from '@site/shared-ui';
import { useState } from 'react';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { quoteLineName, selectQuoteLines, useAppSelector, useLocale, type QuoteLine } from '@site/shared-store';
import { readQuoteBranch } from '@site/shared-store/quote-branch';
import { placedAvailabilityLine } from '@site/contracts/stock-text';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import { siteRouteUrl } from '@site/contracts/routes';
import { useText } from '../../i18n/useText';
import { useBasketStock } from './useBasketStock';

const Lines = styled.ul`
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    justify-content: space-between;
    gap: 16px;
    padding: 8px 0;
    border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Stock = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Quantity = styled.span`
  flex: none;
  font-weight: 600;
`;

const Action = styled(Link)`
  display: inline-block;
  padding: 10px 18px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.brand};
  &:hover { background: ${({ theme }) => theme.colors.brandDark}; }
`;

/**
 * The header's basket panel: the lines, each with its stock at the branch the buyer chose on the request page (Dubai
 * until one is chosen), and the way to the request page (loaded when the button is first used).
 */
export function QuoteBasketPanel({ onClose }: { onClose: () => void }) {
  const text = useText();
  const locale = useLocale();
  const quantities = useQuantityTexts();
  const lines = useAppSelector(selectQuoteLines);
  // read as the panel opens: the request page may have changed it since the page loaded
  const [branch] = useState(readQuoteBranch);
  const stock = useBasketStock(lines.map((line) => line.code));
  const availabilityOf = (line: QuoteLine): string => {
    const locations = stock?.[line.code];
    return locations === undefined
      ? ''
      : placedAvailabilityLine(locations, branch, locale, (count) => quantities.quantity(count, line.unit));
  };
  return (
    <Modal open onClose={onClose} title={text('quoteBasket.title')} closeLabel={text('ui.close')} maxWidth={480}>
      {lines.length === 0 ? (
        <>
          <p>{text('quoteBasket.empty')}</p>
          <p>
            <Link to={siteRouteUrl('our-products')} onClick={onClose}>
              {text('quoteBasket.browse')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <Lines>
            {lines.map((line) => {
              const availability = availabilityOf(line);
              return (
                <li key={line.code}>
                  {/* the name and the size or type: two sizes of one product are two lines */}
                  <span>
                    {quoteLineName(line, locale)}
                    {availability === '' ? null : (
                      <Stock data-testid={`basket-stock-${line.code}`}>{availability}</Stock>
                    )}
                  </span>
                  <Quantity>{quantities.quantity(line.quantity, line.unit)}</Quantity>
                </li>
              );
            })}
          </Lines>
          <Action to={QUOTE_REQUEST_PATH} onClick={onClose}>
            {text('quoteBasket.request')}
          </Action>
        </>
      )}
    </Modal>
  );
}
