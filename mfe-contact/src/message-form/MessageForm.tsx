import { useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Honeypot, SectionHeading, Spinner } from '@site/shared-ui';
import { branches } from '@site/content';
import {
  CONTACT_FORM_MESSAGES,
  contactFailureMessage,
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  HUMAN_CHECK,
  validateContactForm,
} from '@site/content/validation';
import { EMPTY_CONTACT_FORM, failureEmailFor, sendContactMessage, type ContactField } from './contactMessage';

const Section = styled.section`
  margin-top: 48px;
`;

const Grid = styled.div`
  display: grid;
  gap: 16px 24px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) { grid-template-columns: 1fr; }
`;

const FormField = styled(Field)<{ $wide?: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  input, select, textarea {
    min-height: 44px;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  textarea { resize: vertical; }
  input:focus-visible, select:focus-visible, textarea:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
`;

// The colour by data-type, not by a styled-components prop: a prop would write a new class into the page's stylesheet
// at the first submit, inside the click that shows the message.
const Status = styled.p`
  min-height: 1.5em;
  margin: 16px 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
  &[data-type='success'] { color: ${({ theme }) => theme.colors.success}; }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  > div { padding: 0; }
`;

type ContactStatus = { type: 'none' } | { type: 'error'; message: string } | { type: 'success'; message: string };

/** The 'Send us a message' form of /contact-us: checks, then posts to the site's own server. */
export function MessageForm() {
  const [values, setValues] = useState(EMPTY_CONTACT_FORM);
  const [status, setStatus] = useState<ContactStatus>({ type: 'none' });
  const [loading, setLoading] = useState(false);

  const bind = (field: ContactField) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  /**
   * The spec's checks in order (first failure shown, nothing sent); then clear the status, show loading and post.
   * Success clears every field; a non-ok answer or a network error keeps them.
   */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problem = validateContactForm(values);
    if (problem !== null) {
      setStatus({ type: 'error', message: problem });
      return;
    }
    setStatus({ type: 'none' });
    setLoading(true);
    const sent = await sendContactMessage(values);
    setLoading(false);
    if (sent) {
      setValues(EMPTY_CONTACT_FORM);
      setStatus({ type: 'success', message: CONTACT_FORM_MESSAGES.success });
    } else {
      setStatus({ type: 'error', message: contactFailureMessage(failureEmailFor(values.country)) });
    }
  };

  return (
    <Section aria-labelledby="message-form-heading">
      <SectionHeading as="h2" id="message-form-heading">
        Send us a message
      </SectionHeading>
      {/* noValidate: the spec's own checks run in its order and show its texts */}
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="message-form-heading" aria-busy={loading}>
        <Grid>
          <FormField id="contact-name" label="Name" required>
            {(control) => <input {...control} {...bind('name')} type="text" autoComplete="name" maxLength={FIELD_MAX_LENGTH.name} />}
          </FormField>
          <FormField id="contact-email" label="Email" required>
            {(control) => <input {...control} {...bind('email')} type="email" autoComplete="email" maxLength={FIELD_MAX_LENGTH.email} />}
          </FormField>
          <FormField id="contact-phone" label="Phone">
            {(control) => <input {...control} {...bind('phone')} type="tel" autoComplete="tel" maxLength={FIELD_MAX_LENGTH.phone} />}
          </FormField>
          <FormField id="contact-country" label="Country">
            {(control) => (
              <select {...control} {...bind('country')}>
                {branches.map((branch) => (
                  <option key={branch.id} value={branch.name}>
                    {branch.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="contact-companyName" label="Company Name">
            {(control) => <input {...control} {...bind('companyName')} type="text" autoComplete="organization" maxLength={FIELD_MAX_LENGTH.companyName} />}
          </FormField>
          <FormField id="contact-companyLocation" label="Company Location">
            {(control) => <input {...control} {...bind('companyLocation')} type="text" maxLength={FIELD_MAX_LENGTH.companyLocation} />}
          </FormField>
          <FormField id="contact-message" label="Message" required $wide>
            {(control) => <textarea {...control} {...bind('message')} rows={5} maxLength={FIELD_MAX_LENGTH.message} />}
          </FormField>
          <FormField id="contact-answer" label={HUMAN_CHECK.question} required>
            {(control) => <input {...control} {...bind('answer')} type="text" inputMode="numeric" autoComplete="off" maxLength={10} />}
          </FormField>
        </Grid>
        <Honeypot id={`contact-${HONEYPOT_FIELD}`} {...bind(HONEYPOT_FIELD)} />
        {/* a live region without role="status": the page's spinners already are status regions */}
        <Status id="message-form-status" aria-live="polite" aria-atomic="true" data-type={status.type}>
          {status.type === 'none' ? null : status.message}
        </Status>
        <Actions>
          <Button type="submit" disabled={loading}>
            {loading ? 'Sending…' : 'Send Message'}
          </Button>
          {loading ? <Spinner size={32} label="Sending your message" /> : null}
        </Actions>
      </form>
    </Section>
  );
}
