import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Modal } from '@site/shared-ui';
import { cutToCharacters, FIELD_MAX_LENGTH } from '@site/content/validation';
import { RegionField, TextAreaField, TextField } from '../forms/fields';
import { useText } from '../i18n/useText';
import type { VisitorProfile } from '../welcome/visitorProfile';
import type { FieldErrors } from '../forms/fieldErrors';
import {
  checkInquiry,
  clearInquiryDetails,
  EMPTY_INQUIRY,
  inquiryFieldErrors,
  prefillInquiry,
  type InquiryError,
  type InquiryForm,
} from './inquiryForm';
import type { InquiryPayload } from './sendInquiry';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 12px;
  @media (max-width: ${({ theme }) => theme.chatMobile}px) { grid-template-columns: 1fr; }
`;

const FormError = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

export interface InquiryModalProps {
  open: boolean;
  profile: VisitorProfile | null;
  onClose: () => void;
  /** Sends the inquiry; resolves to whether it was accepted. */
  onSubmit: (payload: InquiryPayload) => Promise<boolean>;
}

/**
 * The 'Send Inquiry' form. Prefilled from the visitor's profile; X or the backdrop clears the message, phone and
 * company fields; after a submission the modal closes whatever the result (the bot reports it).
 */
export function InquiryModal({ open, profile, onClose, onSubmit }: InquiryModalProps) {
  const [form, setForm] = useState<InquiryForm>(EMPTY_INQUIRY);
  const text = useText();
  const [error, setError] = useState<InquiryError | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof InquiryForm>>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // the first field that says what it lacks takes the focus (its message is read with it)
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- prefilled on each opening; the visitor's edits stay until then
    if (open) setForm((current) => prefillInquiry(current, profile));
  }, [open, profile]);

  /** With `limit`, what is typed is cut to that many characters as the server counts them (not maxLength's UTF-16 units). */
  const set = (field: keyof InquiryForm, limit?: number) => (event: { target: { value: string } }) => {
    setForm({
      ...form,
      [field]: limit === undefined ? event.target.value : cutToCharacters(event.target.value, limit),
    });
    setFieldErrors(({ [field]: _fixed, ...others }) => others);
  };
  const errorOf = (field: keyof InquiryForm) => {
    const id = fieldErrors[field];
    return id === undefined ? undefined : text(id);
  };

  const dismiss = () => {
    setForm(clearInquiryDetails);
    setError(null);
    setFieldErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInquiry(form);
    if ('error' in checked) {
      setError(checked.error);
      setFieldErrors(inquiryFieldErrors(form));
      setRefusals((count) => count + 1);
      return;
    }
    setError(null);
    setFieldErrors({});
    onClose();
    void onSubmit(checked.payload).then((sent) => {
      if (sent) setForm(clearInquiryDetails);
    });
  };

  return (
    <Modal
      open={open}
      onClose={dismiss}
      title={text('chat.inquiry.title')}
      closeLabel={text('chat.inquiry.close')}
      maxWidth={560}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        {error ? <FormError role="alert">{text(error)}</FormError> : null}
        <Row>
          <TextField
            label={text('chat.form.fullName')}
            placeholder={text('chat.form.fullNamePlaceholder')}
            autoComplete="name"
            required
            value={form.userName}
            error={errorOf('userName')}
            onChange={set('userName', FIELD_MAX_LENGTH.name)}
          />
          <TextField
            label={text('chat.form.email')}
            type="email"
            dir="ltr"
            placeholder={text('chat.form.emailPlaceholder')}
            autoComplete="email"
            required
            maxLength={FIELD_MAX_LENGTH.email}
            value={form.userEmail}
            error={errorOf('userEmail')}
            onChange={set('userEmail')}
          />
          {/* A phone number's example is a technical value, the same in both languages */}
          <TextField
            label={text('chat.inquiry.phone')}
            type="tel"
            dir="ltr"
            placeholder="+971 XX XXX XXXX"
            autoComplete="tel"
            maxLength={FIELD_MAX_LENGTH.phone}
            value={form.inquiryPhone}
            onChange={set('inquiryPhone')}
          />
          <RegionField
            label={text('chat.inquiry.region')}
            required
            value={form.userCountry}
            error={errorOf('userCountry')}
            onChange={set('userCountry')}
          />
          <TextField
            label={text('chat.inquiry.companyName')}
            placeholder={text('chat.inquiry.companyNamePlaceholder')}
            autoComplete="organization"
            value={form.companyName}
            onChange={set('companyName', FIELD_MAX_LENGTH.companyName)}
          />
          <TextField
            label={text('chat.inquiry.companyLocation')}
            placeholder={text('chat.inquiry.companyLocationPlaceholder')}
            value={form.companyLocation}
            onChange={set('companyLocation', FIELD_MAX_LENGTH.companyLocation)}
          />
        </Row>
        <TextAreaField
          label={text('chat.inquiry.message')}
          rows={5}
          placeholder={text('chat.inquiry.messagePlaceholder')}
          required
          value={form.inquiryMessage}
          error={errorOf('inquiryMessage')}
          onChange={set('inquiryMessage', FIELD_MAX_LENGTH.message)}
        />
        <Button type="submit">{text('chat.inquiry.submit')}</Button>
      </form>
    </Modal>
  );
}
