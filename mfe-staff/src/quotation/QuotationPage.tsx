import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import {
  DOCUMENT_LIMITS,
  INCOTERM_NAMES,
  INCOTERMS,
  QUOTATION_LIMITS,
  VAT_COUNTRY_NAMES,
  type Incoterm,
  type Quotation,
  type QuotationPart,
  type QuotationTotals,
} from '@site/contracts/quotations-api';
import type { SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { draftFigures, parsePercent, type LineProblem } from '@site/contracts/quotation-money';
import { failureOf, type StaffFailure } from '../api/staffBaseQuery';
import { formatDateTime } from '../ui/format';
import { Notice } from '../ui/Notice';
import { problemAt } from '../ui/problems';
import { PageHeading } from '../ui/PageHeading';
import { Actions, StaffField } from '../ui/StaffField';
import { staffResource } from '../ui/staffResource';
import {
  useQuotationQuery,
  useReviseQuotationMutation,
  useSaveQuotationMutation,
  useSendQuotationMutation,
} from './quotationApi';
import { PageFacts, PageSection } from '../ui/PageSection';
import { AddPart } from './AddPart';
import { CopyQuotation } from './CopyQuotation';
import { blankLine, draftOf, lineInput, lineOfPart, type LineDraft, type LineField } from './lineDraft';
import { LinesTable, type LineAmounts } from './LinesTable';

const Terms = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
  textarea { width: 100%; }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: 4px 24px;
  margin: 0;
  dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
`;

const Editable = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

/**
 * /staff/quotations/:id: a quotation's draft, edited and saved on the version read, then sent; a sent one, read only,
 * with "Prepare revision" while the buyer can still answer it.
 */
export function QuotationPage() {
  const { id } = useParams();
  const quotationId = /^[1-9]\d{0,14}$/.test(id ?? '') ? Number(id) : undefined;
  if (quotationId === undefined) {
    return (
      <PageContainer>
        <PageHeading title="Quotation not found" />
        <p>
          This address names no quotation. <Link to="/inbox">Back to the inbox</Link>
        </p>
      </PageContainer>
    );
  }
  return <LoadedQuotation key={quotationId} id={quotationId} />;
}

function LoadedQuotation({ id }: { id: number }) {
  const query = useQuotationQuery(id);
  const { resource, retry } = staffResource(query);
  const [saveQuotation, saving] = useSaveQuotationMutation();
  const [sendQuotation, sending] = useSendQuotationMutation();
  const [reviseQuotation, revising] = useReviseQuotationMutation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string; stale?: boolean } | null>(null);
  const [problems, setProblems] = useState<StaffFailure['problems']>([]);
  const quotation = resource.data ?? null;

  if (quotation === null) {
    return (
      <PageContainer>
        <PageHeading title="Quotation" />
        {resource.status === 'failed' ? (
          resource.httpStatus === 404 || resource.httpStatus === 403 ? (
            <Notice tone="error">{resource.error}</Notice>
          ) : (
            <LoadError message={`The quotation could not be loaded. ${resource.error}`} onRetry={retry} />
          )
        ) : (
          <Spinner label="Loading the quotation" />
        )}
      </PageContainer>
    );
  }

  const save = async (body: SaveQuotationBody) => {
    setOutcome(null);
    setProblems([]);
    try {
      await saveQuotation({ id, body }).unwrap();
      setOutcome({ tone: 'success', text: 'The draft is saved.' });
    } catch (failure) {
      const { status, message, problems: found } = failureOf(failure);
      setProblems(found);
      setOutcome({
        tone: 'error',
        text: message,
        stale: status === 409 && quotation.state === 'draft' && /reload/.test(message),
      });
    }
  };
  const fail = (failure: unknown) => {
    const { status, message, problems: found } = failureOf(failure);
    setProblems(found);
    setOutcome({ tone: 'error', text: message, stale: status === 409 && /reload/.test(message) });
  };
  // what was saved is what is sent: unsaved edits are refused here rather than silently left out
  const send = async (dirty: boolean) => {
    setOutcome(null);
    setProblems([]);
    if (dirty) {
      setOutcome({
        tone: 'error',
        text: 'Save the draft before sending it: the buyer gets the quotation as last saved.',
      });
      return;
    }
    try {
      const sent = await sendQuotation({ id, version: quotation.version }).unwrap();
      setOutcome({ tone: 'success', text: `Sent as ${sent.number ?? ''}: mailed to the buyer with its PDF and link.` });
    } catch (failure) {
      fail(failure);
    }
  };
  const revise = async () => {
    setOutcome(null);
    setProblems([]);
    try {
      const draft = await reviseQuotation({ id, version: quotation.version }).unwrap();
      void navigate(`/quotations/${draft.id}`);
    } catch (failure) {
      fail(failure);
    }
  };
  const reload = () => {
    setOutcome(null);
    setProblems([]);
    void query.refetch();
  };

  const title =
    quotation.number === null ? `Quotation draft for ${quotation.requestReference}` : `Quotation ${quotation.number}`;
  return (
    <PageContainer>
      <PageHeading title={title} />
      <p>
        <Link to={`/inbox/quote/${quotation.requestId}`}>Back to the quote request</Link>
      </p>
      <PageFacts>
        <span>Branch: {quotation.branch}</span>
        <span>Currency: {quotation.currency}</span>
        {quotation.currency === 'AED' ? null : (
          <span>
            Rate: 1 AED = {quotation.rate.rate} {quotation.currency}
          </span>
        )}
        <span>VAT of {quotation.vatDate}</span>
        <span>
          Seller:{' '}
          {quotation.seller === null
            ? 'not set'
            : `${quotation.seller.legalName}, ${quotation.seller.taxLabel} ${quotation.seller.taxNumber}, CR ${quotation.seller.commercialRegistration}`}
        </span>
        {quotation.salesperson === null ? null : (
          <span>
            Salesperson: {quotation.salesperson.name === '' ? quotation.salesperson.email : quotation.salesperson.name}
          </span>
        )}
        <span>
          Last saved {formatDateTime(quotation.updatedAt)}
          {quotation.updatedBy === null ? '' : ` by ${quotation.updatedBy}`}
        </span>
      </PageFacts>
      {quotation.sendBlockers.length === 0 ? null : (
        <PageSection aria-labelledby="blockers-heading">
          <h2 id="blockers-heading">Before this quotation can be sent</h2>
          <ul>
            {quotation.sendBlockers.map((blocker) => (
              <li key={blocker.field}>{blocker.message}.</li>
            ))}
          </ul>
        </PageSection>
      )}
      {quotation.state === 'draft' ? null : (
        <Notice>
          This quotation was sent{quotation.number === null ? '' : ` as ${quotation.number}`}: it can no longer be
          changed.
        </Notice>
      )}
      <QuotationForm
        key={`${quotation.id}:${quotation.version}`}
        quotation={quotation}
        busy={saving.isLoading || sending.isLoading}
        problems={problems}
        onSave={save}
        onSend={send}
      />
      {quotation.number !== null && REVISABLE.has(quotation.state) ? (
        <Actions>
          <Button type="button" disabled={revising.isLoading} onClick={() => void revise()}>
            Prepare revision
          </Button>
        </Actions>
      ) : null}
      <Notice tone={outcome?.tone ?? 'info'}>
        {outcome?.text}
        {outcome?.stale ? (
          <>
            {' '}
            <Button type="button" $variant="secondary" onClick={reload}>
              Reload
            </Button>
          </>
        ) : null}
      </Notice>
    </PageContainer>
  );
}

/** A sent quotation the buyer can still answer, or that ran out: a revision is sent in its place. */
const REVISABLE: ReadonlySet<Quotation['state']> = new Set(['sent', 'viewed', 'changes_asked', 'expired']);

interface QuotationFormProps {
  quotation: Quotation;
  busy: boolean;
  problems: StaffFailure['problems'];
  onSave: (body: SaveQuotationBody) => Promise<void>;
  /** "Send quotation", told whether the form holds unsaved edits. */
  onSend: (dirty: boolean) => Promise<void>;
}

function QuotationForm({ quotation, busy, problems, onSave, onSend }: QuotationFormProps) {
  const [validUntil, setValidUntil] = useState(quotation.validUntil);
  const [paymentTerms, setPaymentTerms] = useState(quotation.paymentTerms);
  const [deliveryTerms, setDeliveryTerms] = useState(quotation.deliveryTerms);
  const [buyerNote, setBuyerNote] = useState(quotation.buyerNote);
  // a quotation prepared before it named a rule proposes collection from the branch
  const [incoterm, setIncoterm] = useState<Incoterm>(quotation.incoterm ?? 'EXW');
  const [deliveryPlace, setDeliveryPlace] = useState(quotation.deliveryPlace);
  const [lines, setLines] = useState<LineDraft[]>(() => draftOf(quotation));
  const [dirty, setDirty] = useState(false);
  const editable = quotation.state === 'draft';

  const change = (key: number, field: LineField, value: string) => {
    setDirty(true);
    setLines((current) =>
      current.map((line) =>
        line.key !== key
          ? line
          : // another code is another part: its stock now is the server's to say, once saved
            {
              ...line,
              [field]: value,
              ...(field === 'code' ? { availabilityNow: undefined } : {}),
              ...(field === 'code' || field === 'quantity' ? { quantityNote: undefined } : {}),
            },
      ),
    );
  };
  const addLine = () => {
    setDirty(true);
    setLines((current) => [...current, blankLine()]);
  };
  const addPart = (part: QuotationPart) => {
    setDirty(true);
    setLines((current) => [...current, lineOfPart(part)]);
  };
  const copyLines = (copied: LineDraft[], mode: 'add' | 'replace') => {
    setDirty(true);
    setLines((current) => (mode === 'add' ? [...current, ...copied] : copied));
  };
  const removeLine = (key: number) => {
    setDirty(true);
    setLines((current) => current.filter((line) => line.key !== key));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({
      version: quotation.version,
      validUntil,
      paymentTerms,
      deliveryTerms,
      buyerNote,
      incoterm,
      deliveryPlace,
      lines: lines.map(lineInput),
    });
  };
  const touched =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setDirty(true);
      set(value);
    };

  const figures = lineFigures(quotation, lines, editable);
  return (
    <form aria-label="Quotation" onSubmit={submit} noValidate>
      <Editable disabled={!editable || busy}>
        <PageSection aria-labelledby="terms-heading">
          <h2 id="terms-heading">Validity and terms</h2>
          <Terms>
            <StaffField label="Valid until" error={problemAt(problems, 'validUntil')}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="validUntil"
                  value={validUntil}
                  onChange={(event) => touched(setValidUntil)(event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Payment terms" error={problemAt(problems, 'paymentTerms')}>
              {(control) => (
                <textarea
                  {...control}
                  name="paymentTerms"
                  rows={3}
                  maxLength={QUOTATION_LIMITS.terms}
                  value={paymentTerms}
                  onChange={(event) => touched(setPaymentTerms)(event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Delivery terms" error={problemAt(problems, 'deliveryTerms')}>
              {(control) => (
                <textarea
                  {...control}
                  name="deliveryTerms"
                  rows={3}
                  maxLength={QUOTATION_LIMITS.terms}
                  value={deliveryTerms}
                  onChange={(event) => touched(setDeliveryTerms)(event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Incoterms 2020" error={problemAt(problems, 'incoterm')}>
              {(control) => (
                <select
                  {...control}
                  name="incoterm"
                  value={incoterm}
                  onChange={(event) => touched(setIncoterm)(event.target.value as Incoterm)}
                >
                  {INCOTERMS.map((rule) => (
                    <option key={rule} value={rule}>
                      {rule} – {INCOTERM_NAMES[rule].en}
                    </option>
                  ))}
                </select>
              )}
            </StaffField>
            <StaffField
              label="Delivery place"
              required
              hint="The place the rule names: the branch’s warehouse for EXW, the buyer’s site or city for DAP and DDP, a port for FOB."
              error={problemAt(problems, 'deliveryPlace')}
            >
              {(control) => (
                <input
                  {...control}
                  name="deliveryPlace"
                  maxLength={DOCUMENT_LIMITS.deliveryPlace}
                  value={deliveryPlace}
                  onChange={(event) => touched(setDeliveryPlace)(event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Note to the buyer" error={problemAt(problems, 'buyerNote')}>
              {(control) => (
                <textarea
                  {...control}
                  name="buyerNote"
                  rows={3}
                  maxLength={QUOTATION_LIMITS.buyerNote}
                  value={buyerNote}
                  onChange={(event) => touched(setBuyerNote)(event.target.value)}
                />
              )}
            </StaffField>
          </Terms>
        </PageSection>

        <PageSection aria-labelledby="lines-heading">
          <h2 id="lines-heading">Lines</h2>
          <LinesTable
            lines={lines}
            currency={quotation.currency}
            amounts={figures.lines}
            editable={editable}
            problems={problems}
            onChange={change}
            onRemove={removeLine}
          />
          {editable ? (
            <>
              <Actions>
                <Button
                  type="button"
                  $variant="secondary"
                  onClick={addLine}
                  disabled={lines.length >= QUOTATION_LIMITS.lines}
                >
                  Add a line
                </Button>
              </Actions>
              <AddPart
                quotationId={quotation.id}
                currency={quotation.currency}
                disabled={lines.length >= QUOTATION_LIMITS.lines}
                onAdd={addPart}
              />
              <CopyQuotation
                quotationId={quotation.id}
                branch={quotation.branch}
                lineCount={lines.length}
                onCopy={copyLines}
              />
            </>
          ) : null}
        </PageSection>

        <PageSection aria-labelledby="totals-heading">
          <h2 id="totals-heading">Totals</h2>
          <Totals>
            <dt>Subtotal</dt>
            <dd>{amountText(figures.totals?.subtotal, quotation.currency)}</dd>
            <dt>VAT</dt>
            <dd>{amountText(figures.totals?.vat, quotation.currency)}</dd>
            <dt>Total</dt>
            <dd>{amountText(figures.totals?.total, quotation.currency)}</dd>
          </Totals>
          <p>
            {quotation.vatRounding}.
            {editable && figures.totals !== null && dirty
              ? ' Worked out as you type, as “Save draft” stores them.'
              : ''}
          </p>
          {figures.waiting === null ? null : <p>{figures.waiting}</p>}
        </PageSection>

        {editable ? (
          <Actions>
            <Button type="submit">Save draft</Button>
            <Button type="button" $variant="secondary" onClick={() => void onSend(dirty)}>
              Send quotation
            </Button>
          </Actions>
        ) : null}
      </Editable>
    </form>
  );
}

const amountText = (amount: string | undefined, currency: string) =>
  amount === undefined ? '—' : `${amount} ${currency}`;

const FIELD_NAMES: Readonly<Record<LineProblem['field'], string>> = {
  quantity: 'quantity',
  unitPrice: 'unit price',
  discountPercent: 'discount %',
};

/**
 * Each line's total and VAT and the document's totals: a draft's worked out from its lines as typed, with the money
 * rules the server's save applies (@site/contracts/quotation-money), at the VAT rate a save charges today; a sent one's
 * as the server stored them. `waiting` says, in words, why a draft's totals cannot be worked out yet.
 */
function lineFigures(
  quotation: Quotation,
  lines: readonly LineDraft[],
  editable: boolean,
): { lines: (LineAmounts | null)[]; totals: QuotationTotals | null; waiting: string | null } {
  if (!editable)
    return {
      lines: quotation.lines.map(({ lineTotal, vat, vatPercent }) => ({ lineTotal, vat, vatPercent })),
      totals: quotation.totals,
      waiting: null,
    };
  const vat = quotation.vatPercent === null ? undefined : parsePercent(quotation.vatPercent);
  if (vat === undefined || !vat.ok)
    return {
      lines: lines.map(() => null),
      totals: null,
      waiting: `No VAT rate of ${VAT_COUNTRY_NAMES[quotation.vatCountry]} is in force today: the totals are worked out once an administrator adds it to the VAT table.`,
    };
  const figures = draftFigures(lines, quotation.currency, vat.basisPoints);
  const waitingFor = figures.lines.flatMap((line, index) =>
    line.ok
      ? []
      : line.problems.map(
          (problem) => `line ${index + 1}: its ${FIELD_NAMES[problem.field]} “${problem.value}” ${problem.message}`,
        ),
  );
  return {
    lines: figures.lines.map((line) =>
      line.ok ? { lineTotal: line.lineTotal, vat: line.vat, vatPercent: quotation.vatPercent ?? '' } : null,
    ),
    totals: figures.totals,
    waiting: waitingFor.length === 0 ? null : `The totals wait for ${waitingFor.join('; ')}.`,
  };
}
