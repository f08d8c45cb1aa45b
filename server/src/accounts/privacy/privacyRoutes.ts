// The buyer's data (docs/accounts.md): the "Your data" page, the downloads of everything the account holds (JSON and
// CSV, signed in, never cached), and closing the account (a form with its CSRF field and a box ticked).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { LOCALES } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { accountForms, buyerSessionOf, clearBuyerCookie, eventOf, fieldsOf, sendPage } from '../accountHttp.js';
import { accountPath } from '../accountHtml.js';
import { recordAccountEvent } from '../activity/accountEvents.js';
import { accountExport, accountExportCsv } from './accountExport.js';
import { closeAccount } from './closeAccount.js';
import { closedPage, privacyPage } from './privacyHtml.js';
import { privacyTexts } from './privacyTexts.js';

export interface PrivacyRouteOptions {
  db: Kysely<DatabaseSchema>;
  /** ACCOUNT_ORIGIN or the one derived from PUBLIC_SITE_URL; undefined for a local run (the request's own origin). */
  fixedOrigin(): string | undefined;
}

const download = (reply: FastifyReply, type: string, fileName: string, body: string) =>
  reply
    .code(200)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store, private')
    .header('x-robots-tag', 'noindex')
    .send(body);

export async function privacyRoutes(app: FastifyInstance, options: PrivacyRouteOptions): Promise<void> {
  const { db } = options;
  const { signedIn, signedInPost } = accountForms(app, db, options.fixedOrigin);

  for (const [format, type] of [
    ['json', 'application/json; charset=utf-8'],
    ['csv', 'text/csv; charset=utf-8'],
  ] as const) {
    app.get(`/account/export.${format}`, async (request, reply) => {
      const session = await buyerSessionOf(db, request);
      if (session === undefined) return reply.redirect(accountPath('en', '/account/sign-in'), 303);
      const data = await accountExport(db, session.accountId, new Date());
      const day = data.exportedAt.slice(0, 10);
      const body = format === 'json' ? `${JSON.stringify(data, null, 2)}\n` : accountExportCsv(data);
      // logged once the file is built: a download that failed is not in the activity
      await recordAccountEvent(db, eventOf(request, session, 'data-downloaded'), Date.now());
      return download(reply, type, `account-${day}.${format}`, body);
    });
  }

  for (const locale of LOCALES) {
    const at = (rest: string) => accountPath(locale, rest);

    app.get(at('/account/privacy'), async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      if (session === undefined) return reply;
      return sendPage(reply, privacyPage(locale, { csrfToken: session.csrfToken }));
    });

    signedInPost(at('/account/close'), locale, async (request, reply, session) => {
      if (fieldsOf(request).confirm !== 'yes')
        return sendPage(
          reply,
          privacyPage(locale, { csrfToken: session.csrfToken }, privacyTexts(locale).closeNotConfirmed),
          400,
        );
      const { device } = eventOf(request, session, 'closed');
      await closeAccount(db, { accountId: session.accountId, email: session.email, device }, Date.now());
      clearBuyerCookie(request, reply);
      return sendPage(reply, closedPage(locale));
    });
  }
}
