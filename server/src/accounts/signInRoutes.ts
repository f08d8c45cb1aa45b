// Signing in by e-mail link, signing out and ending a device's session: plain forms on the account origin's pages.
// - Asking for a link answers the same page for every well-formed address, known or not (an account is made at its
//   first sign-in, so there is nothing to tell apart), after the same work: a link row and a mail queued, or neither
//   when the address has had its links for the hour. Per network, the submissions' rate limit.
// - The link's GET shows a button; only its POST spends it (mail scanners open links). Spending drops whatever session
//   the browser's cookie named (a session planted before sign-in is worth nothing after it) and starts a new one.
// - Every POST: refused when another site sent it (Sec-Fetch-Site, Origin); signed in, its form's CSRF field too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidEmail } from '@site/content/validation';
import { LOCALES } from '@site/contracts/locale';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { Kysely } from 'kysely';
import { enqueueMail, forgetSentPayloadKeys } from '../platform/mail/outbox.js';
import {
  accountForms,
  type AccountEventActor,
  clearBuyerCookie,
  eventOf,
  fieldsOf,
  FORM_BODY_LIMIT,
  sendPage,
  startBuyerSession,
  buyerSessionOf,
} from './accountHttp.js';
import { basketBrowsersSection } from './basket/basketHtml.js';
import { browsersOf } from './basket/basketStore.js';
import { accountPath, checkMailPage, confirmLinkPage, deadLinkPage, devicesPage, signInPage } from './accountHtml.js';
import { accountTexts } from './accountTexts.js';
import {
  eventsOfAccount,
  RECENT_EVENTS,
  recordAccountEvent,
  type BuyerAccountEventKind,
} from './activity/accountEvents.js';
import { activitySection } from './activity/activityHtml.js';
import { passkeySignInBox, passkeysSection } from './passkeys/passkeyHtml.js';
import { passkeysOfAccount, removePasskey } from './passkeys/passkeyStore.js';
import { accountOfAddress, endSession, sessionsOfAccount } from './buyerSessions.js';
import { createSignInLink, liveSignInLink, spendSignInLink } from './signInLinks.js';
import { SIGN_IN_MAIL_KIND, signInLinkBinding, type AccountLinkSealer, type SignInMailPayload } from './signInMail.js';

export interface SignInRouteOptions {
  db: Kysely<DatabaseSchema>;
  sealer: AccountLinkSealer;
  /** The account origin as its pages' forms are posted from: ACCOUNT_ORIGIN or the one derived from PUBLIC_SITE_URL; undefined for a local run (the request's own origin then). */
  fixedOrigin(): string | undefined;
  /** The origin of the links mailed (the account's). */
  origin(): string;
  /** Whether the submissions' per-network limit is on (registered by the caller's scope). */
  rateLimited: boolean;
  /** Tells the outbox a mail waits. */
  onOutboxWrite?: () => void;
}

export async function signInRoutes(app: FastifyInstance, options: SignInRouteOptions): Promise<void> {
  const { db } = options;
  const { refuseElsewhere, signedIn, signedInPost } = accountForms(app, db, options.fixedOrigin);
  const record = (request: FastifyRequest, who: AccountEventActor, kind: BuyerAccountEventKind) =>
    recordAccountEvent(db, eventOf(request, who, kind), Date.now());

  for (const locale of LOCALES) {
    const at = (rest: string) => accountPath(locale, rest);
    const t = accountTexts(locale);

    app.get(at('/account/sign-in'), async (request, reply) => {
      if ((await buyerSessionOf(db, request)) !== undefined) return reply.redirect(at('/account'), 303);
      return sendPage(reply, signInPage(locale, '', undefined, passkeySignInBox(locale)));
    });

    app.post(
      at('/account/sign-in'),
      {
        bodyLimit: FORM_BODY_LIMIT,
        onRequest: refuseElsewhere(locale),
        config: options.rateLimited ? { rateLimit: {} } : {},
      },
      async (request, reply) => {
        const typed = (fieldsOf(request).email ?? '').trim();
        if (typed.length > 254 || !isValidEmail(typed))
          return sendPage(reply, signInPage(locale, typed, t.badEmail, passkeySignInBox(locale)), 400);
        const email = typed.toLowerCase();
        await db.transaction().execute(async (trx) => {
          const link = await createSignInLink(trx, email, locale, Date.now());
          if (link === undefined) return;
          const url = `${options.origin()}${at(`/account/sign-in/${link.token}`)}`;
          const payload: SignInMailPayload = {
            linkId: link.id,
            sealedLink: options.sealer.seal(url, signInLinkBinding(link.id)),
            language: locale,
          };
          // the links of the sign-in mails gone already: no longer needed in the database
          await forgetSentPayloadKeys(trx, SIGN_IN_MAIL_KIND, ['sealedLink']);
          await enqueueMail(trx, { kind: SIGN_IN_MAIL_KIND, refId: null, recipient: email, payload });
        });
        options.onOutboxWrite?.();
        return sendPage(reply, checkMailPage(locale, email));
      },
    );

    app.get<{ Params: { token: string } }>(at('/account/sign-in/:token'), async (request, reply) => {
      const link = await liveSignInLink(db, request.params.token, Date.now());
      return link === undefined
        ? sendPage(reply, deadLinkPage(locale), 410)
        : sendPage(reply, confirmLinkPage(locale, request.params.token, link.email));
    });

    app.post<{ Params: { token: string } }>(
      at('/account/sign-in/:token'),
      { bodyLimit: FORM_BODY_LIMIT, onRequest: refuseElsewhere(locale) },
      async (request, reply) => {
        const link = await spendSignInLink(db, request.params.token, Date.now());
        if (link === undefined) return sendPage(reply, deadLinkPage(locale), 410);
        const accountId = await accountOfAddress(db, link.email, Date.now());
        await startBuyerSession(db, request, reply, accountId);
        await record(request, { accountId, email: link.email }, 'signed-in-by-link');
        return reply.redirect(at('/account'), 303);
      },
    );

    signedInPost(at('/account/sign-out'), locale, async (request, reply, session) => {
      await endSession(db, session.accountId, session.id);
      await record(request, session, 'signed-out');
      clearBuyerCookie(request, reply);
      return reply.redirect(at('/account/sign-in'), 303);
    });

    app.get(at('/account/devices'), async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      if (session === undefined) return reply;
      const sessions = await sessionsOfAccount(db, session.accountId, Date.now());
      const passkeys = passkeysSection(locale, await passkeysOfAccount(db, session.accountId), session.csrfToken);
      const activity = activitySection(locale, await eventsOfAccount(db, session.accountId, RECENT_EVENTS));
      const baskets = basketBrowsersSection(
        locale,
        (await browsersOf(db, session.accountId)).length,
        session.csrfToken,
      );
      const frame = { csrfToken: session.csrfToken };
      return sendPage(reply, devicesPage(locale, sessions, session.id, frame, `${passkeys}${baskets}${activity}`));
    });

    signedInPost(at('/account/devices/end'), locale, async (request, reply, session) => {
      const ended = fieldsOf(request).session ?? '';
      if (await endSession(db, session.accountId, ended))
        await record(request, session, ended === session.id ? 'signed-out' : 'device-signed-out');
      if (ended === session.id) {
        clearBuyerCookie(request, reply);
        return reply.redirect(at('/account/sign-in'), 303);
      }
      return reply.redirect(at('/account/devices'), 303);
    });

    signedInPost(at('/account/passkeys/remove'), locale, async (request, reply, session) => {
      if (await removePasskey(db, session.accountId, fieldsOf(request).passkey ?? ''))
        await record(request, session, 'passkey-removed');
      return reply.redirect(at('/account/devices'), 303);
    });
  }
}
