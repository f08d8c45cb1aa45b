// The contact page's message form as a plain HTML form post (POST /contact-us, /ar/contact-us: plainForm.ts), sent
// without the page's scripts or before they started. The same checks as the scripted form, in its order: the page's
// own (validateContactForm: the required fields, the e-mail, the human check), then the API's schema
// (contactFormSchema, as POST /api/send-contact-form checks it); stored with its mail before the answer, as the API
// stores it; then a 303 to the page's confirmation (/contact-us?sent=message: its success text, the fields empty). A
// refusal draws the page again with the fields as typed and the scripted form's text for it: a check's, or its one
// failure text (the schema's refusal, too many posts, a body refused unread, the database down).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateContactForm, HONEYPOT_FIELD } from '@site/content/validation';
import { contactFormSchema, type ContactFormFields, type PostedMessageForm } from '@site/contracts/forms-api';
import { localizedPath, type Locale } from '@site/contracts/locale';
import { parseSubmission } from '../platform/http/contracts.js';
import { describeError, type Database } from '../platform/db/index.js';
import type { SendShell } from '../pages/index.js';
import { drawFormPage, namedFields, plainFormRoutes, type FormPage, type FormPageStatus } from './plainForm.js';
import { saveContactMessage } from './store.js';

/** The form's controls, by name (mfe-contact/src/message-form). */
const MESSAGE_FIELDS = [
  'name',
  'email',
  'phone',
  'message',
  'country',
  'companyName',
  'companyLocation',
  'answer',
  HONEYPOT_FIELD,
] as const satisfies readonly (keyof ContactFormFields)[];

/** The message's 4,000 characters (and the other fields' few hundred), each up to 12 bytes as %XX escapes. */
export const MESSAGE_FORM_BODY_LIMIT = 64 * 1024;

/** The query of the page's confirmation, where a stored post is sent (303). */
export const MESSAGE_SENT_QUERY = 'sent=message';

const CONTACT_PAGE: FormPage = {
  path: 'contact-us',
  title: { en: 'Contact Us', ar: 'اتصل بنا' },
  description: { en: 'Send us a message: we reply within 24 hours.', ar: 'أرسل لنا رسالة: نردّ خلال 24 ساعة.' },
};

export interface PlainMessageOptions {
  db: Database;
  sendPage: SendShell;
  publicSiteUrl: string | undefined;
  rateLimited: boolean;
  onOutboxWrite?: (() => void) | undefined;
}

export async function plainMessageRoutes(app: FastifyInstance, options: PlainMessageOptions): Promise<void> {
  const { db, onOutboxWrite } = options;
  const draw = drawFormPage(options.sendPage, CONTACT_PAGE);
  const failed = (request: FastifyRequest, reply: FastifyReply, values: ContactFormFields, status: FormPageStatus) =>
    draw(request, reply, { form: 'message', outcome: 'failed', values } satisfies PostedMessageForm, status);

  await app.register(plainFormRoutes, {
    page: CONTACT_PAGE,
    bodyLimit: MESSAGE_FORM_BODY_LIMIT,
    publicSiteUrl: options.publicSiteUrl,
    rateLimited: options.rateLimited,
    refused: async (request, reply, status, fields) =>
      failed(request, reply, namedFields(fields ?? {}, MESSAGE_FIELDS), status),
    answer: async (request, reply, fields, locale: Locale) => {
      const values = namedFields(fields, MESSAGE_FIELDS);
      const problem = validateContactForm(values);
      if (problem !== null)
        return draw(
          request,
          reply,
          { form: 'message', outcome: 'invalid', problem, values } satisfies PostedMessageForm,
          400,
        );
      // the body the scripted form sends (contactPayload): the fields but the human check, and the page's language
      const { answer: _answer, ...body } = values;
      const parsed = parseSubmission(contactFormSchema, { ...body, language: locale });
      if (!parsed.ok) {
        request.log.info(`a plain post of the message form was refused: ${parsed.error}`);
        return failed(request, reply, values, 400);
      }
      try {
        const id = await saveContactMessage(db, parsed.data, { spam: parsed.spam });
        if (parsed.spam) request.log.info({ id }, 'honeypot field filled: stored as spam, no mail');
        else onOutboxWrite?.();
      } catch (error) {
        request.log.error({ err: error }, `could not store a message form's plain post: ${describeError(error)}`);
        return failed(request, reply, values, 503);
      }
      return reply.redirect(`${localizedPath(locale, `/${CONTACT_PAGE.path}`)}?${MESSAGE_SENT_QUERY}`, 303);
    },
  });
}

/**
 * The contact page at its confirmation's address (`?sent=message`, where a stored post is sent): drawn with the
 * form's success text and its fields empty; any other address of the page is undefined (drawn as usual).
 */
export function messageSentPage(sendPage: SendShell) {
  const draw = drawFormPage(sendPage, CONTACT_PAGE);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    if (new URLSearchParams(query).get('sent') !== MESSAGE_SENT_QUERY.split('=')[1]) return undefined;
    return draw(request, reply, { form: 'message', outcome: 'sent' } satisfies PostedMessageForm);
  };
}
