import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { QUOTATION_LIMITS, type CopiedQuotation, type CopySource } from '@site/contracts/quotations-api';
import { failureOf } from '../api/staffBaseQuery';
import { formatDateTime } from '../ui/format';
import { FindRow, FoundList } from '../ui/FindRow';
import { Actions } from '../ui/StaffField';
import { newLineKey, type LineDraft } from './lineDraft';
import { useLazyCopiedQuotationQuery, useLazyCopySourcesQuery } from './quotationApi';

const Picked = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  h4 { margin: 0; }
  ul { margin: 0; padding-inline-start: 20px; }
  label { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; }
`;

/** How a quotation found reads: its buyer, request, when it was sent, its lines and total. */
const sourceText = (source: CopySource) =>
  `${source.buyerCompany} · ${source.requestReference} · sent ${formatDateTime(source.sentAt)} · ${source.lineCount} line${source.lineCount === 1 ? '' : 's'} · ${source.total} ${source.currency}`;

/** The copied lines as the form holds them: at the prices quoted, or at today's catalogue prices where it has one. */
const linesOf = (copied: CopiedQuotation, todaysPrices: boolean): LineDraft[] =>
  copied.lines.map((line) => ({
    key: newLineKey(),
    code: line.code ?? '',
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: todaysPrices && line.cataloguePrice !== null ? line.cataloguePrice : line.unitPrice,
    discountPercent: line.discountPercent,
    availabilityNote: line.availabilityNote,
    availabilityNow: line.code === null ? undefined : line.availabilityNote,
    lineNote: '',
  }));

interface CopyQuotationProps {
  quotationId: number;
  branch: string;
  /** The lines the draft holds now (the limit counts them). */
  lineCount: number;
  /** Puts the copied lines after the draft's, or in their place (unsaved, as lines typed in). */
  onCopy: (lines: LineDraft[], mode: 'add' | 'replace') => void;
}

/**
 * "Copy a previous quotation": the branch's sent quotations found by number or buyer company; one picked shows how its
 * prices compare with today's catalogue, in words, and its lines go after the draft's or in their place, at the prices
 * quoted or today's. Inside the quotation's form, so Enter here finds rather than saves.
 */
export function CopyQuotation({ quotationId, branch, lineCount, onCopy }: CopyQuotationProps) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<CopySource[] | null>(null);
  const [picked, setPicked] = useState<CopiedQuotation | null>(null);
  const [todaysPrices, setTodaysPrices] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  /** What the check of the lines last copied found, kept in sight while they are edited. */
  const [checked, setChecked] = useState<{ number: string; checks: string[] } | null>(null);
  const [findSources, finding] = useLazyCopySourcesQuery();
  const [readCopy, reading] = useLazyCopiedQuotationQuery();

  const find = async () => {
    setMessage(null);
    setPicked(null);
    setChecked(null);
    try {
      const answer = await findSources({ id: quotationId, q: text.trim() }).unwrap();
      setFound(answer.quotations);
      if (answer.quotations.length === 0)
        setMessage({
          error: false,
          text:
            text.trim() === ''
              ? `The ${branch} branch has sent no quotation yet.`
              : `No quotation the ${branch} branch sent has a number or buyer company holding “${text.trim()}”.`,
        });
    } catch (failure) {
      setMessage({ error: true, text: failureOf(failure).message });
    }
  };
  const pick = async (source: CopySource) => {
    setMessage(null);
    try {
      const copied = await readCopy({ id: quotationId, sourceId: source.id }).unwrap();
      setPicked(copied);
      setTodaysPrices(false);
    } catch (failure) {
      setMessage({ error: true, text: failureOf(failure).message });
    }
  };
  const copy = (copied: CopiedQuotation, mode: 'add' | 'replace') => {
    const count = copied.lines.length;
    if (mode === 'add' && lineCount + count > QUOTATION_LIMITS.lines) {
      setMessage({
        error: true,
        text: `This draft holds ${lineCount} lines: ${count} more would pass the ${QUOTATION_LIMITS.lines} a quotation holds. Replace its lines instead, or remove some first.`,
      });
      return;
    }
    onCopy(linesOf(copied, todaysPrices), mode);
    setPicked(null);
    setFound(null);
    setText('');
    const checks = copied.lines.map((line) => line.priceCheck).filter((check) => check !== '');
    setChecked(checks.length === 0 ? null : { number: copied.source.number, checks });
    setMessage({
      error: false,
      text: `Copied ${count} line${count === 1 ? '' : 's'} of ${copied.source.number} ${mode === 'add' ? 'after this draft’s' : 'in place of this draft’s'}, at ${todaysPrices ? 'today’s catalogue prices where it has one' : 'the prices quoted'}${checks.length === 0 ? '' : ', with the price checks below'}. Save the draft to keep them.`,
    });
  };
  const differing = picked?.lines.filter(
    (line) => line.cataloguePrice !== null && line.cataloguePrice !== line.unitPrice,
  );

  return (
    <div role="group" aria-labelledby="copy-quotation-heading">
      <h3 id="copy-quotation-heading">Copy a previous quotation</h3>
      <FindRow
        label="Quotation number or buyer company"
        hint={`A quotation the ${branch} branch sent: its lines (code, description, unit, quantity, price, discount) come into this draft, each price checked against today’s catalogue.`}
        error={message?.error ? message.text : undefined}
        name="copyFrom"
        value={text}
        onChange={setText}
        onFind={() => void find()}
        action="Find quotations"
        busy={finding.isFetching}
      />
      {found === null || found.length === 0 ? null : (
        <FoundList aria-label="Quotations found">
          {found.map((source) => (
            <li key={source.id}>
              <Button
                type="button"
                $variant="secondary"
                disabled={reading.isFetching}
                onClick={() => void pick(source)}
              >
                Copy {source.number}
              </Button>{' '}
              {sourceText(source)}
            </li>
          ))}
        </FoundList>
      )}
      {picked === null ? null : (
        <Picked role="group" aria-labelledby="copy-picked-heading">
          <h4 id="copy-picked-heading">
            {picked.source.number}: {picked.lines.length} line{picked.lines.length === 1 ? '' : 's'} to copy
          </h4>
          {picked.lines.some((line) => line.priceCheck !== '') ? (
            <ul aria-label="Price checks">
              {picked.lines
                .filter((line) => line.priceCheck !== '')
                .map((line, index) => (
                  // a check is about one line (the same words twice are two lines): the list is rebuilt whole
                  <li key={index}>{line.priceCheck}</li>
                ))}
            </ul>
          ) : (
            <p>Every price quoted is the catalogue’s price today.</p>
          )}
          {differing === undefined || differing.length === 0 ? null : (
            <label>
              <input
                type="checkbox"
                checked={todaysPrices}
                onChange={(event) => setTodaysPrices(event.target.checked)}
              />
              Use today’s catalogue prices where they differ ({differing.length} line{differing.length === 1 ? '' : 's'}
              )
            </label>
          )}
          <Actions>
            <Button type="button" onClick={() => copy(picked, 'add')}>
              Add its lines after this draft’s
            </Button>
            <Button type="button" $variant="secondary" onClick={() => copy(picked, 'replace')}>
              Replace this draft’s lines with its lines
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setPicked(null)}>
              Cancel
            </Button>
          </Actions>
        </Picked>
      )}
      <p role="status">{message !== null && !message.error ? message.text : ''}</p>
      {checked === null ? null : (
        <ul aria-label={`Price checks of the lines copied from ${checked.number}`}>
          {checked.checks.map((check, index) => (
            // one per line copied, in their order: the list is replaced whole by the next copy
            <li key={index}>{check}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
