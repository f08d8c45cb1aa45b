// The account's company (docs/accounts.md): its page, and the forms that make it, invite and remove colleagues,
// withdraw an invitation, join and leave. Each a signed-in form with its CSRF field; each change is checked against
// the signed-in buyer's own place in the company (companyStore.ts), so no id names another company's anything.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { isValidEmail } from '@site/content/validation';
import { LOCALES } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { accountForms, eventOf, fieldsOf, sendPage } from '../accountHttp.js';
import type { BuyerSession } from '../buyerSessions.js';
import { visibleLine } from '@site/contracts/text-field';
import { companyPage, companyPath, type CompanyView } from './companyHtml.js';
import {
  companyOfDomain,
  COMPANY_NAME_MAX,
  createCompany,
  domainOf,
  invitationFor,
  invitationsOf,
  inviteColleague,
  joinCompany,
  leaveCompany,
  membersOf,
  membershipOf,
  PUBLIC_MAIL_DOMAINS,
  makeAdministrator,
  removeColleague,
  withdrawInvitation,
  type Actor,
  type CompanyChange,
} from './companyStore.js';
import { companyTexts } from './companyTexts.js';

export interface CompanyRouteOptions {
  db: Kysely<DatabaseSchema>;
  fixedOrigin(): string | undefined;
}

/** What the page shows the signed-in buyer. */
async function viewOf(db: Kysely<DatabaseSchema>, session: BuyerSession): Promise<CompanyView> {
  const membership = await membershipOf(db, session.accountId);
  if (membership !== undefined)
    return {
      kind: 'member',
      membership,
      accountId: session.accountId,
      members: await membersOf(db, membership.id),
      invitations: await invitationsOf(db, membership.id),
    };
  const invitation = await invitationFor(db, session.email);
  if (invitation !== undefined) return { kind: 'invited', company: invitation, invitedBy: invitation.invitedBy };
  const domain = domainOf(session.email);
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return { kind: 'publicDomain' };
  const company = await companyOfDomain(db, domain);
  return company === undefined ? { kind: 'create', domain } : { kind: 'taken', company, email: session.email };
}

export async function companyRoutes(app: FastifyInstance, options: CompanyRouteOptions): Promise<void> {
  const { db } = options;
  const { signedIn, signedInPost } = accountForms(app, db, options.fixedOrigin);

  for (const locale of LOCALES) {
    const t = companyTexts(locale);
    const show = async (reply: FastifyReply, session: BuyerSession, problem?: string, typed = '', status = 200) =>
      sendPage(reply, companyPage(locale, session, await viewOf(db, session), problem, typed), status);
    /** A change's answer: back to the page, or the page with why not. */
    const answer = (reply: FastifyReply, session: BuyerSession, change: CompanyChange, typed = '') =>
      change.ok
        ? reply.redirect(companyPath(locale), 303)
        : show(reply, session, t.problems[change.problem], typed, change.problem === 'notAdmin' ? 403 : 409);
    const actorOf = (request: Parameters<typeof eventOf>[0], session: BuyerSession): Actor => ({
      accountId: session.accountId,
      email: session.email,
      device: eventOf(request, session, 'company-created').device,
    });

    app.get(companyPath(locale), async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      return session === undefined ? reply : show(reply, session);
    });

    signedInPost(companyPath(locale, '/create'), locale, async (request, reply, session) => {
      const name = visibleLine(fieldsOf(request).name ?? '', COMPANY_NAME_MAX);
      if (name === '') return show(reply, session, t.problems.nameMissing, '', 400);
      return answer(reply, session, await createCompany(db, actorOf(request, session), name, Date.now()), name);
    });

    signedInPost(companyPath(locale, '/invite'), locale, async (request, reply, session) => {
      const typed = (fieldsOf(request).email ?? '').trim();
      if (typed.length > 254 || !isValidEmail(typed)) return show(reply, session, t.problems.badAddress, typed, 400);
      const change = await inviteColleague(db, actorOf(request, session), typed.toLowerCase(), Date.now());
      return answer(reply, session, change, typed);
    });

    signedInPost(companyPath(locale, '/invitations/withdraw'), locale, async (request, reply, session) => {
      const email = (fieldsOf(request).email ?? '').trim().toLowerCase();
      return answer(reply, session, await withdrawInvitation(db, actorOf(request, session), email, Date.now()));
    });

    signedInPost(companyPath(locale, '/join'), locale, async (request, reply, session) =>
      answer(reply, session, await joinCompany(db, actorOf(request, session), Date.now())),
    );

    signedInPost(companyPath(locale, '/members/remove'), locale, async (request, reply, session) => {
      const account = fieldsOf(request).account ?? '';
      if (!/^[1-9]\d{0,8}$/.test(account)) return answer(reply, session, { ok: false, problem: 'notMember' });
      const change = await removeColleague(db, actorOf(request, session), Number(account), Date.now());
      return answer(reply, session, change);
    });

    signedInPost(companyPath(locale, '/members/admin'), locale, async (request, reply, session) => {
      const account = fieldsOf(request).account ?? '';
      if (!/^[1-9]\d{0,8}$/.test(account)) return answer(reply, session, { ok: false, problem: 'notMember' });
      const change = await makeAdministrator(db, actorOf(request, session), Number(account), Date.now());
      return answer(reply, session, change);
    });

    signedInPost(companyPath(locale, '/leave'), locale, async (request, reply, session) =>
      answer(reply, session, await leaveCompany(db, actorOf(request, session), Date.now())),
    );
  }
}
