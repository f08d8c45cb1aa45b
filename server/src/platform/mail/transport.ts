import nodemailer from 'nodemailer';
import type { ComposedMail } from './compose.js';

/** What the outbox worker needs of a mail transport (nodemailer's, or a fake in tests). */
export interface MailTransport {
  sendMail(mail: ComposedMail): Promise<unknown>;
  close(): void;
}

/**
 * An SMTP transport from SMTP_URL (smtp://user:pass@host:587 or smtps://...:465), with short
 * timeouts so a dead server fails a send in seconds (the outbox retries it later) instead of minutes.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
