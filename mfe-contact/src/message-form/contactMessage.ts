// The contact form's values and its one call, without React: the form component keeps the values in its own state.
import { branches, company } from '@site/content';
import { DEFAULT_BRANCH_NAME, HONEYPOT_FIELD } from '@site/content/validation';
import { CONTACT_FORM_API_PATH } from '@site/contracts/api';
import type { ContactFormBody, ContactFormFields } from '@site/contracts/forms-api';
import { DEFAULT_LOCALE, type Locale } from '@site/contracts/locale';

/**
 * The form's values: each field of the server's schema as typed (country a branch name as the server knows it,
 * 'Dubai' whatever the page's language; the hidden honeypot empty for every person), and the human check
 * '23 - 14 = ?' (checked here, never sent; by the server when the form is posted without the page's scripts).
 */
export type ContactFormValues = ContactFormFields;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
  country: DEFAULT_BRANCH_NAME,
  companyName: '',
  companyLocation: '',
  answer: '',
  [HONEYPOT_FIELD]: '',
};

/** The address named in the failure text: the chosen branch's, or the general one. */
export function failureEmailFor(country: string): string {
  return branches.find((branch) => branch.name === country)?.email ?? company.generalEmail;
}

/**
 * The body of POST /api/send-contact-form: the form without the human check, and the page's language when it is not
 * English (the server's default): the branch's mail says which language the visitor wrote from. An English page sends
 * the body it always sent, so it works with a server released before the field existed.
 */
export function contactPayload(values: ContactFormValues, language: Locale = DEFAULT_LOCALE): ContactFormBody {
  const { answer: _answer, ...payload } = values;
  return language === DEFAULT_LOCALE ? payload : { ...payload, language };
}

/**
 * Posts the message; true when the server took it. A non-ok answer (400, 413, 415, 429, 5xx) or a network error is
 * logged and gives false: the visitor sees one failure text, in the page's language, either way.
 */
export async function sendContactMessage(
  values: ContactFormValues,
  language: Locale = DEFAULT_LOCALE,
): Promise<boolean> {
  try {
    const response = await fetch(CONTACT_FORM_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(contactPayload(values, language)),
    });
    if (response.ok) return true;
    const body: unknown = await response.json().catch(() => null);
    const reason =
      typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `HTTP ${response.status}`;
    console.error(`The contact form was not accepted: ${reason}`);
    return false;
  } catch (error) {
    console.error('The contact form could not be sent:', error);
    return false;
  }
}
