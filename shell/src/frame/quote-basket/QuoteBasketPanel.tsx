import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Modal } from '@site/shared-ui';
import { useState } from 'react';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { useQuantityWords } from '@site/shared-ui/quantity-words';
import { usePackNote } from '@site/shared-ui/packs';
import { quoteLineName, selectQuoteLines, useAppSelector, useLocale, type QuoteLine } from '@site/shared-store';
import { readQuoteBranch } from '@site/shared-store/quote-branch';
import { placedAvailabilityLine } from '@site/contracts/stock-text';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import { siteRouteUrl } from '@site/contracts/routes';
import { useText } from '../../i18n/useText';
import { useBasketFacts } from './useBasketFacts';

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
  text-align: end;
`;

/** Under the quantity: the size's pack, when the quantity is not whole packs of it (the request still goes as typed). */
const PackNote = styled.span`
  display: block;
  max-inline-size: 14rem;
  font-size: 0.875rem;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
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
  useQuantityWords();
  const quantities = useQuantityTexts();
  const lines = useAppSelector(selectQuoteLines);
  // read as the panel opens: the request page may have changed it since the page loaded
  const [branch] = useState(readQuoteBranch);
  const { stock, packs } = useBasketFacts(lines.map((line) => line.code));
  const packNote = usePackNote();
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
              const note = packNote(line.quantity, packs?.[line.code]);
              return (
                <li key={line.code}>
                  {/* the name and the size or type: two sizes of one product are two lines */}
                  <span>
                    {quoteLineName(line, locale)}
                    {availability === '' ? null : (
                      <Stock data-testid={`basket-stock-${line.code}`}>{availability}</Stock>
                    )}
                  </span>
                  <Quantity>
                    {/* an element of its own: the quantity reads alone, whether or not the pack's note has come */}
                    <span>{quantities.quantity(line.quantity, line.unit)}</span>
                    {note === null ? null : <PackNote data-testid={`basket-pack-${line.code}`}>{note}</PackNote>}
                  </Quantity>
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
