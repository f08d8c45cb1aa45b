// The bodies and answers of the three form POSTs (spec "The calls it makes"; addresses in api.ts): allow-list schemas
// the server registers on its routes, whose types the browser imports (`import type`: no zod in a bundle). The field
// rules the browser also checks (e-mail pattern, branch names, lengths) are content's; the text rule is textField.ts.
import { z } from 'zod';
import {
  BRANCH_NAMES,
  isBranchName,
  DEFAULT_BRANCH_NAME,
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  type ContactFormProblem,
} from '@site/content/validation';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';
import { textField, typeError } from './textField';
import { apiProblemsSchema } from './apiProblems';

export interface TextOptions {
  max: number;
  multiline?: boolean;
}

/** Trimmed text up to max characters passing the shared character rule (textField.ts; may be empty). */
function text(field: string, { max, multiline = false }: TextOptions) {
  return textField(field, { max, kind: multiline ? 'multiline' : 'line' });
}

/** Text that must be present (not blank). */
export function requiredText(field: string, options: TextOptions) {
  return text(field, options).refine((value) => value !== '', { error: `${field} is required`, abort: true });
}

/** Text that may be left out, null or blank: stored as null. */
export function optionalText(field: string, options: TextOptions) {
  return text(field, options)
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

export function email(field: string) {
  return requiredText(field, { max: FIELD_MAX_LENGTH.email }).refine((value) => EMAIL_PATTERN.test(value), {
    error: `${field} must be a valid email address`,
  });
}

const BRANCH_LIST = BRANCH_NAMES.join(', ');

export function branchName(field: string) {
  return z
    .string({ error: typeError(field) })
    .refine((value) => isBranchName(value), { error: `${field} must be one of: ${BRANCH_LIST}` });
}

const LANGUAGE_LIST = LOCALES.join(', ');

/**
 * The language of the page the visitor wrote from ('en' | 'ar'): the branch's mail says it. Optional (forms of an
 * English page leave it out, as before it existed); left out or null means English. Anything else is a 400.
 */
export const language = z
  .enum(LOCALES, { error: `language must be one of: ${LANGUAGE_LIST}` })
  .nullish()
  .transform((value): Locale => value ?? DEFAULT_LOCALE);

/** The honeypot: any string (a filled one marks the submission as spam); anything else is a bad request. */
export const honeypot = z
  .string({ error: `${HONEYPOT_FIELD} must be text` })
  .max(1000, { error: `${HONEYPOT_FIELD} must be at most 1000 characters` })
  .optional();

/** An object of exactly these fields; the 400 of anything else names the unknown fields and the expected ones. */
export function strictObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: expected only ${Object.keys(shape).join(', ')}`;
      }
      return 'The request body must be a JSON object';
    },
  });
}

/** POST CONTACT_FORM_API_PATH: the 'Send us a message' form (from either edition: `language`). */
export const contactFormSchema = strictObject({
  name: requiredText('name', { max: FIELD_MAX_LENGTH.name }),
  email: email('email'),
  phone: optionalText('phone', { max: FIELD_MAX_LENGTH.phone }),
  message: requiredText('message', { max: FIELD_MAX_LENGTH.message, multiline: true }),
  // the form always sends one; left out, null or blank means the default branch
  country: z
    .string({ error: typeError('country') })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? DEFAULT_BRANCH_NAME : value))
    .refine((value) => isBranchName(value), { error: `country must be one of: ${BRANCH_LIST}` }),
  companyName: optionalText('companyName', { max: FIELD_MAX_LENGTH.companyName }),
  companyLocation: optionalText('companyLocation', { max: FIELD_MAX_LENGTH.companyLocation }),
  language,
  [HONEYPOT_FIELD]: honeypot,
});

/** POST REGISTRATION_API_PATH: the chat's welcome form. */
export const registrationSchema = strictObject({
  userName: requiredText('userName', { max: FIELD_MAX_LENGTH.name }),
  userEmail: email('userEmail'),
  userCountry: branchName('userCountry'),
  [HONEYPOT_FIELD]: honeypot,
});

/** POST INQUIRY_API_PATH: the chat's 'Send Inquiry' form (from either edition: `language`). */
export const inquirySchema = strictObject({
  userName: requiredText('userName', { max: FIELD_MAX_LENGTH.name }),
  userEmail: email('userEmail'),
  userCountry: branchName('userCountry'),
  inquiryPhone: optionalText('inquiryPhone', { max: FIELD_MAX_LENGTH.phone }),
  inquiryMessage: requiredText('inquiryMessage', { max: FIELD_MAX_LENGTH.message, multiline: true }),
  companyName: optionalText('companyName', { max: FIELD_MAX_LENGTH.companyName }),
  companyLocation: optionalText('companyLocation', { max: FIELD_MAX_LENGTH.companyLocation }),
  language,
  [HONEYPOT_FIELD]: honeypot,
});

/** The answer of a stored form: its row id. */
export const submissionCreatedSchema = z.strictObject({ ok: z.literal(true), id: z.number().int() });

/**
 * Every refusal of a public or staff call (400, 404, 409, 413, 415, 429, 503): a sentence a person can read; a 400
 * whose body or query was refused also its `problems` one by one (the sentence names the same ones). Other fields pass
 * through unchecked (a 429's, or Fastify's own {statusCode, message} in a scope without the site's error handler).
 */
export const apiErrorSchema = z.looseObject({ error: z.string(), problems: apiProblemsSchema });

/** What the browser sends (z.input: optional fields may be left out). */
export type ContactFormBody = z.input<typeof contactFormSchema>;
export type RegistrationBody = z.input<typeof registrationSchema>;
export type InquiryBody = z.input<typeof inquirySchema>;
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
export type { ApiProblem } from './apiProblems';

/**
 * The message form's fields as typed, by their controls' names: what a plain post of it sends (the page's scripts not
 * started: the server checks the human check too), the body's fields and the human check's `answer`.
 */
export type ContactFormFields = Record<Exclude<keyof ContactFormBody, 'language'>, string> & { answer: string };

/**
 * What came of a plain post of the contact page's message form, for the page the server draws in answer (read at
 * FORM_POST_OUTCOME_PATH of api.ts): sent (the page says so, its fields empty), or not, with the fields as typed and
 * why: a check the page makes before sending ('invalid'), or the server's refusal or failure ('failed': the page's one
 * failure text, as when its scripts send it).
 */
export type PostedMessageForm =
  | { form: 'message'; outcome: 'sent' }
  | { form: 'message'; outcome: 'invalid'; problem: ContactFormProblem; values: ContactFormFields }
  | { form: 'message'; outcome: 'failed'; values: ContactFormFields };

/** What a schema gives the server, without the honeypot (it only sets the spam flag). */
export type Submission<S extends z.ZodType> = Omit<z.output<S>, typeof HONEYPOT_FIELD>;
export type ContactForm = Submission<typeof contactFormSchema>;
export type Registration = Submission<typeof registrationSchema>;
export type Inquiry = Submission<typeof inquirySchema>;
