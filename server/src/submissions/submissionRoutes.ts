// The three form POSTs (spec "The calls it makes"): validated, rate limited, stored with their mail.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CONTACT_FORM_API_PATH, INQUIRY_API_PATH, REGISTRATION_API_PATH } from '@site/contracts/api';
import {
  apiErrorSchema,
  contactFormSchema,
  inquirySchema,
  registrationSchema,
  submissionCreatedSchema,
  type Submission,
} from '@site/contracts/forms-api';
import { HONEYPOT_FIELD } from '@site/content/validation';
import { useContracts, withoutHoneypot } from '../platform/http/contracts.js';
import { useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { registerRateLimit, type RateLimitOptions } from '../platform/http/rateLimit.js';
import { describeError, type Database } from '../platform/db/index.js';
import { saveContactMessage, saveInquiry, saveRegistration, type SaveOptions } from './store.js';
import type { SendShell } from '../pages/index.js';
import { plainMessageRoutes } from './plainMessageRoutes.js';

/** Largest accepted request body: a full form is far below it (the longest field is 4,000 characters). */
export const SUBMISSION_BODY_LIMIT = 16 * 1024;

export const SUBMISSION_PATHS = {
  contactForm: CONTACT_FORM_API_PATH,
  registration: REGISTRATION_API_PATH,
  inquiry: INQUIRY_API_PATH,
} as const;

export interface SubmissionRoutesOptions extends RateLimitOptions {
  db: Database;
  /** Called after a submission queued a mail (the outbox worker sends it at once instead of at its next poll). */
  onOutboxWrite?: () => void;
  /**
   * The site's page answer (shellResponder.ts): with it, the contact page's message form is also taken as a plain form post
   * (POST /contact-us, /ar/…: plainMessageRoutes.ts). Without it (this feature's own tests), only the API.
   */
  sendPage?: SendShell | undefined;
  /** PUBLIC_SITE_URL: the origin a plain form post must come from (crossSite.ts). */
  publicSiteUrl?: string | undefined;
}

const NOT_SAVED = 'Your submission could not be saved right now. Please try again in a few minutes.';

/**
 * Registers POST /api/send-contact-form, /api/send-user-registration and /api/send-inquiry.
 * Every answer is JSON: 200 {ok, id}; 400 bad input, 413 too large, 415 not JSON, 405 wrong method,
 * 429 too many requests, 503 database down; each 4xx/5xx as {error} with a message a person can read.
 * Register it with app.register (its error handler, hooks and rate limiter stay inside it).
 */
export async function submissionRoutes(parent: FastifyInstance, options: SubmissionRoutesOptions): Promise<void> {
  const { db, onOutboxWrite } = options;
  const app = useContracts(parent);

  const limited = await registerRateLimit(app, options, { namespace: 'site-submissions-rate-' });

  const requireJson = useJsonEndpoint(app, {
    bodyLimit: SUBMISSION_BODY_LIMIT,
    what: 'the form',
    emptyHint: 'send the form as a JSON object',
  });

  const post = <S extends z.ZodType<Record<string, unknown> & { [HONEYPOT_FIELD]?: string | undefined }>>(
    url: string,
    schema: S,
    save: (data: Submission<S>, saveOptions: SaveOptions) => Promise<number>,
    queuesMail: boolean,
  ) => {
    app.post(
      url,
      {
        bodyLimit: SUBMISSION_BODY_LIMIT,
        // every answer, a refused body's too, is the visitor's own
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        preValidation: requireJson,
        config: limited ? { rateLimit: {} } : {},
        schema: { body: schema, response: { 200: submissionCreatedSchema, 503: apiErrorSchema } },
      },
      async (request, reply) => {
        const parsed = withoutHoneypot(request.body as z.output<S>);
        let id: number;
        try {
          id = await save(parsed.data, { spam: parsed.spam });
        } catch (error) {
          request.log.error({ err: error }, `could not store a submission to ${url}: ${describeError(error)}`);
          return reply.code(503).send({ error: NOT_SAVED });
        }
        if (parsed.spam) request.log.info({ id, url }, 'honeypot field filled: stored as spam, no mail');
        else if (queuesMail) onOutboxWrite?.();
        return { ok: true as const, id };
      },
    );
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: async (request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({ error: `Method ${request.method} is not allowed here: send the form with POST` }),
    });
  };

  post(
    SUBMISSION_PATHS.contactForm,
    contactFormSchema,
    (form, saveOptions) => saveContactMessage(db, form, saveOptions),
    true,
  );
  post(
    SUBMISSION_PATHS.registration,
    registrationSchema,
    (form, saveOptions) => saveRegistration(db, form, saveOptions),
    false,
  );
  post(SUBMISSION_PATHS.inquiry, inquirySchema, (form, saveOptions) => saveInquiry(db, form, saveOptions), true);

  // the contact page's message form posted without its scripts: under the same rate limit, answered with pages
  if (options.sendPage !== undefined) {
    await app.register(plainMessageRoutes, {
      db,
      sendPage: options.sendPage,
      publicSiteUrl: options.publicSiteUrl,
      rateLimited: limited,
      onOutboxWrite,
    });
  }
}
