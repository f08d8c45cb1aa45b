// Buyers' companies in the database (migration 057): one per e-mail domain, its administrator (who made it) invites
// colleagues of the domain by address and removes them; an invited buyer joins once signed in. Every change is one
// transaction with its line in the accounts' log (the company's domain or the colleague's address as its detail).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { recordAccountEvent } from '../activity/accountEvents.js';
import { asDate } from '../accountTokens.js';

type Db = Kysely<DatabaseSchema>;

/** Mail services anyone can sign up to: a domain of theirs is nobody's company. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'qq.com',
  '163.com',
  // the Gulf's consumer internet providers' mail
  'emirates.net.ae',
  'eim.ae',
  'omantel.net.om',
  'batelco.com.bh',
  'qatar.net.qa',
]);

/** Characters of a company's name. */
export const COMPANY_NAME_MAX = 120;
/** Colleagues and open invitations one company has, together. */
export const COMPANY_MEMBERS_MAX = 200;

/** The domain of an address as the account knows it (lowercase). */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export interface Company {
  id: number;
  domain: string;
  name: string;
}

export interface Membership extends Company {
  role: 'admin' | 'member';
}

export interface CompanyMember {
  accountId: number;
  email: string;
  role: 'admin' | 'member';
  joinedAt: Date;
}

/** Who a change is made by: the signed-in account, its address and device (for the log). */
export interface Actor {
  accountId: number;
  email: string;
  device: string;
}

const at = (now: number) => new Date(now).toISOString();

export async function membershipOf(db: Db, accountId: number): Promise<Membership | undefined> {
  return db
    .selectFrom('buyer_company_members as m')
    .innerJoin('buyer_companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.domain', 'c.name', 'm.role'])
    .where('m.account_id', '=', accountId)
    .executeTakeFirst();
}

export async function companyOfDomain(db: Db, domain: string): Promise<Company | undefined> {
  return db
    .selectFrom('buyer_companies')
    .select(['id', 'domain', 'name'])
    .where('domain', '=', domain)
    .executeTakeFirst();
}

export async function membersOf(db: Db, companyId: number): Promise<CompanyMember[]> {
  const rows = await db
    .selectFrom('buyer_company_members as m')
    .innerJoin('buyer_accounts as a', 'a.id', 'm.account_id')
    .select(['m.account_id', 'a.email', 'm.role', 'm.joined_at'])
    .where('m.company_id', '=', companyId)
    .orderBy('m.joined_at')
    .orderBy('a.email')
    .execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    joinedAt: asDate(row.joined_at),
  }));
}

export async function invitationsOf(db: Db, companyId: number): Promise<{ email: string; invitedBy: string }[]> {
  const rows = await db
    .selectFrom('buyer_company_invitations')
    .select(['email', 'invited_by'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ email: row.email, invitedBy: row.invited_by }));
}

/** The company that invited this address (of its own domain), if any, and who invited it. */
export async function invitationFor(db: Db, email: string): Promise<(Company & { invitedBy: string }) | undefined> {
  return db
    .selectFrom('buyer_company_invitations as i')
    .innerJoin('buyer_companies as c', 'c.id', 'i.company_id')
    .select(['c.id', 'c.domain', 'c.name', 'i.invited_by as invitedBy'])
    .where('i.email', '=', email)
    .where('c.domain', '=', domainOf(email))
    .executeTakeFirst();
}

/**
 * The accounts whose records and lists `accountId` sees: its own, and in a company every colleague's. Their addresses
 * too (the records are found by the address they were sent from), and whether the account is in a company at all.
 */
export async function visibleAccounts(
  db: Db,
  accountId: number,
): Promise<{ ids: number[]; emails: string[]; inCompany: boolean }> {
  const rows = await db
    .selectFrom('buyer_accounts as a')
    .select((eb) => [
      'a.id',
      'a.email',
      eb
        .exists(
          eb
            .selectFrom('buyer_company_members as mine')
            .select('mine.account_id')
            .where('mine.account_id', '=', accountId),
        )
        .as('in_company'),
    ])
    .where((eb) =>
      eb.or([
        eb('a.id', '=', accountId),
        eb(
          'a.id',
          'in',
          eb
            .selectFrom('buyer_company_members as colleague')
            .innerJoin('buyer_company_members as me', 'me.company_id', 'colleague.company_id')
            .select('colleague.account_id')
            .where('me.account_id', '=', accountId),
        ),
      ]),
    )
    .orderBy('a.id')
    .execute();
  const inCompany = rows.some((row) => Boolean(row.in_company));
  // and the addresses of colleagues whose accounts were closed: what they sent stays the company's
  const kept = inCompany
    ? await db
        .selectFrom('buyer_company_kept_addresses as k')
        .innerJoin('buyer_company_members as me', 'me.company_id', 'k.company_id')
        .select('k.email')
        .where('me.account_id', '=', accountId)
        .execute()
    : [];
  return {
    ids: rows.map((row) => row.id),
    emails: [...new Set([...rows.map((row) => row.email), ...kept.map((row) => row.email)])],
    inCompany,
  };
}

/** The company account an address belongs to, as branch staff see it on a request: its name, domain and buyers. */
export interface BuyerCompanyOnRequest {
  name: string;
  domain: string;
  /** The colleagues' addresses, the administrator first. */
  buyers: string[];
}

/**
 * The company of the buyer who sent from `email` (any case): a colleague's, or a closed colleague's kept address;
 * undefined when the address is in no company account.
 */
export async function buyerCompanyOfAddress(db: Db, email: string): Promise<BuyerCompanyOnRequest | undefined> {
  const address = email.trim().toLowerCase();
  const member = await db
    .selectFrom('buyer_company_members as m')
    .innerJoin('buyer_accounts as a', 'a.id', 'm.account_id')
    .select('m.company_id')
    .where('a.email', '=', address)
    .executeTakeFirst();
  const companyId =
    member?.company_id ??
    (
      await db
        .selectFrom('buyer_company_kept_addresses')
        .select('company_id')
        .where('email', '=', address)
        .orderBy('kept_at', 'desc')
        .executeTakeFirst()
    )?.company_id;
  if (companyId === undefined) return undefined;
  const company = await db
    .selectFrom('buyer_companies')
    .select(['name', 'domain'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (company === undefined) return undefined;
  const members = await membersOf(db, companyId);
  const buyers = [
    ...members.filter((colleague) => colleague.role === 'admin'),
    ...members.filter((colleague) => colleague.role !== 'admin'),
  ].map((colleague) => colleague.email);
  return { name: company.name, domain: company.domain, buyers };
}

/**
 * A member's account is being closed (inside the closing's transaction): the records sent from its address stay the
 * company's; a company's last administrator hands it to its longest-standing colleague, and a company left with
 * nobody goes.
 */
export async function companyOnClosing(
  trx: Transaction<DatabaseSchema>,
  accountId: number,
  email: string,
  now: number,
) {
  const membership = await membershipOf(trx, accountId);
  if (membership === undefined) return;
  const others = (await membersOf(trx, membership.id)).filter((member) => member.accountId !== accountId);
  if (others.length === 0) {
    await trx.deleteFrom('buyer_companies').where('id', '=', membership.id).execute();
    return;
  }
  await trx
    .insertInto('buyer_company_kept_addresses')
    .values({ company_id: membership.id, email, kept_at: at(now) })
    .onConflict((conflict) => conflict.columns(['company_id', 'email']).doNothing())
    .execute();
  if (membership.role === 'admin' && !others.some((member) => member.role === 'admin'))
    await trx
      .updateTable('buyer_company_members')
      .set({ role: 'admin' })
      .where('account_id', '=', others[0]!.accountId)
      .execute();
}

export type CompanyChange =
  | { ok: true }
  | {
      ok: false;
      problem:
        | 'publicDomain'
        | 'taken'
        | 'alreadyMember'
        | 'notAdmin'
        | 'otherDomain'
        | 'notInvited'
        | 'full'
        | 'notMember'
        | 'lastAdmin';
    };

const refused = (problem: Extract<CompanyChange, { ok: false }>['problem']): CompanyChange => ({ ok: false, problem });

/** Locks the actor's account row: one change of an account's company at a time. */
const lockAccount = (trx: Transaction<DatabaseSchema>, accountId: number) =>
  trx.selectFrom('buyer_accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();

/** Makes the company of the actor's domain with the actor as its administrator. */
export async function createCompany(db: Db, actor: Actor, name: string, now: number): Promise<CompanyChange> {
  const domain = domainOf(actor.email);
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return refused('publicDomain');
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    if ((await membershipOf(trx, actor.accountId)) !== undefined) return refused('alreadyMember');
    // one company a domain: the unique index decides between two buyers making it at once
    const made = await trx
      .insertInto('buyer_companies')
      .values({ domain, name: name.slice(0, COMPANY_NAME_MAX), created_at: at(now) })
      .onConflict((conflict) => conflict.column('domain').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made === undefined) return refused('taken');
    await trx
      .insertInto('buyer_company_members')
      .values({ account_id: actor.accountId, company_id: made.id, role: 'admin', joined_at: at(now) })
      .execute();
    await recordAccountEvent(trx, { ...actor, kind: 'company-created', detail: domain }, now);
    return { ok: true };
  });
}

/** The administrator invites a colleague of the company's domain by address. */
export async function inviteColleague(db: Db, actor: Actor, email: string, now: number): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const membership = await membershipOf(trx, actor.accountId);
    if (membership?.role !== 'admin') return refused('notAdmin');
    if (domainOf(email) !== membership.domain) return refused('otherDomain');
    const member = await trx
      .selectFrom('buyer_company_members as m')
      .innerJoin('buyer_accounts as a', 'a.id', 'm.account_id')
      .select('m.company_id')
      .where('a.email', '=', email)
      .executeTakeFirst();
    if (member !== undefined) return refused('alreadyMember');
    const { n } = await trx
      .selectFrom('buyer_company_invitations')
      .select(sql<string>`count(*)`.as('n'))
      .where('company_id', '=', membership.id)
      .executeTakeFirstOrThrow();
    const members = await membersOf(trx, membership.id);
    if (Number(n) + members.length >= COMPANY_MEMBERS_MAX) return refused('full');
    await trx
      .insertInto('buyer_company_invitations')
      .values({ company_id: membership.id, email, invited_by: actor.email, created_at: at(now) })
      .onConflict((conflict) => conflict.columns(['company_id', 'email']).doNothing())
      .execute();
    await recordAccountEvent(trx, { ...actor, kind: 'company-invited', detail: email }, now);
    return { ok: true };
  });
}

/** The administrator withdraws an invitation. */
export async function withdrawInvitation(db: Db, actor: Actor, email: string, now: number): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    const membership = await membershipOf(trx, actor.accountId);
    if (membership?.role !== 'admin') return refused('notAdmin');
    const gone = await trx
      .deleteFrom('buyer_company_invitations')
      .where('company_id', '=', membership.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return refused('notInvited');
    await recordAccountEvent(trx, { ...actor, kind: 'company-invitation-withdrawn', detail: email }, now);
    return { ok: true };
  });
}

/** An invited buyer joins the company of their domain that invited them. */
export async function joinCompany(db: Db, actor: Actor, now: number): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    if ((await membershipOf(trx, actor.accountId)) !== undefined) return refused('alreadyMember');
    const company = await invitationFor(trx, actor.email);
    if (company === undefined) return refused('notInvited');
    await trx
      .deleteFrom('buyer_company_invitations')
      .where('company_id', '=', company.id)
      .where('email', '=', actor.email)
      .execute();
    await trx
      .insertInto('buyer_company_members')
      .values({ account_id: actor.accountId, company_id: company.id, role: 'member', joined_at: at(now) })
      .execute();
    await recordAccountEvent(trx, { ...actor, kind: 'company-joined', detail: company.domain }, now);
    return { ok: true };
  });
}

/** An administrator's change to a colleague, in both logs: the actor's naming the colleague, the colleague's the actor. */
async function recordInBothLogs(
  trx: Transaction<DatabaseSchema>,
  actor: Actor,
  colleagueId: number,
  kind: 'company-member-removed' | 'company-admin-made',
  now: number,
): Promise<void> {
  const { email } = await trx
    .selectFrom('buyer_accounts')
    .select('email')
    .where('id', '=', colleagueId)
    .executeTakeFirstOrThrow();
  await recordAccountEvent(trx, { ...actor, kind, detail: email }, now);
  await recordAccountEvent(trx, { accountId: colleagueId, email, device: '', kind, detail: actor.email }, now);
}

/** An administrator removes a colleague, another administrator too (not themself: an administrator leaves instead). */
export async function removeColleague(db: Db, actor: Actor, colleagueId: number, now: number): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const membership = await membershipOf(trx, actor.accountId);
    if (membership?.role !== 'admin') return refused('notAdmin');
    if (colleagueId === actor.accountId) return refused('lastAdmin');
    const colleague = await trx
      .deleteFrom('buyer_company_members')
      .where('company_id', '=', membership.id)
      .where('account_id', '=', colleagueId)
      .returning('account_id')
      .executeTakeFirst();
    if (colleague === undefined) return refused('notMember');
    await recordInBothLogs(trx, actor, colleagueId, 'company-member-removed', now);
    return { ok: true };
  });
}

/** The administrator makes a colleague an administrator too (the company then has more than one). */
export async function makeAdministrator(
  db: Db,
  actor: Actor,
  colleagueId: number,
  now: number,
): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const membership = await membershipOf(trx, actor.accountId);
    if (membership?.role !== 'admin') return refused('notAdmin');
    const made = await trx
      .updateTable('buyer_company_members')
      .set({ role: 'admin' })
      .where('company_id', '=', membership.id)
      .where('account_id', '=', colleagueId)
      .where('role', '=', 'member')
      .returning('account_id')
      .executeTakeFirst();
    if (made === undefined) return refused('notMember');
    await recordInBothLogs(trx, actor, colleagueId, 'company-admin-made', now);
    return { ok: true };
  });
}

/**
 * A buyer leaves their company. Its last administrator leaves only when nobody else is in it, and the company goes
 * with them (with its open invitations).
 */
export async function leaveCompany(db: Db, actor: Actor, now: number): Promise<CompanyChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const membership = await membershipOf(trx, actor.accountId);
    if (membership === undefined) return refused('notMember');
    const members = await membersOf(trx, membership.id);
    const admins = members.filter((member) => member.role === 'admin');
    if (membership.role === 'admin' && admins.length === 1 && members.length > 1) return refused('lastAdmin');
    await trx.deleteFrom('buyer_company_members').where('account_id', '=', actor.accountId).execute();
    if (members.length === 1) await trx.deleteFrom('buyer_companies').where('id', '=', membership.id).execute();
    await recordAccountEvent(trx, { ...actor, kind: 'company-left', detail: membership.domain }, now);
    return { ok: true };
  });
}
