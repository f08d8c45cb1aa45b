// A passkey's two ceremonies, each an options call and an answer, as JSON on the account origin (the script of
// passkeyScript.ts calls them; it is served here too):
// - adding one (/api/account/passkeys/add…): signed in, with the session's CSRF token in a header;
// - signing in with one (/api/account/passkeys/sign-in…): anyone, within the submissions' per-network limit.
// Each answer must carry the challenge its options gave, unspent and of its ceremony (and account): a replayed answer
// finds it spent. SimpleWebAuthn checks the rest (origin, RP ID, signature, counter). A post from another site or the
// public origin is refused, and only JSON is read (a form cannot send it, and this origin answers no CORS preflight).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LOCALES, type Locale } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { accountOriginOf, buyerSessionOf, eventOf, fromElsewhere, startBuyerSession } from '../accountHttp.js';
import { recordAccountEvent } from '../activity/accountEvents.js';
import { accountPath, deviceName } from '../accountHtml.js';
import { accountTexts } from '../accountTexts.js';
import { csrfFieldMatches, markAccountSignIn } from '../buyerSessions.js';
import { PASSKEY_SCRIPT, PASSKEY_SCRIPT_PATH } from './passkeyScript.js';
import {
  addPasskey,
  createChallenge,
  PASSKEY_CHALLENGE_MS,
  PASSKEYS_PER_ACCOUNT,
  passkeyById,
  passkeysOfAccount,
  recordPasskeyUse,
  spendChallenge,
  type ChallengePurpose,
} from './passkeyStore.js';
import { passkeyTexts } from './passkeyTexts.js';

/** An answer with direct attestation is a few kilobytes; 'none', which is asked, under one. */
const CEREMONY_BODY_LIMIT = 16_384;
const API = '/api/account/passkeys';

export interface PasskeyRouteOptions {
  db: Kysely<DatabaseSchema>;
  /** ACCOUNT_ORIGIN or the one derived from PUBLIC_SITE_URL; undefined for a local run (the request's own origin). */
  fixedOrigin(): string | undefined;
  /** Whether the submissions' per-network limit is on (registered by the caller's scope). */
  rateLimited: boolean;
}

interface CeremonyBody {
  locale: Locale;
  credential: unknown;
}

/** The user handle a passkey of `accountId` carries: no address, nothing another site could read anything from. */
const userHandleOf = (accountId: number) => new TextEncoder().encode(`buyer-${accountId}`);

/**
 * The page's edition: the body's `locale`, else the request's Content-Language (the script sends both, so a body the
 * server cannot read is still answered in the page's words), else English.
 */
function localeOf(request: FastifyRequest): Locale {
  const body =
    typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  const declared = request.headers['content-language']?.split(',')[0]?.trim().toLowerCase();
  return LOCALES.find((one) => one === body.locale) ?? LOCALES.find((one) => one === declared) ?? 'en';
}

function bodyOf(request: FastifyRequest): CeremonyBody {
  const body =
    typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  return { locale: localeOf(request), credential: body.credential };
}

const isCredential = (value: unknown): value is { id: string; response: Record<string, unknown> } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { response?: unknown }).response === 'object' &&
  (value as { response?: unknown }).response !== null;

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ message });

export async function passkeyRoutes(app: FastifyInstance, options: PasskeyRouteOptions): Promise<void> {
  const { db } = options;
  const originOf = (request: FastifyRequest) => accountOriginOf(request, options.fixedOrigin());
  const rpIdOf = (request: FastifyRequest) => new URL(originOf(request)).hostname;

  // a body that is not JSON, or too long: said in the page's words (its Content-Language)
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) throw error;
    return refuse(reply, status, passkeyTexts(localeOf(request)).failed);
  });

  app.get(PASSKEY_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PASSKEY_SCRIPT),
  );

  /** Refuses a post from elsewhere or not JSON; returns the body read. */
  const ceremonyPost = async (request: FastifyRequest, reply: FastifyReply): Promise<CeremonyBody | undefined> => {
    const body = bodyOf(request);
    const t = accountTexts(body.locale);
    if (fromElsewhere(request, options.fixedOrigin())) {
      await refuse(reply, 403, t.crossSite);
      return undefined;
    }
    if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      await refuse(reply, 415, t.staleForm);
      return undefined;
    }
    return body;
  };

  /** The signed-in session whose CSRF token the post carries, else a refusal. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, locale: Locale) => {
    const session = await buyerSessionOf(db, request);
    const sent = request.headers['x-csrf-token'];
    if (session === undefined || !csrfFieldMatches(typeof sent === 'string' ? sent : undefined, session.csrfToken)) {
      await refuse(reply, 403, accountTexts(locale).staleForm);
      return undefined;
    }
    return session;
  };

  /**
   * The challenge check SimpleWebAuthn calls: spends it, and keeps whether it was asked and could. `problem` is then
   * what to say of a refused answer: a challenge already spent (a replay) or gone, or an answer that failed its checks.
   */
  const spender = (purpose: ChallengePurpose, accountId: number | null, locale: Locale) => {
    let asked = false;
    let spent = false;
    return {
      check: async (challenge: string) => {
        asked = true;
        spent = await spendChallenge(db, challenge, purpose, accountId, Date.now());
        return spent;
      },
      problem: () => (asked && !spent ? passkeyTexts(locale).spent : passkeyTexts(locale).failed),
    };
  };

  app.post(`${API}/add/options`, { bodyLimit: CEREMONY_BODY_LIMIT }, async (request, reply) => {
    const body = await ceremonyPost(request, reply);
    if (body === undefined) return reply;
    const session = await signedIn(request, reply, body.locale);
    if (session === undefined) return reply;
    const held = await passkeysOfAccount(db, session.accountId);
    if (held.length >= PASSKEYS_PER_ACCOUNT)
      return refuse(reply, 409, passkeyTexts(body.locale).full(PASSKEYS_PER_ACCOUNT));
    const challenge = await createChallenge(db, 'add', session.accountId, Date.now());
    const ceremony = await generateRegistrationOptions({
      rpName: accountTexts(body.locale).siteName,
      rpID: rpIdOf(request),
      userName: session.email,
      userID: userHandleOf(session.accountId),
      challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
      attestationType: 'none',
      excludeCredentials: held.map(({ id }) => ({ id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: PASSKEY_CHALLENGE_MS,
    });
    return reply.header('cache-control', 'no-store').send({ options: ceremony });
  });

  app.post(`${API}/add`, { bodyLimit: CEREMONY_BODY_LIMIT }, async (request, reply) => {
    const body = await ceremonyPost(request, reply);
    if (body === undefined) return reply;
    const session = await signedIn(request, reply, body.locale);
    if (session === undefined) return reply;
    const t = passkeyTexts(body.locale);
    if (!isCredential(body.credential)) return refuse(reply, 400, t.failed);
    const challenge = spender('add', session.accountId, body.locale);
    const verified = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.check,
      expectedOrigin: originOf(request),
      expectedRPID: rpIdOf(request),
      requireUserVerification: false,
    }).catch(() => undefined);
    if (verified?.verified !== true) return refuse(reply, 400, challenge.problem());
    const { credential } = verified.registrationInfo;
    const added = await addPasskey(
      db,
      {
        id: credential.id,
        accountId: session.accountId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        device: deviceName(request.headers['user-agent'] ?? '', ''),
      },
      Date.now(),
    );
    if (added !== 'added') return refuse(reply, 409, added === 'full' ? t.full(PASSKEYS_PER_ACCOUNT) : t.taken);
    await recordAccountEvent(db, eventOf(request, session, 'passkey-added'), Date.now());
    return reply.header('cache-control', 'no-store').send({ location: accountPath(body.locale, '/account/devices') });
  });

  app.post(
    `${API}/sign-in/options`,
    { bodyLimit: CEREMONY_BODY_LIMIT, config: options.rateLimited ? { rateLimit: {} } : {} },
    async (request, reply) => {
      const body = await ceremonyPost(request, reply);
      if (body === undefined) return reply;
      const challenge = await createChallenge(db, 'sign-in', null, Date.now());
      const ceremony = await generateAuthenticationOptions({
        rpID: rpIdOf(request),
        challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
        userVerification: 'preferred',
        timeout: PASSKEY_CHALLENGE_MS,
      });
      return reply.header('cache-control', 'no-store').send({ options: ceremony });
    },
  );

  app.post(
    `${API}/sign-in`,
    { bodyLimit: CEREMONY_BODY_LIMIT, config: options.rateLimited ? { rateLimit: {} } : {} },
    async (request, reply) => {
      const body = await ceremonyPost(request, reply);
      if (body === undefined) return reply;
      const t = passkeyTexts(body.locale);
      if (!isCredential(body.credential)) return refuse(reply, 400, t.failed);
      const passkey = await passkeyById(db, body.credential.id);
      const handle = body.credential.response.userHandle;
      const expectedHandle =
        passkey === undefined ? '' : Buffer.from(userHandleOf(passkey.accountId)).toString('base64url');
      if (passkey === undefined || (typeof handle === 'string' && handle !== '' && handle !== expectedHandle))
        return refuse(reply, 400, t.unknown);
      const challenge = spender('sign-in', null, body.locale);
      const verified = await verifyAuthenticationResponse({
        response: body.credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge.check,
        expectedOrigin: originOf(request),
        expectedRPID: rpIdOf(request),
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (verified?.verified !== true) return refuse(reply, 400, challenge.problem());
      const now = Date.now();
      await recordPasskeyUse(db, passkey.id, verified.authenticationInfo.newCounter, now);
      await markAccountSignIn(db, passkey.accountId, now);
      await startBuyerSession(db, request, reply, passkey.accountId);
      return reply.header('cache-control', 'no-store').send({ location: accountPath(body.locale, '/account') });
    },
  );
}
