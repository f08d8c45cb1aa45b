import { memo, useId, useState, type FormEvent, type FormEventHandler } from 'react';
import styled from 'styled-components';
import { Button, Field, Honeypot } from '@site/shared-ui';
import { cutToCharacters, HONEYPOT_FIELD, isValidEmail } from '@site/content/validation';
import { REVIEW_MAX_LENGTH, REVIEW_STARS } from '@site/content/reviews';
import type { ReviewToSend } from '@site/contracts/reviews-api';
import { useLocale } from '@site/shared-store';
import { useReviewText, type ReviewMessageId as MessageId, type ReviewText } from './i18n/reviewText';
import type { ReviewFailure, ReviewSent } from './reviewsApi';

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

/** Each reason a review was not sent, in the catalogs (reviewsApi.ts). */
const REVIEW_FAILURE_TEXT: Readonly<Record<ReviewFailure, MessageId>> = {
  network: 'catalogue.reviewForm.error.network',
  invalid: 'catalogue.reviewForm.error.invalid',
  unknownProduct: 'catalogue.reviewForm.error.unknownProduct',
  tooMany: 'catalogue.reviewForm.error.tooMany',
  unavailable: 'catalogue.reviewForm.error.unavailable',
  other: 'catalogue.reviewForm.error.generic',
};

const isFailure = (code: unknown): code is ReviewFailure =>
  typeof code === 'string' && Object.hasOwn(REVIEW_FAILURE_TEXT, code);

/**
 * The message of a failure (an Error, or the plain { message, code } a rejected thunk unwraps to): English pages show
 * its message (the server's words), the other editions the catalogs' text for its code.
 */
function messageOf(error: unknown, english: boolean, text: ReviewText): string {
  const { message, code } =
    typeof error === 'object' && error !== null ? (error as { message?: unknown; code?: unknown }) : {};
  if (english && typeof message === 'string' && message !== '') return message;
  return text(REVIEW_FAILURE_TEXT[isFailure(code) ? code : 'other']);
}

/** The rating choices' texts (content's REVIEW_STARS: One..Five, values 1-5). */
const STARS_TEXT: Readonly<Record<(typeof REVIEW_STARS)[number]['value'], MessageId>> = {
  1: 'catalogue.reviewForm.stars.1',
  2: 'catalogue.reviewForm.stars.2',
  3: 'catalogue.reviewForm.stars.3',
  4: 'catalogue.reviewForm.stars.4',
  5: 'catalogue.reviewForm.stars.5',
};

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The browser's own messages for a required or malformed field are in the browser's language: pages of another
 * edition than English give theirs (English pages keep the browser's, as ever). Cleared as the value changes (`set`).
 */
function validityMessages(english: boolean, message: string): { onInvalid?: FormEventHandler<Control> } {
  return english ? {} : { onInvalid: (event) => event.currentTarget.setCustomValidity(message) };
}

const EMPTY = { customerName: '', emailId: '', comment: '', stars: '', website: '' };

export interface ReviewFormProps {
  productName: string;
  /** The product has no review yet: the form invites the first one. */
  first: boolean;
  /** Sends the review; rejects with an error whose message is for the visitor. */
  /** Resolves once stored: `held` when it waits for staff approval before it is shown. */
  onSubmit: (review: ReviewToSend) => Promise<ReviewSent>;
}

/** 'Write a Review': Name, Email, Write Your Review (4 rows), Select Rating One..Five, Submit. Fields clear once it is stored. */
export const ReviewForm = memo(function ReviewForm({ productName, first, onSubmit }: ReviewFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const headingId = useId();
  const text = useReviewText();
  const english = useLocale() === 'en';
  const set = (field: keyof typeof EMPTY) => (event: { target: Control }) => {
    event.target.setCustomValidity('');
    // the name and review are cut to their length in characters as the server counts them (not maxLength's UTF-16
    // units, which would stop vocalised Arabic at a third of its length)
    const limit = field === 'customerName' || field === 'comment' ? REVIEW_MAX_LENGTH[field] : undefined;
    const value = limit === undefined ? event.target.value : cutToCharacters(event.target.value, limit);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const required = validityMessages(english, text('catalogue.reviewForm.required'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (values.emailId.trim() !== '' && !isValidEmail(values.emailId)) {
      setResult({ error: true, text: text('catalogue.reviewForm.invalidEmail') });
      return;
    }
    setSending(true);
    setResult(null);
    try {
      const { held } = await onSubmit({
        customerName: values.customerName,
        emailId: values.emailId,
        comment: values.comment,
        stars: Number(values.stars),
        ...(values.website ? { [HONEYPOT_FIELD]: values.website } : {}),
      });
      setValues(EMPTY);
      setResult({ error: false, text: text(held ? 'catalogue.reviewForm.held' : 'catalogue.reviewForm.sent') });
    } catch (error) {
      setResult({ error: true, text: messageOf(error, english, text) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>{text('catalogue.reviewForm.heading')}</h3>
      {first ? <p>{text('catalogue.reviewForm.first', { productName })}</p> : null}
      <Note>{text('catalogue.reviewForm.note')}</Note>
      {/* The spec's labels carry their '*' (and the note above explains it); the native required does the rest. */}
      <Field label={text('catalogue.reviewForm.name')}>
        {(control) => (
          <input
            {...control}
            {...required}
            name="customerName"
            autoComplete="name"
            required
            value={values.customerName}
            onChange={set('customerName')}
          />
        )}
      </Field>
      <Field label={text('catalogue.reviewForm.email')}>
        {(control) => (
          <input
            {...control}
            {...validityMessages(english, text('catalogue.reviewForm.invalidEmail'))}
            name="emailId"
            type="email"
            autoComplete="email"
            maxLength={REVIEW_MAX_LENGTH.emailId}
            value={values.emailId}
            onChange={set('emailId')}
          />
        )}
      </Field>
      <Field label={text('catalogue.reviewForm.comment')}>
        {(control) => (
          <textarea
            {...control}
            {...required}
            name="comment"
            rows={4}
            required
            value={values.comment}
            onChange={set('comment')}
          />
        )}
      </Field>
      <Field label={text('catalogue.reviewForm.rating')}>
        {(control) => (
          <select
            {...control}
            {...validityMessages(english, text('catalogue.reviewForm.requiredRating'))}
            name="stars"
            required
            value={values.stars}
            onChange={set('stars')}
          >
            <option value="">{text('catalogue.reviewForm.ratingPlaceholder')}</option>
            {REVIEW_STARS.map(({ value }) => (
              <option key={value} value={value}>
                {text(STARS_TEXT[value])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Honeypot
        name={HONEYPOT_FIELD}
        value={values.website}
        onChange={set('website')}
        label={text('catalogue.reviewForm.honeypot')}
      />
      {result ? (
        <Message role={result.error ? 'alert' : 'status'} $error={result.error}>
          {result.text}
        </Message>
      ) : null}
      <Button type="submit" disabled={sending}>
        {sending ? text('catalogue.reviewForm.submitting') : text('catalogue.reviewForm.submit')}
      </Button>
    </Form>
  );
});
