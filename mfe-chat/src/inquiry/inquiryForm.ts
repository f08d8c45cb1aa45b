import { isBranchName, isValidEmail } from '@site/content/validation';
import { visitorFieldErrors, type FieldErrors } from '../forms/fieldErrors';
import type { VisitorProfile } from '../welcome/visitorProfile';
import type { InquiryPayload } from './sendInquiry';

export type InquiryForm = InquiryPayload;

export const EMPTY_INQUIRY: InquiryForm = {
  userName: '',
  userEmail: '',
  userCountry: '',
  inquiryPhone: '',
  inquiryMessage: '',
  companyName: '',
  companyLocation: '',
};

/** Why the form cannot be sent: the message id of the text the modal shows (src/i18n/<locale>.json). */
export const INQUIRY_ERRORS = {
  required: 'chat.inquiry.errorRequired',
  invalidEmail: 'chat.inquiry.errorEmail',
} as const;

export type InquiryError = (typeof INQUIRY_ERRORS)[keyof typeof INQUIRY_ERRORS];

/** The visitor's name, e-mail and region fill the fields still empty. */
export function prefillInquiry(form: InquiryForm, profile: VisitorProfile | null): InquiryForm {
  if (!profile) return form;
  return {
    ...form,
    userName: form.userName || profile.userName,
    userEmail: form.userEmail || profile.userEmail,
    userCountry: form.userCountry || profile.userCountry,
  };
}

/** Closing with X or the backdrop forgets what was written for this inquiry; name, e-mail and region stay. */
export function clearInquiryDetails(form: InquiryForm): InquiryForm {
  return { ...form, inquiryMessage: '', inquiryPhone: '', companyName: '', companyLocation: '' };
}

/** The trimmed payload, or the message (its id) to show when a required field is blank or the e-mail is malformed. */
export function checkInquiry(form: InquiryForm): { payload: InquiryPayload } | { error: InquiryError } {
  const payload = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()])) as InquiryPayload;
  if (!payload.userName || !payload.userEmail || !payload.inquiryMessage || !isBranchName(payload.userCountry)) {
    return { error: INQUIRY_ERRORS.required };
  }
  if (!isValidEmail(payload.userEmail)) return { error: INQUIRY_ERRORS.invalidEmail };
  return { payload };
}

/** What is wrong with each field the form requires (shown under it), beside the form's one message above. */
export function inquiryFieldErrors(form: InquiryForm): FieldErrors<keyof InquiryForm> {
  return {
    ...visitorFieldErrors(form),
    ...(form.inquiryMessage.trim() === '' ? { inquiryMessage: 'chat.form.errorRequired' as const } : {}),
  };
}
