import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { BASKET_CONNECT_PATH } from '@site/contracts/basket-api';
import { useLocale } from '@site/shared-store';
import { useText } from '../../i18n/useText';
import { useAccountBasket } from './useAccountBasket';

const Block = styled.div`
  margin-block-start: 16px;
  p { margin-block: 0 8px; }
`;

const Problem = styled.p`
  margin-block: 8px 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
`;

/**
 * Under the basket: whether it is kept in the buyer's account. Not connected (the server's HTML, and any browser
 * without the cookie): a plain link that starts the hand-off on the server, so it works before the scripts do.
 * Connected (known once hydrated, from the cookie): the basket is synced while the page is open, and "Keep it on this
 * device only" ends that.
 */
export function BasketAccount() {
  const text = useText();
  const locale = useLocale();
  const { linked, disconnect: disconnectBasket } = useAccountBasket();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // after "Keep it on this device only" the button is gone: focus goes to what the block now says
  const offer = useRef<HTMLParagraphElement>(null);
  const focusOffer = useRef(false);
  useEffect(() => {
    if (linked || !focusOffer.current) return;
    focusOffer.current = false;
    offer.current?.focus();
  }, [linked]);

  const disconnect = async () => {
    setSending(true);
    setFailed(false);
    focusOffer.current = true;
    const done = await disconnectBasket();
    if (!done) focusOffer.current = false;
    setSending(false);
    setFailed(!done);
  };

  if (!linked) {
    return (
      <Block>
        <p ref={offer} tabIndex={-1}>
          {text('contact.quote.basketAccount.offer')}{' '}
          {/* a navigation to the server (the hand-off), not a route of the page */}
          <a href={locale === 'ar' ? `${BASKET_CONNECT_PATH}?lang=ar` : BASKET_CONNECT_PATH}>
            {text('contact.quote.basketAccount.connect')}
          </a>
        </p>
      </Block>
    );
  }
  return (
    <Block>
      <p>{text('contact.quote.basketAccount.kept')}</p>
      <Button type="button" $variant="secondary" disabled={sending} onClick={() => void disconnect()}>
        {text('contact.quote.basketAccount.disconnect')}
      </Button>
      {failed ? <Problem role="alert">{text('contact.quote.basketAccount.disconnectFailed')}</Problem> : null}
    </Block>
  );
}
