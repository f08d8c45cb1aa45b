import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Modal } from '@site/shared-ui';
import { FIELD_MAX_LENGTH } from '@site/content/validation';
import { RegionField, TextAreaField, TextField } from '../forms/fields';
import type { VisitorProfile } from '../welcome/visitorProfile';
import { checkInquiry, clearInquiryDetails, EMPTY_INQUIRY, prefillInquiry, type InquiryForm } from './inquiryForm';
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
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- prefilled on each opening; the visitor's edits stay until then
    if (open) setForm((current) => prefillInquiry(current, profile));
  }, [open, profile]);

  const set = (field: keyof InquiryForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const dismiss = () => {
    setForm(clearInquiryDetails);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInquiry(form);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    onClose();
    void onSubmit(checked.payload).then((sent) => {
      if (sent) setForm(clearInquiryDetails);
    });
  };

  return (
    <Modal open={open} onClose={dismiss} title="Send Inquiry" closeLabel="Close inquiry form" maxWidth={560}>
      <form onSubmit={submit}>
        {error ? <FormError role="alert">{error}</FormError> : null}
        <Row>
          <TextField label="Full Name *" placeholder="Enter your full name" autoComplete="name" required maxLength={FIELD_MAX_LENGTH.name} value={form.userName} onChange={set('userName')} />
          <TextField label="Email Address *" type="email" placeholder="Enter your email address" autoComplete="email" required maxLength={FIELD_MAX_LENGTH.email} value={form.userEmail} onChange={set('userEmail')} />
          <TextField label="Phone Number" type="tel" placeholder="+971 XX XXX XXXX" autoComplete="tel" maxLength={FIELD_MAX_LENGTH.phone} value={form.inquiryPhone} onChange={set('inquiryPhone')} />
          <RegionField label="Region/Branch *" required value={form.userCountry} onChange={set('userCountry')} />
          <TextField label="Company Name" placeholder="Enter your company name" autoComplete="organization" maxLength={FIELD_MAX_LENGTH.companyName} value={form.companyName} onChange={set('companyName')} />
          <TextField label="Company Location" placeholder="City, Country" maxLength={FIELD_MAX_LENGTH.companyLocation} value={form.companyLocation} onChange={set('companyLocation')} />
        </Row>
        <TextAreaField
          label="Your Inquiry *"
          rows={5}
          placeholder="Please describe your requirements: products, quantities, specifications..."
          required
          maxLength={FIELD_MAX_LENGTH.message}
          value={form.inquiryMessage}
          onChange={set('inquiryMessage')}
        />
        <Button type="submit">Submit Inquiry</Button>
      </form>
    </Modal>
  );
}
