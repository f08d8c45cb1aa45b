import { useState } from 'react';
import { Button } from '@site/shared-ui';
import type { QuotationPart } from '@site/contracts/quotations-api';
import { failureOf } from '../api/staffBaseQuery';
import { FindRow, FoundList } from '../ui/FindRow';
import { useLazyQuotationPartsQuery } from './quotationApi';

/** How a part reads in the list of those found: code, name, price (or on request), stock. */
const partText = (part: QuotationPart, currency: string) =>
  [
    part.code,
    part.description,
    part.onRequest ? 'price on request' : `${part.unitPrice} ${currency}`,
    part.availabilityNote,
  ]
    .filter((text) => text !== '')
    .join(' · ');

interface AddPartProps {
  quotationId: number;
  currency: string;
  disabled: boolean;
  /** Puts the part at the end of the lines (unsaved, as a line typed in). */
  onAdd: (part: QuotationPart) => void;
}

/**
 * "Add a catalogue part": a variant code typed is added at once, filled with its name, its price at the quotation's
 * rate and its stock; words of a name (or a code that is not one) list the parts found to pick from. Inside the
 * quotation's form, so Enter here adds rather than saves.
 */
export function AddPart({ quotationId, currency, disabled, onAdd }: AddPartProps) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<QuotationPart[]>([]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [findParts, finding] = useLazyQuotationPartsQuery();

  const add = (part: QuotationPart) => {
    onAdd(part);
    setText('');
    setFound([]);
    setMessage({
      error: false,
      text: `Added ${part.code} as the last line${part.onRequest ? ': the catalogue prices it on request, type its unit price' : ''}. Save the draft to keep it.`,
    });
  };
  const find = async () => {
    const typed = text.trim();
    setMessage(null);
    setFound([]);
    if (typed === '') {
      setMessage({ error: true, text: 'Type a variant code, such as HEX-CW-20S, or words of a product’s name.' });
      return;
    }
    try {
      const answer = await findParts({ id: quotationId, q: typed }).unwrap();
      if (answer.exact !== null) return add(answer.exact);
      setFound(answer.parts);
      setMessage({
        error: true,
        text:
          answer.parts.length === 0
            ? `No part of the catalogue has the code “${typed}”, and no product’s name holds it.`
            : `“${typed}” is not a variant code: pick the part from those found below.`,
      });
    } catch (failure) {
      setMessage({ error: true, text: failureOf(failure).message });
    }
  };

  return (
    <div role="group" aria-labelledby="add-part-heading">
      <h3 id="add-part-heading">Add a catalogue part</h3>
      <FindRow
        label="Variant code or name"
        hint="A code adds its part at once, priced at this quotation’s rate; words of a name list the parts to pick from."
        error={message?.error ? message.text : undefined}
        name="partCode"
        dir="ltr"
        value={text}
        onChange={setText}
        onFind={() => void find()}
        action="Add part"
        busy={finding.isFetching}
        disabled={disabled}
      />
      {found.length === 0 ? null : (
        <FoundList aria-label="Parts found">
          {found.map((part) => (
            <li key={part.code}>
              <Button type="button" $variant="secondary" onClick={() => add(part)}>
                Add {part.code}
              </Button>{' '}
              {partText(part, currency)}
            </li>
          ))}
        </FoundList>
      )}
      <p role="status">{message !== null && !message.error ? message.text : ''}</p>
    </div>
  );
}
