import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Honeypot } from '@site/shared-ui';
import { HONEYPOT_FIELD, isValidEmail } from '@site/content/validation';
import { REVIEW_MAX_LENGTH, REVIEW_STARS, type ReviewToSend } from '@site/content/reviews';

const Form = styled.form`
  display: grid;
  gap: 14px;
  max-width: 640px;
  h3 { margin: 0; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.lg}; }
  p { margin: 0; }
  input, textarea, select {
    min-height: 44px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
  }
  button { justify-self: start; }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

const Message = styled.p<{ $error: boolean }>`
  color: ${({ theme, $error }) => ($error ? theme.colors.error : theme.colors.success)};
  font-weight: 600;
`;

/** The message of a failure: an Error, or the plain { message } a rejected thunk unwraps to. */
const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message !== ''
    ? error.message
    : 'Your review could not be sent. Please try again.';

const EMPTY = { customerName: '', emailId: '', comment: '', stars: '', website: '' };

export interface ReviewFormProps {
  productName: string;
  /** The product has no review yet: the form invites the first one. */
  first: boolean;
  /** Sends the review; rejects with an error whose message is for the visitor. */
  onSubmit: (review: ReviewToSend) => Promise<void>;
}

/** 'Write a Review': Name, Email, Write Your Review (4 rows), Select Rating One..Five, Submit. Fields clear once it is stored. */
export function ReviewForm({ productName, first, onSubmit }: ReviewFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const headingId = useId();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (values.emailId.trim() !== '' && !isValidEmail(values.emailId)) {
      setResult({ error: true, text: 'Please enter a valid email address' });
      return;
    }
    setSending(true);
    setResult(null);
    try {
      await onSubmit({
        customerName: values.customerName,
        emailId: values.emailId,
        comment: values.comment,
        stars: Number(values.stars),
        ...(values.website ? { [HONEYPOT_FIELD]: values.website } : {}),
      });
      setValues(EMPTY);
      setResult({ error: false, text: 'Thank you! Your review has been added.' });
    } catch (error) {
      setResult({ error: true, text: messageOf(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>Write a Review</h3>
      {first ? <p>{`Be the first to review “${productName}”`}</p> : null}
      <Note>Your email address will not be published. Required fields are marked*</Note>
      {/* The spec's labels carry their '*' (and the note above explains it); the native required does the rest. */}
      <Field label="Name*">
        {(control) => (
          <input {...control} name="customerName" autoComplete="name" required maxLength={REVIEW_MAX_LENGTH.customerName} value={values.customerName} onChange={set('customerName')} />
        )}
      </Field>
      <Field label="Email">
        {(control) => <input {...control} name="emailId" type="email" autoComplete="email" maxLength={REVIEW_MAX_LENGTH.emailId} value={values.emailId} onChange={set('emailId')} />}
      </Field>
      <Field label="Write Your Review*">
        {(control) => <textarea {...control} name="comment" rows={4} required maxLength={REVIEW_MAX_LENGTH.comment} value={values.comment} onChange={set('comment')} />}
      </Field>
      <Field label="Select Rating*">
        {(control) => (
          <select {...control} name="stars" required value={values.stars} onChange={set('stars')}>
            <option value="">Select Rating</option>
            {REVIEW_STARS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Honeypot name={HONEYPOT_FIELD} value={values.website} onChange={set('website')} />
      {result ? (
        <Message role={result.error ? 'alert' : 'status'} $error={result.error}>
          {result.text}
        </Message>
      ) : null}
      <Button type="submit" disabled={sending}>
        {sending ? 'Submitting…' : 'Submit'}
      </Button>
    </Form>
  );
}
