import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { branches } from '@site/content';
import { FIELD_MAX_LENGTH, HONEYPOT_FIELD, HUMAN_CHECK } from '@site/content/src/validation';
import {
  fieldChanged,
  selectContactLoading,
  selectContactStatus,
  selectContactValues,
  submitContactForm,
  type ContactField,
} from './contactUsSlice';

const Section = styled.section`
  margin-top: 48px;
`;

const Grid = styled.div`
  display: grid;
  gap: 16px 24px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) { grid-template-columns: 1fr; }
`;

const FieldBox = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  label { font-weight: 600; }
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

/** Off screen and out of the accessibility tree: only bots that fill every input find it. */
const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
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

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}

function Field({ id, label, required = false, wide = false, children }: FieldProps) {
  return (
    <FieldBox $wide={wide}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
    </FieldBox>
  );
}

/** The 'Send us a message' form of /contact-us: checks, then posts to the site's own server. */
export function MessageForm() {
  const dispatch = useAppDispatch();
  const values = useAppSelector(selectContactValues);
  const status = useAppSelector(selectContactStatus);
  const loading = useAppSelector(selectContactLoading);

  const bind = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      dispatch(fieldChanged({ field, value: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) void dispatch(submitContactForm());
  };

  return (
    <Section aria-labelledby="message-form-heading">
      <SectionHeading as="h2" id="message-form-heading">
        Send us a message
      </SectionHeading>
      {/* noValidate: the spec's own checks run in its order and show its texts */}
      <form noValidate onSubmit={onSubmit} aria-labelledby="message-form-heading" aria-busy={loading}>
        <Grid>
          <Field id="contact-name" label="Name" required>
            <input {...bind('name')} type="text" autoComplete="name" maxLength={FIELD_MAX_LENGTH.name} aria-required="true" />
          </Field>
          <Field id="contact-email" label="Email" required>
            <input {...bind('email')} type="email" autoComplete="email" maxLength={FIELD_MAX_LENGTH.email} aria-required="true" />
          </Field>
          <Field id="contact-phone" label="Phone">
            <input {...bind('phone')} type="tel" autoComplete="tel" maxLength={FIELD_MAX_LENGTH.phone} />
          </Field>
          <Field id="contact-country" label="Country">
            <select {...bind('country')}>
              {branches.map((branch) => (
                <option key={branch.id} value={branch.name}>
                  {branch.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="contact-companyName" label="Company Name">
            <input {...bind('companyName')} type="text" autoComplete="organization" maxLength={FIELD_MAX_LENGTH.companyName} />
          </Field>
          <Field id="contact-companyLocation" label="Company Location">
            <input {...bind('companyLocation')} type="text" maxLength={FIELD_MAX_LENGTH.companyLocation} />
          </Field>
          <Field id="contact-message" label="Message" required wide>
            <textarea {...bind('message')} rows={5} maxLength={FIELD_MAX_LENGTH.message} aria-required="true" />
          </Field>
          <Field id="contact-answer" label={HUMAN_CHECK.question} required>
            <input {...bind('answer')} type="text" inputMode="numeric" autoComplete="off" maxLength={10} aria-required="true" />
          </Field>
        </Grid>
        <Honeypot aria-hidden="true">
          <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input {...bind(HONEYPOT_FIELD)} type="text" tabIndex={-1} autoComplete="off" />
        </Honeypot>
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
