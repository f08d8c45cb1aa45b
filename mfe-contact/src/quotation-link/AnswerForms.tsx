// The buyer's two answers while the quotation may be answered: Accept (name, position, an optional purchase order
// number and PDF) and Ask for changes (a message). Each sends once: a second click while it is sending does nothing.
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Field, fieldControlStyles } from '@site/shared-ui';
import { BUYER_TEXT_LIMITS, type BuyerQuotation } from '@site/contracts/quotation-link-api';
import { useQuotationText } from './i18n/quotationText';
import { acceptProblem, acceptQuotation, askForChanges, type LinkAnswer } from './quotationLink';

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

function useAnswerError() {
  const text = useQuotationText();
  const [error, setError] = useState<string | null>(null);
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

export function AcceptForm({ token, onAnswered }: { token: string; onAnswered: Answered }) {
  const text = useQuotationText();
  const [values, setValues] = useState({ name: '', position: '', poNumber: '' });
  const [poFile, setPoFile] = useState<File | null>(null);
  const { sending, run } = useSending();
  const { error, setError, fromAnswer } = useAnswerError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = acceptProblem(values, poFile);
    if (problem !== null) {
      setError(text(`contact.quotation.error.${problem}`));
      return;
    }
    const poNumber = values.poNumber.trim();
    void run(async () =>
      fromAnswer(await acceptQuotation(token, { name: values.name.trim(), position: values.position.trim(), ...(poNumber === '' ? {} : { poNumber }) }, poFile), onAnswered),
    );
  };
  const bind = (field: keyof typeof values) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="quotation-accept-heading">
      <Heading id="quotation-accept-heading">{text('contact.quotation.accept.heading')}</Heading>
      <Field label={text('contact.quotation.accept.name')} required>
        {(control) => <input {...control} {...bind('name')} maxLength={BUYER_TEXT_LIMITS.name} autoComplete="name" />}
      </Field>
      <Field label={text('contact.quotation.accept.position')} required>
        {(control) => <input {...control} {...bind('position')} maxLength={BUYER_TEXT_LIMITS.position} autoComplete="organization-title" />}
      </Field>
      <Field label={text('contact.quotation.accept.poNumber')}>
        {(control) => <input {...control} {...bind('poNumber')} maxLength={BUYER_TEXT_LIMITS.poNumber} />}
      </Field>
      <Field label={text('contact.quotation.accept.poFile')} hint={text('contact.quotation.accept.poFileHint')}>
        {(control) => <input {...control} type="file" accept="application/pdf,.pdf" onChange={(event) => setPoFile(event.target.files?.[0] ?? null)} />}
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

export function ChangesForm({ token, onAnswered }: { token: string; onAnswered: Answered }) {
  const text = useQuotationText();
  const [message, setMessage] = useState('');
  const { sending, run } = useSending();
  const { error, setError, fromAnswer } = useAnswerError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setError(text('contact.quotation.error.message'));
      return;
    }
    void run(async () => fromAnswer(await askForChanges(token, message.trim()), onAnswered));
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="quotation-changes-heading">
      <Heading id="quotation-changes-heading">{text('contact.quotation.changes.heading')}</Heading>
      <Field label={text('contact.quotation.changes.message')} required>
        {(control) => <textarea {...control} rows={5} value={message} maxLength={BUYER_TEXT_LIMITS.message} onChange={(event) => setMessage(event.target.value)} />}
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
