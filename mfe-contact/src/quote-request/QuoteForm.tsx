import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { earlyControl } from '@site/contracts/dom-ids';
import type { Branch } from '@site/content';
import styled from 'styled-components';
import { Button, SectionHeading, Spinner, useHydrated } from '@site/shared-ui';
import { branches as englishBranches } from '@site/content';
import { FIELD_MAX_LENGTH, HONEYPOT_FIELD, neededByRange, QUOTE_LIMITS } from '@site/content/validation';
import { selectQuoteLines, useAppSelector, useLocale, type QuoteLine } from '@site/shared-store';
import { localizedPath } from '@site/contracts/locale';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import type { QuoteNotSent } from '@site/contracts/quote-api';
import { keepQuoteBranch, readQuoteBranch } from '@site/shared-store/quote-branch';
import { useText } from '../i18n/useText';
import { branchValue, usePageBranches } from '../contact/pageBranches';
import {
  BranchField,
  FormActions,
  type BoundControl,
  FormField,
  FormGrid,
  FormHoneypot,
  HumanCheckField,
  PersonFields,
  useFormValues,
} from '../form-parts/FormParts';
import { selectLookedUp } from './quoteProductsSlice';
import { lineStatus } from './lookedUp';
import { EMPTY_QUOTE_FORM, quoteFormProblem, sendQuoteRequest, type QuoteFormValues } from './quoteRequest';

const Problem = styled.div`
  min-block-size: 1.5em;
  margin-block: 16px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
  p { margin: 0; }
`;

/** Why nothing was sent: a check in the browser (or the server's, of a plain post), or the server's answer. */
type FormStatus = { type: 'none' } | QuoteNotSent;

const PROBLEM_TEXT = {
  required: 'contact.quote.error.required',
  invalidEmail: 'contact.form.error.invalidEmail',
  badNeededBy: 'contact.quote.error.neededBy',
  wrongAnswer: 'contact.form.error.wrongAnswer',
  noLines: 'contact.quote.error.noLines',
  badQuantity: 'contact.quote.error.badQuantity',
  badList: 'contact.quote.error.badList',
} as const satisfies Record<Extract<QuoteNotSent, { type: 'invalid' }>['problem'], string>;

/** The request form's id: the "Paste a list" box belongs to it too (its `form` attribute), so a plain post carries its lines. */
export const QUOTE_FORM_ID = 'quote-form';

/** A branch's name as the page names it (`branches`, the page's), from the name the server knows it by. */
export const branchNamed = (branches: readonly Branch[], value: string): string =>
  branches.find((branch) => branchValue(branch.id) === value)?.name ?? value;

/** A request the server took: what the page shows after it (the lines and details as sent). */
export interface SentQuoteRequest {
  reference: string;
  pdfUrl: string;
  lines: QuoteLine[];
  values: QuoteFormValues;
  /** The chosen branch as the page names it. */
  branchName: string;
}

export interface QuoteFormProps {
  /** The quantity fields' texts by product id, checked before sending. */
  drafts: Readonly<Record<string, string>>;
  onSent: (sent: SentQuoteRequest) => void;
  /** Told the branch chosen, at first and whenever it changes (the lines show their stock there). */
  onBranch?: (branch: string) => void;
  /** A plain post of the form the server did not send (the page drawn in answer): its fields as typed, and why. */
  posted?: { values: QuoteFormValues; why: QuoteNotSent };
}

/**
 * The buyer's details, the human check and "Send request". Also a plain HTML form (method, action, named fields) that
 * posts to the page's own address: before the page's scripts have started, or without them, the server checks it as
 * the browser would and answers with the page again (server/src/quote-requests/plainQuoteRoutes.ts); once they have started,
 * the form sends itself as JSON, as it always did.
 */
export function QuoteForm({ drafts, onSent, onBranch, posted }: QuoteFormProps) {
  const text = useText();
  const locale = useLocale();
  const lookedUp = useAppSelector(selectLookedUp);
  const basket = useAppSelector(selectQuoteLines);
  // a line no longer available is shown so and left out of the request (the server refuses it)
  const lines = useMemo(
    () => basket.filter((line) => lineStatus(line, lookedUp) !== 'unavailable'),
    [basket, lookedUp],
  );
  const page = usePageBranches();
  // the English names until an Arabic page's have loaded: the values sent are the same
  const branches = page.status === 'ready' ? page.branches : englishBranches;
  const { values, setValues, bind, formRef } = useFormValues(posted?.values ?? EMPTY_QUOTE_FORM);
  const [status, setStatus] = useState<FormStatus>(posted?.why ?? { type: 'none' });
  // the branch chosen last time (the browser's, after hydration: the server drew the first one), kept when changed:
  // the header's basket panel shows the lines' stock there too; a posted form keeps the branch it was posted with
  const postedBranch = posted !== undefined;
  useEffect(() => {
    if (!postedBranch) setValues((current) => ({ ...current, branch: readQuoteBranch() }));
  }, [setValues, postedBranch]);
  useEffect(() => onBranch?.(values.branch), [values.branch, onBranch]);
  const boundBranch = bind('branch');
  const branchControl: BoundControl = {
    ...boundBranch,
    onChange: (event) => {
      boundBranch.onChange(event);
      keepQuoteBranch(event.target.value);
    },
  };
  const [loading, setLoading] = useState(false);
  // The date picker's range is the buyer's today onwards: set in the browser, after hydration (the server's today
  // may not be the buyer's, and the first render must match the server's HTML).
  const dateRange = useHydrated() ? neededByRange(new Date()) : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problem = quoteFormProblem(values, lines, drafts);
    if (problem !== null) return setStatus({ type: 'invalid', problem });
    setStatus({ type: 'none' });
    setLoading(true);
    const sentLines = lines;
    const result = await sendQuoteRequest(values, sentLines, locale);
    setLoading(false);
    if (result.type === 'sent') {
      onSent({
        reference: result.reference,
        pdfUrl: result.pdfUrl,
        lines: sentLines,
        values,
        branchName: branchNamed(branches, values.branch),
      });
    } else {
      setStatus(result);
    }
  };

  const problemView = () => {
    switch (status.type) {
      case 'none':
        return null;
      case 'invalid':
        return <p>{text(PROBLEM_TEXT[status.problem])}</p>;
      case 'rateLimited':
        return <p>{text('contact.quote.error.rateLimited')}</p>;
      case 'failed':
        return <p>{text('contact.quote.error.failed')}</p>;
      case 'refused':
        // the server's message is written in English: shown on English pages only
        return (
          <>
            <p>{text('contact.quote.error.refused')}</p>
            {locale === 'en' ? <p>{status.message}</p> : null}
          </>
        );
    }
  };

  return (
    <section aria-labelledby="quote-form-heading">
      <SectionHeading as="h2" id="quote-form-heading">
        {text('contact.quote.form.heading')}
      </SectionHeading>
      <form
        ref={formRef}
        id={QUOTE_FORM_ID}
        method="post"
        action={localizedPath(locale, QUOTE_REQUEST_PATH)}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="quote-form-heading"
        aria-busy={loading}
      >
        <FormGrid>
          <FormField id="quote-companyName" label={text('contact.quote.form.companyName')} required>
            {(control) => (
              <input
                {...control}
                {...bind('companyName', FIELD_MAX_LENGTH.companyName)}
                type="text"
                dir="auto"
                autoComplete="organization"
              />
            )}
          </FormField>
          <PersonFields nameLabel={text('contact.quote.form.name')} idPrefix="quote" bind={bind} phoneRequired />
          <BranchField
            id="quote-branch"
            label={text('contact.quote.form.branch')}
            required
            branches={branches}
            control={branchControl}
          />
          <FormField id="quote-deliveryCity" label={text('contact.quote.form.deliveryCity')}>
            {(control) => (
              <input
                {...control}
                {...bind('deliveryCity', QUOTE_LIMITS.deliveryCity)}
                type="text"
                dir="auto"
                autoComplete="address-level2"
              />
            )}
          </FormField>
          <FormField id="quote-neededBy" label={text('contact.quote.form.neededBy')}>
            {/* dir="ltr": the browser's date field keeps its day, month and year order on an Arabic page */}
            {(control) => (
              <input
                {...control}
                {...bind('neededBy')}
                type="date"
                dir="ltr"
                min={dateRange?.min}
                max={dateRange?.max}
                aria-invalid={status.type === 'invalid' && status.problem === 'badNeededBy' ? true : undefined}
              />
            )}
          </FormField>
          <HumanCheckField id="quote-answer" {...bind('answer')} />
          <FormField id="quote-notes" label={text('contact.quote.form.notes')} $wide>
            {(control) => <textarea {...control} {...bind('notes', QUOTE_LIMITS.notes)} dir="auto" rows={4} />}
          </FormField>
        </FormGrid>
        <FormHoneypot idPrefix="quote" {...bind(HONEYPOT_FIELD)} />
        <Problem role="alert">{problemView()}</Problem>
        <FormActions>
          {/* early too: the lines are the browser's basket, which a plain post cannot carry, so a tap before the start
              waits for it (the fields typed meanwhile are taken in: useFormValues); without scripts it posts plainly */}
          <Button type="submit" disabled={loading} {...earlyControl('page')}>
            {loading ? text('contact.form.sending') : text('contact.quote.form.send')}
          </Button>
          {loading ? <Spinner size={32} label={text('contact.quote.form.sendingLabel')} /> : null}
        </FormActions>
      </form>
    </section>
  );
}
