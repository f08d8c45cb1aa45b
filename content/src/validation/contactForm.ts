// The contact form's rules and texts (spec "Validation rules" and "Error catalogue").
import { isValidEmail } from './rules';

/** Required fields, in the order the visitor sees them. */
export const CONTACT_REQUIRED_FIELDS = ['name', 'email', 'message'] as const;

/** The human check shown above the submit button. */
export const HUMAN_CHECK = { question: '23 - 14 = ?', answer: 9 } as const;

export const CONTACT_FORM_MESSAGES = {
  required: 'Please fill in all required fields (Name, Email, Message)',
  invalidEmail: 'Please enter a valid email address',
  wrongAnswer: 'Incorrect answer to the equation. Please try again.',
  success: "Thank you for your message! We'll get back to you within 24 hours.",
} as const;

/** The failure text, naming the address the visitor can write to instead. */
export const contactFailureMessage = (email: string): string =>
  `Failed to send message. Please try again or contact us directly at ${email}`;

/** What the browser checks before sending: the required fields, the e-mail and the human check. */
export interface ContactFormCheck {
  name: string;
  email: string;
  message: string;
  /** The human-check answer as typed (string) or as a number. */
  answer: string | number;
}

/** The human check accepts 9 as a number or as text ('9', ' 9 '). */
export function isHumanCheckAnswer(answer: string | number): boolean {
  return typeof answer === 'number' ? answer === HUMAN_CHECK.answer : answer.trim() === String(HUMAN_CHECK.answer);
}

/**
 * The spec's checks in order; the first that fails gives the message shown, null when all pass.
 * Blank (whitespace-only) counts as empty.
 */
export function validateContactForm(values: ContactFormCheck): string | null {
  if (CONTACT_REQUIRED_FIELDS.some((field) => values[field].trim() === '')) return CONTACT_FORM_MESSAGES.required;
  if (!isValidEmail(values.email)) return CONTACT_FORM_MESSAGES.invalidEmail;
  if (!isHumanCheckAnswer(values.answer)) return CONTACT_FORM_MESSAGES.wrongAnswer;
  return null;
}
