import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { QUOTE_LIMITS, readPastedList } from '@site/content/validation';
import { quoteLineAdded, selectQuoteLines, useAppDispatch, useAppSelector, useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';
import { Ltr } from '../i18n/Ltr';
import { FormField } from '../form-parts/FormParts';
import { matchPastedList, pastedLine, splitByRoom, type PastedAddition, type PastedListResult } from './pastedList';
import { lookupQuoteProducts } from './quoteProductsSlice';
import { EMPTY_LOOKED_UP, type LookedUp } from './lookedUp';

const Box = styled.form`
  display: grid;
  gap: 12px;
  margin-block-start: 24px;
  textarea { font-family: monospace; }
  ul { margin-block: 4px 0; padding-inline-start: 1.25em; }
  [role='status'] p { margin-block: 4px; font-weight: 600; }
`;

const Actions = styled.div`
  > button { justify-self: start; }
`;

/** What the last "Add from list" did, or why it could not run. */
type PasteOutcome =
  | { type: 'none' }
  /** Its products are being looked up. */
  | { type: 'matching' }
  | { type: 'unavailable' }
  | { type: 'empty' }
  /** `overLimit`: recognised, but new products past the basket's QUOTE_LIMITS.maxLines: not added. */
  | ({ type: 'read'; overLimit: PastedAddition[] } & PastedListResult);

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

export function PasteList() {
  const text = useText();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const quantityTexts = useQuantityTexts();
  const lines = useAppSelector(selectQuoteLines);
  const [pasted, setPasted] = useState('');
  const [outcome, setOutcome] = useState<PasteOutcome>({ type: 'none' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.type === 'matching') return;
    const { entries } = readPastedList(pasted);
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
    const result = matchPastedList(pasted, lookedUp);
    if (result.accepted.length + result.unrecognised.length + result.withdrawn.length + result.refused.length === 0) return setOutcome({ type: 'empty' });
    // the basket takes at most QUOTE_LIMITS.maxLines lines: what does not fit is said, never counted as added
    const { fit, overLimit } = splitByRoom(result.accepted, new Set(lines.map((line) => line.code)));
    for (const { product, variant, quantity } of fit) {
      const { id, productCategoryId, image, productName } = product;
      const { code, unit, label } = variant;
      dispatch(quoteLineAdded({ productId: id, code, productCategoryId, image, unit, quantity, locale, name: productName, label }));
    }
    // what was added is in the basket now: the box keeps only what still needs the buyer's eye
    setPasted([...result.unrecognised, ...result.withdrawn, ...result.refused.map((line) => line.text), ...overLimit.map(pastedLine)].join('\n'));
    setOutcome({ type: 'read', ...result, accepted: fit, overLimit });
  };

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
            <PastedLines heading={text('contact.quote.paste.withdrawn')} lines={outcome.withdrawn} />
            {outcome.refused.length > 0 ? (
              <>
                <p>{text('contact.quote.paste.refused')}</p>
                <ul>
                  {outcome.refused.map((line, index) => (
                    <li key={index}>
                      <Ltr>{line.text}</Ltr>
                      {': '}
                      {quantityTexts.problem(line.problem, line.variant.unit, QUOTE_LIMITS.maxQuantity)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
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
    }
  };

  return (
    <Box noValidate onSubmit={(event) => void onSubmit(event)} aria-label={text('contact.quote.paste.label')}>
      <FormField id="quote-paste" label={text('contact.quote.paste.label')} hint={text('contact.quote.paste.hint')}>
        {(control) => (
          <textarea
            {...control}
            name="pastedList"
            dir="ltr"
            rows={5}
            value={pasted}
            maxLength={QUOTE_LIMITS.pasteCharacters}
            onChange={(event) => setPasted(event.target.value)}
          />
        )}
      </FormField>
      <Actions>
        <Button type="submit" $variant="secondary">
          {text('contact.quote.paste.add')}
        </Button>
      </Actions>
      <div role="status">{outcomeView()}</div>
    </Box>
  );
}
