// The account's company page: the company with its colleagues, invitations and (its administrator's) forms; or, for a
// buyer in none, the invitation to join, the form that makes one, or why there can be none. Plain forms, no script.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDateOf, accountDocument, accountPath, type SignedInFrame } from '../accountHtml.js';
import type { Company, CompanyMember, Membership } from './companyStore.js';
import { COMPANY_NAME_MAX } from './companyStore.js';
import { companyTexts } from './companyTexts.js';

export const companyPath = (locale: Locale, rest = '') => accountPath(locale, `/account/company${rest}`);

export type CompanyView =
  | {
      kind: 'member';
      membership: Membership;
      accountId: number;
      members: readonly CompanyMember[];
      invitations: readonly { email: string; invitedBy: string }[];
    }
  | { kind: 'invited'; company: Company; invitedBy: string }
  | { kind: 'publicDomain' }
  | { kind: 'taken'; company: Company; email: string }
  | { kind: 'create'; domain: string };

/** An address or a domain: left to right inside Arabic. */
const ltr = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;
const csrfField = (frame: SignedInFrame) => `<input type="hidden" name="csrf" value="${escapeHtml(frame.csrfToken)}">`;
const headRow = (cells: readonly string[]) =>
  `<tr>${cells.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr>`;
/** A form of one button (and hidden fields) posting to `action`. */
const buttonForm = (
  frame: SignedInFrame,
  action: string,
  label: string,
  fields: Record<string, string> = {},
  quiet = true,
) =>
  `<form method="post" action="${action}">${csrfField(frame)}${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')}<button${quiet ? ' class="quiet"' : ''} type="submit">${escapeHtml(label)}</button></form>`;

function memberMain(
  locale: Locale,
  frame: SignedInFrame,
  view: Extract<CompanyView, { kind: 'member' }>,
  typed: string,
  alert: string,
) {
  const t = companyTexts(locale);
  const admin = view.membership.role === 'admin';
  const rows = view.members
    .map((member) => {
      const you = member.accountId === view.accountId ? ` ${escapeHtml(t.you)}` : '';
      const account = { account: String(member.accountId) };
      const makeAdmin =
        admin && member.role === 'member'
          ? buttonForm(frame, companyPath(locale, '/members/admin'), t.makeAdmin(member.email), account)
          : '';
      const remove =
        admin && member.accountId !== view.accountId
          ? buttonForm(frame, companyPath(locale, '/members/remove'), t.remove(member.email), account)
          : '';
      return `<tr><th scope="row">${ltr(member.email)}${you}</th><td>${escapeHtml(t.roles[member.role])}</td><td>${escapeHtml(accountDateOf(locale, member.joinedAt))}</td><td>${makeAdmin}${remove}</td></tr>`;
    })
    .join('');
  const members = `<h2 id="members">${escapeHtml(t.membersTitle)}</h2><div class="scroll"><table aria-labelledby="members"><thead>${headRow([t.addressColumn, t.roleColumn, t.joinedColumn, ''])}</thead><tbody>${rows}</tbody></table></div>`;
  const invitations =
    !admin || view.invitations.length === 0
      ? ''
      : `<h2 id="invitations">${escapeHtml(t.invitationsTitle)}</h2><div class="scroll"><table aria-labelledby="invitations"><thead>${headRow([t.addressColumn, t.invitedByColumn, ''])}</thead><tbody>${view.invitations
          .map(
            (invitation) =>
              `<tr><th scope="row">${ltr(invitation.email)}</th><td>${ltr(invitation.invitedBy)}</td><td>${buttonForm(frame, companyPath(locale, '/invitations/withdraw'), t.withdraw(invitation.email), { email: invitation.email })}</td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  const invalid = alert === '' ? '' : ' aria-invalid="true" aria-describedby="company-problem"';
  const invite = admin
    ? `<h2 id="invite">${escapeHtml(t.inviteTitle)}</h2><form method="post" action="${companyPath(locale, '/invite')}" aria-labelledby="invite">${csrfField(frame)}<label for="colleague">${escapeHtml(t.inviteLabel)}</label><p id="invite-hint">${escapeHtml(t.inviteHint(view.membership.domain))}</p><input id="colleague" name="email" type="email" autocomplete="off" required maxlength="254" value="${escapeHtml(typed)}" aria-describedby="invite-hint"${invalid}>${alert}<button type="submit">${escapeHtml(t.invite)}</button></form>`
    : alert;
  const leave = `<h2 id="leave">${escapeHtml(t.leave)}</h2><p>${escapeHtml(t.leaveHint)}</p>${buttonForm(frame, companyPath(locale, '/leave'), t.leave)}`;
  return `<p><strong>${escapeHtml(view.membership.name)}</strong> — ${ltr(view.membership.domain)}</p><p>${escapeHtml(t.intro)}</p>${members}${invitations}${invite}${leave}`;
}

export function companyPage(
  locale: Locale,
  frame: SignedInFrame,
  view: CompanyView,
  problem?: string,
  typed = '',
): string {
  const t = companyTexts(locale);
  const alert = problem === undefined ? '' : `<p role="alert" id="company-problem">${escapeHtml(problem)}</p>`;
  let main: string;
  switch (view.kind) {
    case 'member':
      main = memberMain(locale, frame, view, typed, alert);
      break;
    case 'invited':
      main = `<p>${escapeHtml(t.invited(view.company.name, view.company.domain, view.invitedBy))}</p><p>${escapeHtml(t.intro)}</p>${alert}${buttonForm(frame, companyPath(locale, '/join'), t.join(view.company.name), {}, false)}`;
      break;
    case 'publicDomain':
      main = `${alert}<p>${escapeHtml(t.publicDomain)}</p>`;
      break;
    case 'taken':
      main = `${alert}<p>${escapeHtml(t.taken(view.company.name, view.company.domain, view.email))}</p>`;
      break;
    case 'create': {
      const invalid = problem === undefined ? '' : ' aria-invalid="true" aria-describedby="company-problem"';
      main = `<p>${escapeHtml(t.createIntro(view.domain))}</p><form method="post" action="${companyPath(locale, '/create')}" aria-label="${escapeHtml(t.create)}">${csrfField(frame)}<label for="company-name">${escapeHtml(t.nameLabel)}</label><input id="company-name" name="name" type="text" autocomplete="organization" required maxlength="${COMPANY_NAME_MAX}" value="${escapeHtml(typed)}"${invalid}>${alert}<button type="submit">${escapeHtml(t.create)}</button></form>`;
      break;
    }
  }
  return accountDocument(locale, t.title, main, frame, '/account/company');
}
