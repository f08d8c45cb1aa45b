import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, useHydrated, VisuallyHidden } from '@site/shared-ui';
import { QuantityField, useQuantityTexts } from '@site/shared-ui/quantity';
import { parseQuantity, QUOTE_LIMITS, type QuantityProblem, type QuoteUnit } from '@site/content/validation';
import {
  quoteLineAdded,
  selectQuoteBasketFull,
  selectQuoteLines,
  useAppDispatch,
  useAppSelector,
  useLocale,
} from '@site/shared-store';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import { earlyControl } from '@site/contracts/dom-ids';
import { Rich } from '../i18n/Rich';
import { useText } from '../i18n/useText';

/** What the basket keeps of a product's variant (from products.json; the name in the page's language). */
export interface QuoteProduct {
  id: string;
  /** The variant's code: the product's own code is its first variant's (docs/decisions/034-orderable-variants.md). */
  code: string;
  /** The variant's label in the page's language; left out where it is not known (a listing's card). */
  label?: string;
  productCategoryId: string;
  image: string;
  unit: QuoteUnit;
  name: string;
}

export interface AddToQuoteProps {
  product: QuoteProduct;
  /** A listing card's form: the label hidden, the button named after the product (several on one page). */
  compact?: boolean;
  /** What a compact form's field and button are named after, where not the product's name (a variant's code). */
  namedAs?: string;
  className?: string;
}

const Form = styled.form<{ $compact: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $compact }) => ($compact ? 'flex-start' : 'flex-end')};
  gap: 8px 12px;
  /* Its words flow as text, not as a flex row: there the named button's hidden name split 'Add' and 'to quote' into two
     items and the button's gap (8 px) stood between them, a double space. */
  > button { display: block; position: relative; min-block-size: 44px; }
  /* a card's status, drawn once the page has started: no room taken until it says something (nothing moves then) */
  ${({ $compact }) => ($compact ? '> p:empty { position: absolute; }' : '')}
`;

const Status = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: ${({ theme }) => theme.typeScale.sm};
  overflow-wrap: anywhere;
`;

/** The answer to the last try: added (how much), or refused because the basket is full. */
type Outcome = { kind: 'added'; quantity: number } | { kind: 'full' } | null;

/**
 * "Add to quote": a quantity in the product's unit and a button; adding the same variant again adds to its
 * quantity (the basket's slice does it). A refused quantity is shown under the field, which gets the focus.
 */
export function AddToQuote({ product, compact = false, namedAs = product.name, className }: AddToQuoteProps) {
  const text = useText();
  const quantityTexts = useQuantityTexts();
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const full = useAppSelector(selectQuoteBasketFull);
  const inBasket = useAppSelector((state) => selectQuoteLines(state).some((line) => line.code === product.code));
  const fieldId = useId();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState('1');
  const [problem, setProblem] = useState<QuantityProblem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantity(typed, product.unit);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      setOutcome(null);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setProblem(null);
    if (full && !inBasket) {
      setOutcome({ kind: 'full' });
      return;
    }
    const { id, name, ...rest } = product;
    dispatch(quoteLineAdded({ ...rest, productId: id, name, locale, quantity: parsed.quantity }));
    setOutcome({ kind: 'added', quantity: parsed.quantity });
  };

  return (
    <Form $compact={compact} className={className} onSubmit={add} noValidate>
      <QuantityField
        id={fieldId}
        label={compact ? text('catalogue.quote.quantityOf', { name: namedAs }) : text('catalogue.quote.quantity')}
        labelHidden={compact}
        unit={product.unit}
        value={typed}
        problem={problem}
        onChange={(value) => {
          setTyped(value);
          setProblem(null);
        }}
      />
      <Button type="submit" {...earlyControl('page')}>
        {compact ? (
          // 'Add to quote' in sight, 'Add {name} to quote' heard: the name is inside the text, not an aria-label, so the
          // visible words stay part of the accessible name (WCAG 2.5.3 Label in Name).
          <Rich id="catalogue.quote.addNamed" values={{ name: namedAs }} components={{ 0: <VisuallyHidden /> }} />
        ) : (
          text('catalogue.quote.add')
        )}
      </Button>
      {/* In the page before anything is added, so screen readers announce what appears in it. A card's is drawn once
          the page has started (nothing can be added before): on a listing's first view it was one element of each card. */}
      {compact && !hydrated ? null : (
        <Status role="status">
          {outcome?.kind === 'added' ? (
            <>
              {text('catalogue.quote.added', { quantity: quantityTexts.quantity(outcome.quantity, product.unit) })}{' '}
              <Link to={QUOTE_REQUEST_PATH}>{text('catalogue.quote.viewBasket')}</Link>
            </>
          ) : outcome?.kind === 'full' ? (
            text('catalogue.quote.full', { max: QUOTE_LIMITS.maxLines })
          ) : null}
        </Status>
      )}
    </Form>
  );
}
