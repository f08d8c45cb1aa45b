import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, useHydrated } from '@site/shared-ui';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { QUOTE_LIMITS, readPastedList, type QuantityProblem, type QuoteUnit } from '@site/content/validation';
import { QUOTE_LIST_PARAM, type PastedListProblems, type PASTED_LIST_FIELD } from '@site/contracts/quote-api';
import { useLocation, useNavigate } from 'react-router-dom';
import { earlyControl } from '@site/contracts/dom-ids';
import {
  quoteLineAdded,
  selectQuoteBasketRestored,
  selectQuoteLines,
  useAppDispatch,
  useAppSelector,
  useLocale,
} from '@site/shared-store';
import { useText } from '../i18n/useText';
import { Ltr } from '../i18n/Ltr';
import { FormField } from '../form-parts/FormParts';
import {
  matchPastedList,
  pastedLine,
  splitByRoom,
  withSuccessor,
  type PastedAddition,
  type PastedListResult,
  type Successor,
  type WithdrawnPastedLine,
} from './pastedList';
import { lookupQuoteProducts } from './quoteProductsSlice';
import { EMPTY_LOOKED_UP, type LookedUp } from './lookedUp';
import { QUOTE_FORM_ID } from './QuoteForm';

const Box = styled.form`
  display: grid;
  gap: 12px;
  margin-block-start: 24px;
  textarea { font-family: monospace; }
  ul { margin-block: 4px 0; padding-inline-start: 1.25em; }
  [role='status'] p { margin-block: 4px; font-weight: 600; }
`;

const SuccessorOffer = styled.span`
  display: block;
  margin-block: 4px;
`;

const Actions = styled.div`
  > button { justify-self: start; }
  /* without scripts the list is sent with the request form (its box belongs to it): adding needs the scripts */
  @media (scripting: none) { display: none; }
`;

/** What the last "Add from list" did, or why it could not run. */
type PasteOutcome =
  | { type: 'none' }
  /** Its products are being looked up. */
  | { type: 'matching' }
  | { type: 'unavailable' }
  | { type: 'empty' }
  /** `overLimit`: recognised, but new products past the basket's QUOTE_LIMITS.maxLines: not added. */
  | ({ type: 'read'; overLimit: PastedAddition[] } & PastedListResult)
  /** The lines of a list posted with the request form (without the scripts) that the server could not send. */
  | ({ type: 'posted' } & PastedListProblems);

/** A line whose quantity was not accepted, as the outcome names it. */
interface RefusedLine {
  text: string;
  unit: QuoteUnit;
  problem: QuantityProblem;
}

/**
 * "Paste a list": lines of "code quantity" matched to the catalogue (the codes' products looked up on the server, the
 * catalogue never downloaded); what is recognised goes into the basket.
 */
/** A heading and the pasted lines it is about, as typed (none: nothing drawn). */
function PastedLines({ heading, lines }: { heading: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <p>{heading}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>
            <Ltr>{line}</Ltr>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The lines naming a withdrawn part, each with its successors to add in its place (their related parts' word). */
function WithdrawnLines({
  lines,
  onReplace,
}: {
  lines: readonly WithdrawnPastedLine[];
  onReplace: (line: WithdrawnPastedLine, successor: Successor) => void;
}) {
  const text = useText();
  if (lines.length === 0) return null;
  return (
    <>
      <p>{text('contact.quote.paste.withdrawn')}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>
            <Ltr>{line.text}</Ltr>
            {line.successors.map((successor) => (
              <SuccessorOffer key={successor.code}>
                {text('contact.quote.paste.successor', { name: successor.productName })}{' '}
                <Button type="button" $variant="secondary" onClick={() => onReplace(line, successor)}>
                  {text('contact.quote.paste.addSuccessor', { code: successor.code })}
                </Button>
              </SuccessorOffer>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The lines whose quantity was not accepted, each with why. */
function RefusedLines({ lines }: { lines: readonly RefusedLine[] }) {
  const text = useText();
  const quantityTexts = useQuantityTexts();
  if (lines.length === 0) return null;
  return (
    <>
      <p>{text('contact.quote.paste.refused')}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>
            <Ltr>{line.text}</Ltr>
            {': '}
            {quantityTexts.problem(line.problem, line.unit, QUOTE_LIMITS.maxQuantity)}
          </li>
        ))}
      </ul>
    </>
  );
}

export interface PasteListProps {
  /**
   * A list posted with the request form that the server did not send (the page drawn in answer): the box shows it as
   * posted, and what of it could not be sent. Once the page has started and the basket is read, its lines are added
   * as "Add from list" adds them: the scripted form sends the basket.
   */
  posted?: { pastedList: string; list: PastedListProblems | null };
}

/** The box's name: the request form's field a plain post carries the lines in (PASTED_LIST_FIELD). */
const PASTED_LIST_NAME: typeof PASTED_LIST_FIELD = 'pastedList';

export function PasteList({ posted }: PasteListProps) {
  const text = useText();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectQuoteLines);
  const restored = useAppSelector(selectQuoteBasketRestored);
  const hydrated = useHydrated();
  const [pasted, setPasted] = useState(posted?.pastedList ?? '');
  const [outcome, setOutcome] = useState<PasteOutcome>(
    posted?.list ? { type: 'posted', ...posted.list } : { type: 'none' },
  );
  const box = useRef<HTMLTextAreaElement>(null);
  // a list typed before the page's scripts started is taken in (see useFormValues), once, before any later render
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== pasted) setPasted(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const addFromList = async (list: string) => {
    const { entries } = readPastedList(list);
    let lookedUp: LookedUp = EMPTY_LOOKED_UP;
    if (entries.length > 0) {
      setOutcome({ type: 'matching' });
      try {
        // a withdrawn variant's or product's code is named as no longer available: it cannot be quoted
        lookedUp = await dispatch(lookupQuoteProducts(entries.map((entry) => entry.code))).unwrap();
      } catch {
        return setOutcome({ type: 'unavailable' });
      }
    }
    const result = matchPastedList(list, lookedUp);
    if (result.accepted.length + result.unrecognised.length + result.withdrawn.length + result.refused.length === 0)
      return setOutcome({ type: 'empty' });
    // the basket takes at most QUOTE_LIMITS.maxLines lines: what does not fit is said, never counted as added
    const { fit, overLimit } = splitByRoom(result.accepted, new Set(lines.map((line) => line.code)));
    for (const { product, variant, quantity } of fit) {
      const { id, productCategoryId, image, productName } = product;
      const { code, unit, label } = variant;
      dispatch(
        quoteLineAdded({
          productId: id,
          code,
          productCategoryId,
          image,
          unit,
          quantity,
          locale,
          name: productName,
          label,
        }),
      );
    }
    // what was added is in the basket now: the box keeps only what still needs the buyer's eye
    setPasted(
      [
        ...result.unrecognised,
        ...result.withdrawn.map((line) => line.text),
        ...result.refused.map((line) => line.text),
        ...overLimit.map(pastedLine),
      ].join('\n'),
    );
    setOutcome({ type: 'read', ...result, accepted: fit, overLimit });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.type === 'matching') return;
    // the box as it is (a tap kept before the page started is handed on before the box's text is in this state)
    void addFromList(box.current?.value ?? pasted);
  };

  // a list the address names (the buyer's account's "Request again": QUOTE_LIST_PARAM) is added as "Add from list"
  // adds, once the page has started and the basket is read; the address then loses it, so a reload adds nothing twice
  const address = useLocation();
  const navigate = useNavigate();
  const listed = useRef(new URLSearchParams(address.search).get(QUOTE_LIST_PARAM));
  useEffect(() => {
    if (listed.current === null || !restored || !hydrated) return;
    const list = listed.current;
    listed.current = null;
    const params = new URLSearchParams(address.search);
    params.delete(QUOTE_LIST_PARAM);
    const rest = params.toString();
    void navigate(
      { pathname: address.pathname, search: rest === '' ? '' : `?${rest}`, hash: address.hash },
      { replace: true },
    );
    // what of it cannot be added is left in the box once matched
    void addFromList(list.slice(0, QUOTE_LIMITS.pasteCharacters));
    // once, when the basket is there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, hydrated]);

  // a posted list's lines join the basket once it is read (before, they would be written over by the stored basket)
  const postedAdded = useRef(posted === undefined || posted.pastedList.trim() === '');
  useEffect(() => {
    if (postedAdded.current || !restored || !hydrated) return;
    postedAdded.current = true;
    void addFromList(box.current?.value ?? pasted);
    // once, when the basket is there: the list as the box has it then
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, hydrated]);

  const outcomeView = () => {
    switch (outcome.type) {
      case 'none':
        return null;
      case 'matching':
        return <p>{text('contact.quote.paste.matching')}</p>;
      case 'unavailable':
        return <p>{text('contact.quote.paste.unavailable')}</p>;
      case 'empty':
        return <p>{text('contact.quote.paste.empty')}</p>;
      case 'read':
        return (
          <>
            <p>{text('contact.quote.paste.added', { count: outcome.accepted.length })}</p>
            <PastedLines heading={text('contact.quote.paste.notRecognised')} lines={outcome.unrecognised} />
            <WithdrawnLines
              lines={outcome.withdrawn}
              onReplace={(line, successor) =>
                void addFromList(withSuccessor(box.current?.value ?? pasted, line, successor))
              }
            />
            <RefusedLines
              lines={outcome.refused.map(({ text: line, variant, problem }) => ({
                text: line,
                unit: variant.unit,
                problem,
              }))}
            />
            {outcome.overLimit.length > 0 ? (
              <>
                <p>{text('contact.quote.paste.full', { max: QUOTE_LIMITS.maxLines })}</p>
                <ul>
                  {outcome.overLimit.map((addition) => (
                    <li key={addition.variant.code}>
                      <Ltr>{pastedLine(addition)}</Ltr>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        );
      case 'posted':
        return (
          <>
            <PastedLines heading={text('contact.quote.paste.notRecognised')} lines={outcome.unrecognised} />
            <RefusedLines lines={outcome.refused} />
            <PastedLines
              heading={text('contact.quote.paste.full', { max: QUOTE_LIMITS.maxLines })}
              lines={outcome.overLimit}
            />
          </>
        );
    }
  };

  return (
    <Box noValidate onSubmit={onSubmit} aria-label={text('contact.quote.paste.label')}>
      <FormField id="quote-paste" label={text('contact.quote.paste.label')} hint={text('contact.quote.paste.hint')}>
        {(control) => (
          <textarea
            {...control}
            ref={box}
            name={PASTED_LIST_NAME}
            form={QUOTE_FORM_ID}
            dir="ltr"
            rows={5}
            value={pasted}
            maxLength={QUOTE_LIMITS.pasteCharacters}
            onChange={(event) => setPasted(event.target.value)}
          />
        )}
      </FormField>
      <Actions>
        {/* a tap before the page has started is kept and handed on (contracts/src/domIds.ts) */}
        <Button type="submit" $variant="secondary" {...earlyControl('page')}>
          {text('contact.quote.paste.add')}
        </Button>
      </Actions>
      <div role="status">{outcomeView()}</div>
    </Box>
  );
}
