// The team's mail when a failing canary was taken out automatically (releaseHealth.ts queues it in the outbox).
import { escapeHtml, headerText, type ComposedMail, type OutboxRow } from '../platform/mail/compose.js';
import type { MailComposers } from '../platform/mail/composers.js';
import { RELEASE_ROLLBACK_MAIL } from './releaseHealth.js';

interface RollbackPayload {
  remote: string;
  version: string;
  failures: number;
  window: number;
  percent: number;
  stableVersion: string;
}

export function composeReleaseMail(row: OutboxRow, from: string): ComposedMail {
  const p = row.payload as RollbackPayload;
  const subject = headerText(`Canary ${p.version} of ${p.remote} was rolled back automatically`, 150);
  const lines = [
    `${p.failures} of the last ${p.window} loads of ${p.remote}'s canary release ${p.version} failed in visitors' browsers.`,
    `It was in front of ${p.percent}% of visitors; it is now at 0%, and every visitor has the stable release ${p.stableVersion}.`,
    '',
    'The releases console (/staff/releases) shows its loads and failures, and the audit entry "auto-rollback".',
    'Fix the build, register it as a new release and set it as the canary again.',
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430">${lines.map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`)).join('')}</body></html>`;
  // Nobody to answer: replies go to the site's own address.
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return {
    from,
    to: row.recipient,
    replyTo: { name: 'Website', address: headerText(address, 254) },
    subject,
    text: lines.join('\n'),
    html,
  };
}

/** Registers the rollback mail with the outbox. */
export function registerReleaseMail(composers: MailComposers): void {
  composers.register([RELEASE_ROLLBACK_MAIL], composeReleaseMail);
}
