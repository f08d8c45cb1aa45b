// For tests of the work calls: a small Fastify app with staffWorkRoutes behind a stand-in for the signed-in scope (its
// hook takes the account from an `x-test-account` header instead of a session; sign-in, sessions and CSRF
// have their own tests), and staff accounts made with SQL.
import Fastify, { type FastifyInstance } from 'fastify';
import type { StaffAccountSummary, StaffBranch, StaffRole } from '@site/contracts/staff-api';
import type { Database } from '../platform/db/index.js';
import { ACCOUNT_COLUMNS, accountOf } from '../staff/work/staffAccounts.js';
import { staffWorkRoutes, type StaffWorkOptions } from '../staff/work/index.js';
import { TotpSecretBox } from '../staff/totpSecrets.js';
import { LINK_SEAL_PURPOSE } from '../quotations/link/linkSeal.js';
import { seedBranchDetails } from './branchDetails.js';

/** The tests' key (a site's are STAFF_TOTP_KEYS or its key file), and its box for the quotation links in the outbox. */
export const TEST_KEY = { id: 'test', key: Buffer.alloc(32, 7) };
export const TEST_LINK_SEALER = new TotpSecretBox([TEST_KEY]).forPurpose(LINK_SEAL_PURPOSE);

export const TEST_ACCOUNT_HEADER = 'x-test-account';

export async function buildStaffWorkTestApp(
  given: Omit<StaffWorkOptions, 'linkSealer'> &
    Partial<Pick<StaffWorkOptions, 'linkSealer'>> & { branchDetails?: boolean },
): Promise<FastifyInstance> {
  const { branchDetails = true, ...rest } = given;
  const options: StaffWorkOptions = { linkSealer: TEST_LINK_SEALER, ...rest };
  // the branches' seller details an admin sets before any quotation is sent (branchDetails: false leaves them unset)
  if (branchDetails) await seedBranchDetails(options.db);
  const app = Fastify({ logger: false });
  await app.register(async (scope) => {
    // onRequest, as the real scope's: nothing of a request without an account is parsed or validated
    scope.addHook('onRequest', async (request, reply) => {
      const id = Number(request.headers[TEST_ACCOUNT_HEADER]);
      const row = Number.isSafeInteger(id)
        ? await options.db.kysely
            .selectFrom('staff_accounts as a')
            .select(ACCOUNT_COLUMNS)
            .where('a.id', '=', id)
            .where((eb) => eb.not(eb.ref('a.disabled')))
            .executeTakeFirst()
        : undefined;
      const account = row === undefined ? null : accountOf(row);
      if (account === null) return reply.code(401).send({ error: 'Sign in first.' });
      request.staff = account;
    });
    await scope.register(staffWorkRoutes, options);
  });
  await app.ready();
  return app;
}

/** A staff account made directly in the table (the password hash is never checked here). */
export async function createTestAccount(
  db: Pick<Database, 'kysely'>,
  email: string,
  role: StaffRole,
  branch: StaffBranch | null = null,
  { disabled = false } = {},
): Promise<StaffAccountSummary> {
  const { id } = await db.kysely
    .insertInto('staff_accounts')
    .values({ email, password_hash: 'not-a-hash', role, branch, disabled })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, role, branch };
}

/** Headers of a request from `account`. */
export const as = (account: Pick<StaffAccountSummary, 'id'>): Record<string, string> => ({
  [TEST_ACCOUNT_HEADER]: String(account.id),
});
