// Field rules shared by the browser forms and the server's schemas (server/src/validation).
// Plain data and functions only: no zod, no node modules, so browser bundles can import them.
import branchesJson from '../../data/branches.json';

/**
 * The e-mail check of every form (spec "Validation rules"): text, @, text, dot, text, no spaces.
 * The text parts also exclude the few characters that would let one field hold several mail
 * addresses or a display name (, ; : < > ( ) [ ] \ "), because the server uses it as Reply-To.
 */
export const EMAIL_PATTERN = /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+\.[^\s@,;:<>()[\]\\"]+$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** Branch names: the only values a form's country / region field may hold ('Dubai', 'Oman', ...). */
export const BRANCH_NAMES: readonly string[] = (branchesJson as { name: string }[]).map((branch) => branch.name);

/** The branch a form goes to when the visitor picks none. */
export const DEFAULT_BRANCH_NAME = 'Dubai';

/**
 * Longest accepted value of each text field, in characters. The browser sets them as maxLength,
 * the server rejects anything longer. A full request stays under the server's 16 KB body limit.
 */
export const FIELD_MAX_LENGTH = {
  name: 100,
  email: 254,
  phone: 40,
  message: 4000,
  companyName: 150,
  companyLocation: 150,
} as const;

/**
 * The hidden anti-spam field: a person never sees or fills it, simple bots fill every input.
 * The server accepts the submission but flags it as spam and sends no e-mail.
 */
export const HONEYPOT_FIELD = 'website';
