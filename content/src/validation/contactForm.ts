// The contact form's rules (spec "Validation rules"). They answer with codes, never with texts: the form shows each
// code's message in the page's language (mfe-contact/src/i18n: en.json holds the spec's "Error catalogue" texts).
import { isValidEmail } from './rules';
import { withWesternDigits } from './digits';

export { withWesternDigits };

/** Required fields, in the order the visitor sees them. */
export const CONTACT_REQUIRED_FIELDS = ['name', 'email', 'message'] as const;

/** The human check shown above the submit button: its numbers (the form writes the question in its language). */
export const HUMAN_CHECK = { question: '23 - 14 = ?', minuend: 23, subtrahend: 14, answer: 9 } as const;

/**
 * Why the form is not sent, the first failing check in the spec's order: 'required' (a required field is blank),
 * 'invalidEmail', 'wrongAnswer' (the human check).
 */
export type ContactFormProblem = 'required' | 'invalidEmail' | 'wrongAnswer';

/** What the browser checks before sending: the required fields, the e-mail and the human check. */
export interface ContactFormCheck {
  name: string;
  email: string;
  message: string;
  /** The human-check answer as typed (string) or as a number. */
  answer: string | number;
}

/** The human check accepts 9 as a number or as text ('9', ' 9 ', and the Arabic-Indic '٩'). */
export function isHumanCheckAnswer(answer: string | number): boolean {
  return typeof answer === 'number'
    ? answer === HUMAN_CHECK.answer
    : withWesternDigits(answer.trim()) === String(HUMAN_CHECK.answer);
}

/**
 * The spec's checks in order; the first that fails gives its code, null when all pass.
 * Blank (whitespace-only) counts as empty.
 */
export function validateContactForm(values: ContactFormCheck): ContactFormProblem | null {
  if (CONTACT_REQUIRED_FIELDS.some((field) => values[field].trim() === '')) return 'required';
  if (!isValidEmail(values.email)) return 'invalidEmail';
  if (!isHumanCheckAnswer(values.answer)) return 'wrongAnswer';
  return null;
}
