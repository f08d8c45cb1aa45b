import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Modal } from '@site/shared-ui';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { quoteLineName, selectQuoteLines, useAppSelector, useLocale } from '@site/shared-store';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import { siteRouteUrl } from '@site/contracts/routes';
import { useText } from '../../i18n/useText';

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

/** The header's basket panel: the lines and the way to the request page (loaded when the button is first used). */
export function QuoteBasketPanel({ onClose }: { onClose: () => void }) {
  const text = useText();
  const locale = useLocale();
  const quantities = useQuantityTexts();
  const lines = useAppSelector(selectQuoteLines);
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
            {lines.map((line) => (
              <li key={line.code}>
                {/* the name and the size or type: two sizes of one product are two lines */}
                <span>{quoteLineName(line, locale)}</span>
                <Quantity>{quantities.quantity(line.quantity, line.unit)}</Quantity>
              </li>
            ))}
          </Lines>
          <Action to={QUOTE_REQUEST_PATH} onClick={onClose}>
            {text('quoteBasket.request')}
          </Action>
        </>
      )}
    </Modal>
  );
}
