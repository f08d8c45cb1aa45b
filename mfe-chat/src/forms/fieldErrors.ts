// The chat forms' own checks, worded in the page's language under each field. The forms set noValidate: a browser's
// bubbles speak the browser's language (English on an Arabic page) and vanish before a screen reader reads them.
import { isBranchName, isValidEmail } from '@site/content/validation';

/** The message id (src/i18n/<locale>.json) of what is wrong with a field. */
export type FieldErrorId = 'chat.form.errorRequired' | 'chat.form.errorEmail' | 'chat.form.errorRegion';

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorId>>;

interface VisitorFields {
  userName: string;
  userEmail: string;
  userCountry: string;
}

/** What is wrong with a visitor's name, e-mail and region (the welcome form's fields, and the inquiry's first ones). */
export function visitorFieldErrors({
  userName,
  userEmail,
  userCountry,
}: VisitorFields): FieldErrors<keyof VisitorFields> {
  const errors: FieldErrors<keyof VisitorFields> = {};
  if (userName.trim() === '') errors.userName = 'chat.form.errorRequired';
  if (userEmail.trim() === '') errors.userEmail = 'chat.form.errorRequired';
  else if (!isValidEmail(userEmail.trim())) errors.userEmail = 'chat.form.errorEmail';
  if (!isBranchName(userCountry)) errors.userCountry = 'chat.form.errorRegion';
  return errors;
}

/** The first field of `order` with an error: where the focus goes after a refused submit. */
export const firstWithError = <Field extends string>(
  errors: FieldErrors<Field>,
  order: readonly Field[],
): Field | undefined => order.find((field) => errors[field] !== undefined);
