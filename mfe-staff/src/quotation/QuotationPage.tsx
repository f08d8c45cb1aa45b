import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import {
  DOCUMENT_LIMITS,
  INCOTERM_NAMES,
  INCOTERMS,
  QUOTATION_LIMITS,
  type Incoterm,
  type Quotation,
  type QuotationPart,
} from '@site/contracts/quotations-api';
import type { QuotationLineInput, SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { failureOf, type StaffFailure } from '../api/staffBaseQuery';
import { formatDateTime } from '../ui/format';
import { Notice } from '../ui/Notice';
import { problemAt } from '../ui/problems';
import { PageHeading } from '../ui/PageHeading';
import { Actions, StaffField } from '../ui/StaffField';
import { Table } from '../ui/Table';
import { staffResource } from '../ui/staffResource';
import {
  useQuotationQuery,
  useReviseQuotationMutation,
  useSaveQuotationMutation,
  useSendQuotationMutation,
} from './quotationApi';
import { PageFacts, PageSection } from '../ui/PageSection';
import { AddPart } from './AddPart';

const Terms = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
  textarea { width: 100%; }
`;

const Cell = styled.td`
  input { width: 100%; min-width: 6ch; min-height: 44px; padding: 4px 8px; }
  small { display: block; color: ${({ theme }) => theme.colors.error}; }
`;

const Amount = styled.td`
  text-align: end !important;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
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

/** A line as the form holds it: text, as typed. */
interface LineDraft extends Omit<QuotationLineInput, 'code' | 'quantity' | 'unitPrice' | 'discountPercent'> {
  /** Rows' keys: stable while lines are added and taken out. */
  key: number;
  code: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** Its total and VAT as saved; undefined for a line added since. */
  saved?: { lineTotal: string; vat: string; vatPercent: string } | undefined;
}

let nextKey = 1;

const draftOf = (quotation: Quotation): LineDraft[] =>
  quotation.lines.map((line) => ({
    key: nextKey++,
    code: line.code ?? '',
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    availabilityNote: line.availabilityNote,
    lineNote: line.lineNote,
    saved: { lineTotal: line.lineTotal, vat: line.vat, vatPercent: line.vatPercent },
  }));

const lineInput = ({ key: _key, saved: _saved, code, ...line }: LineDraft): QuotationLineInput => ({
  ...line,
  code: code.trim() === '' ? null : code.trim(),
});

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

  const change = (key: number, field: keyof Omit<LineDraft, 'key' | 'saved'>, value: string) => {
    setDirty(true);
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, [field]: value, saved: undefined } : line)),
    );
  };
  const addLine = () => {
    setDirty(true);
    setLines((current) => [
      ...current,
      {
        key: nextKey++,
        code: '',
        description: '',
        unit: '',
        quantity: '1',
        unitPrice: '',
        discountPercent: '0',
        availabilityNote: '',
        lineNote: '',
      },
    ]);
  };
  const addPart = (part: QuotationPart) => {
    setDirty(true);
    setLines((current) => [
      ...current,
      {
        key: nextKey++,
        code: part.code,
        description: part.description,
        unit: part.unit,
        quantity: '1',
        unitPrice: part.unitPrice,
        discountPercent: '0',
        availabilityNote: part.availabilityNote,
        lineNote: '',
      },
    ]);
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

  const price = `Unit price (${quotation.currency})`;
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
          <Table caption={`${lines.length} line${lines.length === 1 ? '' : 's'} in ${quotation.currency}`}>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Description</th>
                <th scope="col">Quantity</th>
                <th scope="col">{price}</th>
                <th scope="col">Discount %</th>
                <th scope="col">Line total</th>
                <th scope="col">VAT</th>
                <th scope="col">Availability</th>
                {editable ? <th scope="col">Remove</th> : null}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const n = index + 1;
                const input = (
                  field: 'code' | 'description' | 'quantity' | 'unitPrice' | 'discountPercent' | 'availabilityNote',
                  label: string,
                  mode?: 'decimal',
                ) => {
                  const error = problemAt(problems, 'lines', index, field);
                  const errorId = `line-${line.key}-${field}-error`;
                  return (
                    <Cell>
                      <input
                        aria-label={`${label}, line ${n}`}
                        inputMode={mode}
                        value={line[field]}
                        aria-invalid={error === undefined ? undefined : true}
                        aria-describedby={error === undefined ? undefined : errorId}
                        onChange={(event) => change(line.key, field, event.target.value)}
                      />
                      {error === undefined ? null : <small id={errorId}>{error}</small>}
                    </Cell>
                  );
                };
                return (
                  <tr key={line.key}>
                    {input('code', 'Code')}
                    {input('description', 'Description')}
                    {input('quantity', 'Quantity', 'decimal')}
                    {input('unitPrice', price, 'decimal')}
                    {input('discountPercent', 'Discount %', 'decimal')}
                    <Amount>{line.saved?.lineTotal ?? '—'}</Amount>
                    <Amount>{line.saved === undefined ? '—' : `${line.saved.vat} (${line.saved.vatPercent} %)`}</Amount>
                    {input('availabilityNote', 'Availability')}
                    {editable ? (
                      <td>
                        <Button type="button" $variant="secondary" onClick={() => removeLine(line.key)}>
                          Remove line {n}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </Table>
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
            </>
          ) : null}
        </PageSection>

        <PageSection aria-labelledby="totals-heading">
          <h2 id="totals-heading">Totals</h2>
          <Totals>
            <dt>Subtotal</dt>
            <dd>
              {quotation.totals.subtotal} {quotation.currency}
            </dd>
            <dt>VAT</dt>
            <dd>
              {quotation.totals.vat} {quotation.currency}
            </dd>
            <dt>Total</dt>
            <dd>
              {quotation.totals.total} {quotation.currency}
            </dd>
          </Totals>
          <p>
            {quotation.vatRounding}.{dirty ? ' Totals as last saved: save the draft to update them.' : ''}
          </p>
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
