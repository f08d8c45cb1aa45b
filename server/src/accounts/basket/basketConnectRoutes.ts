// The account origin's side of connecting a browser's basket (contracts' basketApi.ts): the page that asks, signed in,
// and its form, which makes the one-time code for the browser's state and sends the browser back to the public origin.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BASKET_CONNECTED_PATH } from '@site/contracts/basket-api';
import { LOCALES } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { accountForms, fieldsOf, sendPage } from '../accountHttp.js';
import { ACCOUNT_PAGE_CSP, accountPath } from '../accountHtml.js';
import { basketConnectPath, connectPage, notConnectedPage } from './basketHtml.js';
import { TOKEN_PATTERN } from '../accountTokens.js';
import { basketOf, createHandoff, forgetAllBrowsers } from './basketStore.js';
import { basketTexts } from './basketTexts.js';

export interface BasketConnectOptions {
  db: Kysely<DatabaseSchema>;
  fixedOrigin(): string | undefined;
  /** The public site's origin, where the browser is sent back with its code. */
  publicOrigin(): string;
}

export async function basketConnectRoutes(app: FastifyInstance, options: BasketConnectOptions): Promise<void> {
  const { db } = options;
  const { signedIn, signedInPost } = accountForms(app, db, options.fixedOrigin);
  // the form's answer is a redirect to the public origin, which the page's form-action must allow (browsers check it)
  const connectCsp = () =>
    ACCOUNT_PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${options.publicOrigin()}`);

  for (const locale of LOCALES) {
    const t = basketTexts(locale);
    app.get<{ Querystring: { state?: string; failed?: string } }>(basketConnectPath(locale), async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      if (session === undefined) return reply;
      const { state = '', failed } = request.query;
      if (failed !== undefined || !TOKEN_PATTERN.test(state))
        return sendPage(
          reply,
          notConnectedPage(locale, session, failed === undefined ? t.notFromLink : t.failed, options.publicOrigin()),
          failed === undefined ? 400 : 409,
        );
      const lines = (await basketOf(db, session.accountId)).length;
      return sendPage(
        reply,
        connectPage(locale, session, { state, lines, publicOrigin: options.publicOrigin() }),
        200,
        connectCsp(),
      );
    });

    signedInPost(basketConnectPath(locale), locale, async (request, reply, session) => {
      const state = fieldsOf(request).state ?? '';
      if (!TOKEN_PATTERN.test(state))
        return sendPage(reply, notConnectedPage(locale, session, t.notFromLink, options.publicOrigin()), 400);
      const code = await createHandoff(db, session.accountId, state, Date.now());
      const back = new URL(BASKET_CONNECTED_PATH, options.publicOrigin());
      back.search = new URLSearchParams({ code, state }).toString();
      return reply.redirect(back.toString(), 303);
    });

    // every browser keeping the basket keeps its own again (the devices page)
    signedInPost(accountPath(locale, '/account/basket/forget'), locale, async (_request, reply, session) => {
      await forgetAllBrowsers(db, session.accountId);
      return reply.redirect(accountPath(locale, '/account/devices'), 303);
    });
  }
}
