// The buyer's two answers while the quotation may be answered: Accept (name, position, an optional purchase order
// number and PDF) and Ask for changes (a message). Each sends once: a second click while it is sending does nothing.
// Both are plain HTML forms too, posted to the page's own address until the scripts have started (the server stores
// the answer and sends the page back, or draws it again with the values and the reason: contracts' QUOTATION_LINK_FORM);
// once hydrated, they send through the API as before, without leaving the page.
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Field, fieldControlStyles } from '@site/shared-ui';
import {
  BUYER_TEXT_LIMITS,
  QUOTATION_LINK_FORM,
  quotationLinkPath,
  type AlreadyAccepted,
  type BuyerFormError,
  type BuyerQuotation,
  type PostedBuyerForm,
} from '@site/contracts/quotation-link-api';
import { useLocale } from '@site/shared-store';
import { useQuotationText } from './i18n/quotationText';
import { acceptProblem, acceptQuotation, askForChanges, newSubmissionKey, type LinkAnswer } from './quotationLink';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  input, textarea { ${fieldControlStyles} }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

/** What a sent answer gave: the quotation as it now is, or the words to show. */
export type Answered = (quotation: BuyerQuotation) => void;

/** One send at a time: the ref stops a second click before React has drawn the disabled button. */
function useSending() {
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const run = async (send: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      await send();
    } finally {
      busy.current = false;
      setSending(false);
    }
  };
  return { sending, run };
}

/** A refusal's words: one of the page's sentences, or the server's own. */
function useErrorText(): (error: BuyerFormError) => string {
  const text = useQuotationText();
  return (error) => ('message' in error ? error.message : text(`contact.quotation.error.${error.problem}`));
}

/** Where the form posts without scripts: the page's own address, in its edition. */
export function usePageAddress(token: string): string {
  return quotationLinkPath(token, useLocale());
}

function useAnswerError(posted: BuyerFormError | undefined) {
  const text = useQuotationText();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(() => (posted === undefined ? null : errorText(posted)));
  const fromAnswer = (answer: LinkAnswer, onDone: Answered) => {
    if (answer.type === 'quotation') {
      setError(null);
      onDone(answer.quotation);
    } else if (answer.type === 'refused') setError(answer.message);
    else if (answer.type === 'notFound') setError(text('contact.quotation.notFound'));
    else setError(text('contact.quotation.error.failed'));
  };
  return { error, setError, fromAnswer };
}

interface FormProps<Form> {
  token: string;
  onAnswered: Answered;
  /** The plain post of this form the server refused: its values and reason (the page it drew in answer). */
  posted: Form | null;
}

interface AcceptFormProps extends FormProps<Extract<PostedBuyerForm, { form: 'accept' }>> {
  /** The key the server drew the page with (its plain form carries it); null when the browser drew the page. */
  submission: string | null;
  /** Another submission accepted it first: what the page then says and offers. */
  onAlreadyAccepted: (alreadyAccepted: AlreadyAccepted) => void;
}

export function AcceptForm({ token, onAnswered, posted, submission, onAlreadyAccepted }: AcceptFormProps) {
  const text = useQuotationText();
  const [values, setValues] = useState(() => posted?.values ?? { name: '', position: '', poNumber: '' });
  const [poFile, setPoFile] = useState<File | null>(null);
  const { sending, run } = useSending();
  const { error, setError, fromAnswer } = useAnswerError(posted?.error);
  const action = usePageAddress(token);
  // this form's submission: a retry of it (the same key) answers the acceptance, another tab's is told it came second
  const key = useRef<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = acceptProblem(values, poFile);
    if (problem !== null) {
      setError(text(`contact.quotation.error.${problem}`));
      return;
    }
    const poNumber = values.poNumber.trim();
    key.current ??= submission ?? newSubmissionKey();
    const body = {
      name: values.name.trim(),
      position: values.position.trim(),
      ...(poNumber === '' ? {} : { poNumber }),
      submission: key.current,
    };
    void run(async () => {
      const answer = await acceptQuotation(token, body, poFile);
      if (answer.type !== 'alreadyAccepted') return fromAnswer(answer, onAnswered);
      setError(null);
      onAlreadyAccepted(answer.alreadyAccepted);
    });
  };
  const bind = (field: keyof typeof values) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quotation-accept-heading"
    >
      <input type="hidden" name={QUOTATION_LINK_FORM.answer} value="accept" />
      {submission !== null && <input type="hidden" name={QUOTATION_LINK_FORM.submission} value={submission} />}
      <Heading id="quotation-accept-heading">{text('contact.quotation.accept.heading')}</Heading>
      <Field label={text('contact.quotation.accept.name')} required>
        {(control) => (
          <input {...control} name="name" {...bind('name')} maxLength={BUYER_TEXT_LIMITS.name} autoComplete="name" />
        )}
      </Field>
      <Field label={text('contact.quotation.accept.position')} required>
        {(control) => (
          <input
            {...control}
            name="position"
            {...bind('position')}
            maxLength={BUYER_TEXT_LIMITS.position}
            autoComplete="organization-title"
          />
        )}
      </Field>
      <Field label={text('contact.quotation.accept.poNumber')}>
        {(control) => (
          <input {...control} name="poNumber" {...bind('poNumber')} maxLength={BUYER_TEXT_LIMITS.poNumber} />
        )}
      </Field>
      <Field label={text('contact.quotation.accept.poFile')} hint={text('contact.quotation.accept.poFileHint')}>
        {(control) => (
          <input
            {...control}
            type="file"
            name="poFile"
            accept="application/pdf,.pdf"
            onChange={(event) => setPoFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? text('contact.quotation.accept.sending') : text('contact.quotation.accept.send')}
        </Button>
      </div>
    </Form>
  );
}

export function ChangesForm({ token, onAnswered, posted }: FormProps<Extract<PostedBuyerForm, { form: 'changes' }>>) {
  const text = useQuotationText();
  const [message, setMessage] = useState(posted?.values.message ?? '');
  const { sending, run } = useSending();
  const { error, setError, fromAnswer } = useAnswerError(posted?.error);
  const action = usePageAddress(token);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setError(text('contact.quotation.error.message'));
      return;
    }
    void run(async () => fromAnswer(await askForChanges(token, message.trim()), onAnswered));
  };

  return (
    <Form method="post" action={action} onSubmit={onSubmit} noValidate aria-labelledby="quotation-changes-heading">
      <input type="hidden" name={QUOTATION_LINK_FORM.answer} value="changes" />
      <Heading id="quotation-changes-heading">{text('contact.quotation.changes.heading')}</Heading>
      <Field label={text('contact.quotation.changes.message')} required>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={5}
            value={message}
            maxLength={BUYER_TEXT_LIMITS.message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
      <div>
        <Button type="submit" $variant="secondary" disabled={sending} aria-busy={sending}>
          {sending ? text('contact.quotation.changes.sending') : text('contact.quotation.changes.send')}
        </Button>
      </div>
    </Form>
  );
}
