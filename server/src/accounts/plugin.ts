// The buyer's account (docs/accounts.md): its pages and forms, on the account origin only (platform/http/
// accountSurface.ts refuses them elsewhere). Sign-in by e-mail link and the signed-in devices here; what the account
// shows of the buyer's records: records/.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { registerRateLimit, type RateLimitOptions } from '../platform/http/rateLimit.js';
import type { AccountLinkSealer } from './signInMail.js';
import { accountRecordsRoutes } from './records/recordsPlugin.js';
import { buyerSessionOf } from './accountHttp.js';
import { passkeyRoutes } from './passkeys/passkeyRoutes.js';
import { privacyRoutes } from './privacy/privacyRoutes.js';
import type { ListCatalogue } from './lists/listCatalogue.js';
import { listRoutes } from './lists/listsRoutes.js';
import { signInRoutes } from './signInRoutes.js';
import { visibleAccounts } from './company/companyStore.js';
import { companyRoutes } from './company/companyRoutes.js';
import { basketConnectRoutes } from './basket/basketConnectRoutes.js';
import { basketSyncRoutes } from './basket/basketSyncRoutes.js';

export interface AccountsPluginOptions {
  db: Kysely<DatabaseSchema>;
  /** Seals the sign-in links in the outbox (a sub-key of the staff's TOTP keys: ACCOUNT_LINK_SEAL_PURPOSE). */
  sealer: AccountLinkSealer;
  /** The account's origin, for the links mailed. */
  origin(): string;
  /** ACCOUNT_ORIGIN or PUBLIC_SITE_URL's at the account port; undefined for a local run. */
  fixedOrigin(): string | undefined;
  /** The per-network limit of asking for links (the submissions' SUBMIT_RATE_LIMIT_*). */
  rateLimit: RateLimitOptions;
  onOutboxWrite?: () => void;
  /** The parts a saved list's lines name, and those close to a line that names none. */
  lists: ListCatalogue;
  /** The public site's origin: a connected basket's browser is sent back there. */
  publicOrigin(): string;
  /** PUBLIC_SITE_URL: the origin the basket's calls must come from. */
  publicSiteUrl: string | undefined;
}

export async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const rateLimited = await registerRateLimit(app, options.rateLimit, {
    namespace: 'account-sign-in',
    what: 'sign-in requests',
  });
  await app.register(signInRoutes, { ...options, rateLimited });
  // the second way in: passkeys, added from the devices page
  await app.register(passkeyRoutes, { db: options.db, fixedOrigin: options.fixedOrigin, rateLimited });
  // saved lists: bills of materials uploaded, matched to parts, requested in one step
  await app.register(listRoutes, { db: options.db, catalogue: options.lists, fixedOrigin: options.fixedOrigin });
  // the buyer's company: made by its first buyer, colleagues of its domain invited and removed by its administrator
  await app.register(companyRoutes, { db: options.db, fixedOrigin: options.fixedOrigin });
  // the basket on every device: the account's page that connects a browser, and the connected browsers' calls on the
  // public origin (a token for the basket only: never the account's session)
  await app.register(basketConnectRoutes, {
    db: options.db,
    fixedOrigin: options.fixedOrigin,
    publicOrigin: options.publicOrigin,
  });
  await app.register(basketSyncRoutes, {
    db: options.db,
    accountOrigin: options.origin,
    publicSiteUrl: options.publicSiteUrl,
  });
  // what the account holds, to download, and closing it
  await app.register(privacyRoutes, { db: options.db, fixedOrigin: options.fixedOrigin });
  // the buyer's requests and quotations, and their PDFs: the signed-in session's address
  await app.register(accountRecordsRoutes, {
    db: options.db,
    buyerOf: async (request) => {
      const session = await buyerSessionOf(options.db, request);
      if (session === undefined) return undefined;
      // in a company, its colleagues' records too
      const visible = await visibleAccounts(options.db, session.accountId);
      return {
        email: session.email,
        csrfToken: session.csrfToken,
        ...(visible.inCompany ? { companyEmails: visible.emails } : {}),
      };
    },
  });
}
