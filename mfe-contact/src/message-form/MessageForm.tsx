import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react';
import { Button, SectionHeading, Spinner } from '@site/shared-ui';
import type { Branch } from '@site/content';
import { useLocale } from '@site/shared-store';
import { localizedPath } from '@site/contracts/locale';
import type { PostedMessageForm } from '@site/contracts/forms-api';
import type { SiteRoutePath } from '@site/contracts/routes';
import {
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  validateContactForm,
  type ContactFormProblem,
} from '@site/content/validation';
import { useText } from '../i18n/useText';
import {
  BranchField,
  FormActions,
  FormField,
  FormGrid,
  FormHoneypot,
  HumanCheckField,
  PersonFields,
  useFormValues,
} from '../form-parts/FormParts';
import { usePostedForm } from '../form-parts/postedForm';
import { EMPTY_CONTACT_FORM, failureEmailFor, sendContactMessage } from './contactMessage';

const Section = styled.section`
  margin-block-start: 48px;
`;

// The colour by data-type, not by a styled-components prop: a prop would write a new class into the page's stylesheet
// at the first submit, inside the click that shows the message.
const Status = styled.p`
  min-height: 1.5em;
  margin-block: 16px;
  margin-inline: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
  &[data-type='success'] { color: ${({ theme }) => theme.colors.success}; }
`;

/** What the status line says, as codes: its text is written in the page's language where it is shown. */
type ContactStatus =
  | { type: 'none' }
  | { type: 'invalid'; problem: ContactFormProblem }
  | { type: 'failed'; email: string }
  | { type: 'success' };

/** The contact page's address (the route table's, checked as a type: the table itself stays out of the bundle), where the form posts. */
const CONTACT_PATH = '/contact-us' satisfies `/${SiteRoutePath}`;

const PROBLEM_TEXT = {
  required: 'contact.form.error.required',
  invalidEmail: 'contact.form.error.invalidEmail',
  wrongAnswer: 'contact.form.error.wrongAnswer',
} as const satisfies Record<ContactFormProblem, string>;

export interface MessageFormProps {
  /** The branches in the page's language: the country list shows their names, and sends the server's name of each. */
  branches: Branch[];
}

/** The status a plain post of the form left (the page the server drew in answer): the same the form shows when it sends itself. */
function postedStatus(posted: PostedMessageForm): ContactStatus {
  switch (posted.outcome) {
    case 'sent':
      return { type: 'success' };
    case 'invalid':
      return { type: 'invalid', problem: posted.problem };
    case 'failed':
      return { type: 'failed', email: failureEmailFor(posted.values.country) };
  }
}

/**
 * The 'Send us a message' form of /contact-us: checks, then posts to the site's own server. Also a plain HTML form
 * (method, action, named fields) posting to the page's own address: before the page's scripts have started, or without
 * them, the server checks it as the browser would and answers with the page again (server/src/submissions/
 * plainMessageRoutes.ts); once they have started, the form sends itself as JSON, as it always did.
 */
export function MessageForm({ branches }: MessageFormProps) {
  const text = useText();
  const locale = useLocale();
  const posted = usePostedForm('message');
  const { values, setValues, bind, formRef } = useFormValues(
    posted !== undefined && posted.outcome !== 'sent' ? posted.values : EMPTY_CONTACT_FORM,
  );
  const [status, setStatus] = useState<ContactStatus>(posted === undefined ? { type: 'none' } : postedStatus(posted));
  const [loading, setLoading] = useState(false);

  /**
   * The spec's checks in order (first failure shown, nothing sent); then clear the status, show loading and post.
   * Success clears every field; a non-ok answer or a network error keeps them.
   */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problem = validateContactForm(values);
    if (problem !== null) {
      setStatus({ type: 'invalid', problem });
      return;
    }
    setStatus({ type: 'none' });
    setLoading(true);
    const sent = await sendContactMessage(values, locale);
    setLoading(false);
    if (sent) {
      setValues(EMPTY_CONTACT_FORM);
      setStatus({ type: 'success' });
    } else {
      setStatus({ type: 'failed', email: failureEmailFor(values.country) });
    }
  };

  const statusText = () => {
    switch (status.type) {
      case 'none':
        return null;
      case 'invalid':
        return text(PROBLEM_TEXT[status.problem]);
      case 'success':
        return text('contact.form.success');
      case 'failed':
        // the address reads left to right inside Arabic text
        return (
          <Trans id="contact.form.failure" values={{ email: status.email }} components={{ 0: <bdi dir="ltr" /> }} />
        );
    }
  };

  return (
    <Section aria-labelledby="message-form-heading">
      <SectionHeading as="h2" id="message-form-heading">
        {text('contact.form.heading')}
      </SectionHeading>
      {/* noValidate: the spec's own checks run in its order and show its texts */}
      <form
        ref={formRef}
        method="post"
        action={localizedPath(locale, CONTACT_PATH)}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="message-form-heading"
        aria-busy={loading}
      >
        <FormGrid>
          <PersonFields nameLabel={text('contact.form.name')} idPrefix="contact" bind={bind} phoneRequired={false} />
          <BranchField
            id="contact-country"
            label={text('contact.form.country')}
            branches={branches}
            control={bind('country')}
          />
          <FormField id="contact-companyName" label={text('contact.form.companyName')}>
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
          <FormField id="contact-companyLocation" label={text('contact.form.companyLocation')}>
            {(control) => (
              <input
                {...control}
                {...bind('companyLocation', FIELD_MAX_LENGTH.companyLocation)}
                type="text"
                dir="auto"
              />
            )}
          </FormField>
          <FormField id="contact-message" label={text('contact.form.message')} required $wide>
            {(control) => <textarea {...control} {...bind('message', FIELD_MAX_LENGTH.message)} dir="auto" rows={5} />}
          </FormField>
          <HumanCheckField id="contact-answer" {...bind('answer')} />
        </FormGrid>
        <FormHoneypot idPrefix="contact" {...bind(HONEYPOT_FIELD)} />
        {/* a live region without role="status": the page's spinners already are status regions */}
        <Status
          id="message-form-status"
          aria-live="polite"
          aria-atomic="true"
          data-type={status.type === 'invalid' || status.type === 'failed' ? 'error' : status.type}
        >
          {statusText()}
        </Status>
        <FormActions>
          <Button type="submit" disabled={loading}>
            {loading ? text('contact.form.sending') : text('contact.form.send')}
          </Button>
          {loading ? <Spinner size={32} label={text('contact.form.sendingLabel')} /> : null}
        </FormActions>
      </form>
    </Section>
  );
}
