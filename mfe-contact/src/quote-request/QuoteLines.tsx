import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, useHydrated } from '@site/shared-ui';
import { QuantityField } from '@site/shared-ui/quantity';
import { usePackNote } from '@site/shared-ui/packs';
import { productImagePath } from '@site/content';
import { parseQuantity } from '@site/content/validation';
import { CATEGORIES_PATH } from '@site/contracts/paths';
import {
  quoteBasketCleared,
  quoteLineName,
  quoteLineRemoved,
  quoteQuantityChanged,
  selectQuoteBasketRestored,
  selectQuoteLines,
  useAppDispatch,
  useAppSelector,
  useLocale,
  type QuoteLine,
} from '@site/shared-store';
import { useText } from '../i18n/useText';
import { Ltr } from '../i18n/Ltr';
import { LinesTableHead } from './LinesTableHead';
import { selectLookedUp } from './quoteProductsSlice';
import { lineStatus, packOf } from './lookedUp';
import { LineAvailability } from './stock/LineAvailability';

/**
 * The lines' area keeps one height whatever it holds (nothing, a placeholder, the empty text, 100 lines: it scrolls),
 * so the form beside or below it never moves when the stored basket arrives in the browser.
 */
export const LINES_AREA_HEIGHT = '26rem';

const Area = styled.div`
  block-size: ${LINES_AREA_HEIGHT};
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  /* the basket is the scripts' to read: without them its place would stay empty, the pasted list is the lines */
  @media (scripting: none) { display: none; }
`;

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  caption { text-align: start; font-weight: 700; padding: 12px; }
  th, td { padding: 8px 12px; text-align: start; vertical-align: middle; border-block-start: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-weight: 600; }
  img { display: block; inline-size: 64px; block-size: 48px; object-fit: contain; }
`;

const ProductCell = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

/** Under the quantity: the size's pack, when the quantity is not whole packs of it. */
const PackNote = styled.p`
  margin: 4px 0 0;
  font-size: 0.875rem;
  max-inline-size: 22rem;
`;

/** A withdrawn product's line: said in words, not only by its colour. */
const Unavailable = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
`;

const Empty = styled.div`
  padding: 24px;
  p { margin-block: 0 12px; }
`;

const ClearRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  min-block-size: 56px;
  p { margin: 0; font-weight: 600; }
  @media (scripting: none) { display: none; }
`;

export interface QuoteLinesProps {
  /** The quantity fields' texts by line code, while typed (kept by the page: the form checks them before sending). */
  drafts: Readonly<Record<string, string>>;
  onDraft: (code: string, typed: string) => void;
  /** The branch chosen in the form (a branch name, as sent): each line shows its availability there. */
  branch: string;
}

/**
 * One line: picture, name with the variant's label, code, its quantity field (the basket takes each valid value at once) and
 * remove; a line whose code no longer names a published variant says it is no longer available instead of its quantity
 * (it is not sent with the request). Fields and buttons are named with the label: two sizes of a product are two lines.
 */
function LineRow({
  line,
  draft,
  onDraft,
  withdrawn,
  branch,
  pack,
}: {
  line: QuoteLine;
  draft: string | undefined;
  onDraft: QuoteLinesProps['onDraft'];
  withdrawn: boolean;
  branch: string;
  /** The size's pack quantity, as the catalogue's look-up says. */
  pack: number | undefined;
}) {
  const text = useText();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const name = quoteLineName(line, locale);
  const checked = draft === undefined ? null : parseQuantity(draft, line.unit);
  const packNote = usePackNote()(checked?.ok === true ? checked.quantity : line.quantity, pack);
  const change = (typed: string) => {
    onDraft(line.code, typed);
    const parsed = parseQuantity(typed, line.unit);
    if (parsed.ok) dispatch(quoteQuantityChanged({ code: line.code, quantity: parsed.quantity }));
  };
  return (
    <tr>
      <td>
        <ProductCell>
          {/* decorative: the name beside it says what it shows */}
          <img src={productImagePath(line.image)} alt="" width={64} height={48} loading="lazy" decoding="async" />
          <span>
            <span dir="auto">{name}</span>
            {withdrawn ? null : <LineAvailability code={line.code} unit={line.unit} branch={branch} />}
          </span>
        </ProductCell>
      </td>
      <td>
        <Ltr>{line.code}</Ltr>
      </td>
      <td>
        {withdrawn ? (
          <Unavailable id={`quote-unavailable-${line.code}`}>{text('contact.quote.unavailable')}</Unavailable>
        ) : (
          <QuantityField
            id={`quote-quantity-${line.code}`}
            label={text('contact.quote.quantityOf', { name })}
            labelHidden
            unit={line.unit}
            value={draft ?? String(line.quantity)}
            onChange={change}
            problem={checked === null || checked.ok ? null : checked.problem}
          />
        )}
        {withdrawn || packNote === null ? null : <PackNote id={`quote-pack-${line.code}`}>{packNote}</PackNote>}
      </td>
      <td>
        <Button type="button" $variant="secondary" onClick={() => dispatch(quoteLineRemoved({ code: line.code }))}>
          {text('contact.quote.remove', { name })}
        </Button>
      </td>
    </tr>
  );
}

/** "Clear basket", asking first inline ("Clear" / "Keep"). */
function ClearBasket() {
  const text = useText();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const askedOnce = useRef(false);
  useEffect(() => {
    // focus follows the question, and comes back to "Clear basket" when the buyer keeps the lines
    if (asking) keepButton.current?.focus();
    else if (askedOnce.current) clearButton.current?.focus();
    askedOnce.current ||= asking;
  }, [asking]);
  if (!asking) {
    return (
      <ClearRow>
        <Button ref={clearButton} type="button" $variant="secondary" onClick={() => setAsking(true)}>
          {text('contact.quote.clear')}
        </Button>
      </ClearRow>
    );
  }
  return (
    <ClearRow role="group" aria-labelledby="quote-clear-question">
      <p id="quote-clear-question">{text('contact.quote.clearQuestion')}</p>
      <Button type="button" onClick={() => dispatch(quoteBasketCleared())}>
        {text('contact.quote.clearConfirm')}
      </Button>
      <Button ref={keepButton} type="button" $variant="secondary" onClick={() => setAsking(false)}>
        {text('contact.quote.clearKeep')}
      </Button>
    </ClearRow>
  );
}

/**
 * Whether the stored basket may be drawn: read (persistQuoteBasket) AND this page hydrated. The page hydrates after the
 * shell (it waits for its remote's code), by which time the shell may have read the stored basket: drawing it in the
 * hydrating render would not match the server's HTML (always drawn before the basket is known).
 */
function useBasketShown(): boolean {
  const restored = useAppSelector(selectQuoteBasketRestored);
  const hydrated = useHydrated();
  return restored && hydrated;
}

/** The basket's lines as a table (or the empty text), in an area of fixed height; "Clear basket" under it. */
export function QuoteLines({ drafts, onDraft, branch }: QuoteLinesProps) {
  const text = useText();
  const lines = useAppSelector(selectQuoteLines);
  const lookedUp = useAppSelector(selectLookedUp);
  const restored = useBasketShown();
  let content;
  if (!restored) {
    // the server's page and the first render: the stored basket is not read yet; its place is kept, nothing is said
    content = null;
  } else if (lines.length === 0) {
    content = (
      <Empty>
        <p>{text('contact.quote.empty')}</p>
        <Link to={CATEGORIES_PATH}>{text('contact.quote.browse')}</Link>
      </Empty>
    );
  } else {
    content = (
      <Table>
        <LinesTableHead withRemove />
        <tbody>
          {lines.map((line) => (
            <LineRow
              key={line.code}
              line={line}
              draft={drafts[line.code]}
              onDraft={onDraft}
              withdrawn={lineStatus(line, lookedUp) === 'unavailable'}
              pack={packOf(line, lookedUp)}
              branch={branch}
            />
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <>
      {/* scrollable, so reachable by keyboard and named */}
      <Area tabIndex={0} role="region" aria-label={text('contact.quote.linesCaption')} aria-busy={!restored}>
        {content}
      </Area>
      {restored && lines.length > 0 ? <ClearBasket /> : <ClearRow aria-hidden="true" />}
    </>
  );
}
