import { lazy, startTransition, Suspense, useState } from 'react';
import styled from 'styled-components';
import { IconButton } from '@site/shared-ui';
import { selectQuoteLineCount, useAppSelector } from '@site/shared-store';
import { useText } from '../../i18n/useText';
import { earlyControl } from '@site/contracts/dom-ids';

const loadPanel = () => import('./QuoteBasketPanel');
const QuoteBasketPanel = lazy(() => loadPanel().then((module) => ({ default: module.QuoteBasketPanel })));

/**
 * Starts fetching the panel's code when the visitor is about to open it (pointer over, pressing, or focus), not
 * earlier: every page's first load would carry it (the bar: the basket adds at most 3 KB gzip to /home).
 */
export function preloadQuoteBasketPanel(): void {
  void loadPanel();
}

/**
 * The basket's icon (a clipboard with lines), drawn here rather than in shared-ui's icons: every remote bundles that
 * module whole, so an icon added there is paid for again in each remote chunk /home downloads (the basket's 3 KB allowance).
 */
function QuoteListIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="M9 4H5v17h14V4h-4M9 3h6v3H9zm0 8h6m-6 4h6" />
    </svg>
  );
}

const Button = styled(IconButton)`
  position: relative;
`;

/**
 * The count, absolutely placed over the icon's corner: it takes no room in the header, so its appearing after the
 * stored basket is read (persistQuoteBasket, after hydration) moves nothing. Hidden (not removed) when empty.
 */
const Badge = styled.span<{ $empty: boolean }>`
  position: absolute;
  top: 2px;
  inset-inline-end: 0;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  color: ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.brand};
  visibility: ${({ $empty }) => ($empty ? 'hidden' : 'visible')};
`;

/** The header's quote basket: a button with the number of products, opening the basket's panel. */
export function QuoteBasketButton() {
  const text = useText();
  const count = useAppSelector(selectQuoteLineCount);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        aria-label={text('header.quoteBasket', { count })}
        aria-haspopup="dialog"
        {...earlyControl('frame')}
        onPointerEnter={preloadQuoteBasketPanel}
        onPointerDown={preloadQuoteBasketPanel}
        onFocus={preloadQuoteBasketPanel}
        onClick={() => startTransition(() => setOpen(true))}
      >
        <QuoteListIcon />
        {/* The button's name says the count; the badge repeats it for the eye only. */}
        <Badge aria-hidden="true" $empty={count === 0} data-testid="quote-basket-count">
          {count}
        </Badge>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <QuoteBasketPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
