// The words of the account's company page, in English and Arabic (Modern Standard Arabic, business register).
import type { Locale } from '@site/contracts/locale';
import type { CompanyChange } from './companyStore.js';

type Problem = Extract<CompanyChange, { ok: false }>['problem'] | 'badAddress' | 'nameMissing';

export interface CompanyTexts {
  title: string;
  intro: string;
  createIntro: (domain: string) => string;
  nameLabel: string;
  create: string;
  publicDomain: string;
  taken: (name: string, domain: string, email: string) => string;
  invited: (name: string, domain: string, by: string) => string;
  join: (name: string) => string;
  membersTitle: string;
  addressColumn: string;
  roleColumn: string;
  joinedColumn: string;
  roles: { admin: string; member: string };
  you: string;
  remove: (email: string) => string;
  makeAdmin: (email: string) => string;
  invitationsTitle: string;
  invitedByColumn: string;
  withdraw: (email: string) => string;
  inviteTitle: string;
  inviteHint: (domain: string) => string;
  inviteLabel: string;
  invite: string;
  leave: string;
  leaveHint: string;
  problems: Record<Problem, string>;
}

const EN: CompanyTexts = {
  title: 'Company account',
  intro: 'Colleagues in the company account see its requests, quotations, orders and lists.',
  createIntro: (domain) =>
    `Set up a company account for ${domain}. You will be its administrator: you invite colleagues with an address at ${domain}, and they see the company’s requests, quotations, orders and lists.`,
  nameLabel: 'Company name',
  create: 'Create the company account',
  publicDomain:
    'Your address is at a public mail service, so it cannot have a company account. Sign in with your company e-mail address to set one up.',
  taken: (name, domain, email) =>
    `${name} already has a company account for ${domain}. Ask its administrator to invite ${email}.`,
  invited: (name, domain, by) => `${by} invited you to join ${name} (${domain}).`,
  join: (name) => `Join ${name}`,
  membersTitle: 'Colleagues',
  addressColumn: 'Address',
  roleColumn: 'Role',
  joinedColumn: 'Joined',
  roles: { admin: 'Administrator', member: 'Colleague' },
  you: '(you)',
  remove: (email) => `Remove ${email}`,
  makeAdmin: (email) => `Make ${email} an administrator`,
  invitationsTitle: 'Invitations not yet accepted',
  invitedByColumn: 'Invited by',
  withdraw: (email) => `Withdraw the invitation of ${email}`,
  inviteTitle: 'Invite a colleague',
  inviteHint: (domain) => `Their work e-mail at ${domain}. They join once they sign in to their account with it.`,
  inviteLabel: 'Colleague’s work e-mail',
  invite: 'Invite',
  leave: 'Leave the company account',
  leaveHint: 'Your own requests and quotations stay in your account.',
  problems: {
    publicDomain: 'A public mail service’s address cannot have a company account.',
    taken: 'This domain already has a company account.',
    alreadyMember: 'This address is already in a company account.',
    notAdmin: 'Only the company’s administrator can do this.',
    otherDomain: 'Invite addresses at your company’s own domain only.',
    notInvited: 'There is no invitation for this address.',
    full: 'The company account has as many colleagues and invitations as it can hold.',
    notMember: 'This address is not in your company account.',
    lastAdmin:
      'You are the company’s only administrator: make a colleague an administrator first, or remove your colleagues.',
    badAddress: 'Enter an e-mail address, such as name@company.com.',
    nameMissing: 'Enter the company’s name.',
  },
};

const AR: CompanyTexts = {
  title: 'حساب الشركة',
  intro: 'يطّلع الزملاء في حساب الشركة على طلباتها وعروض أسعارها وأوامر الشراء وقوائمها.',
  createIntro: (domain) =>
    `أنشئ حساب شركة للنطاق ${domain}. ستكون مسؤول الحساب: تدعو الزملاء الذين لديهم عنوان على ${domain}، فيطّلعون على طلبات الشركة وعروض أسعارها وأوامر الشراء وقوائمها.`,
  nameLabel: 'اسم الشركة',
  create: 'إنشاء حساب الشركة',
  publicDomain:
    'عنوانك لدى خدمة بريد عامة، ولذلك لا يمكن أن يكون له حساب شركة. يرجى تسجيل الدخول بالبريد الإلكتروني لشركتك لإنشاء حساب.',
  taken: (name, domain, email) => `لدى ${name} حساب شركة بالفعل للنطاق ${domain}. اطلب من مسؤول الحساب دعوة ${email}.`,
  invited: (name, domain, by) => `دعاك ${by} للانضمام إلى ${name} ‏(${domain}).`,
  join: (name) => `الانضمام إلى ${name}`,
  membersTitle: 'الزملاء',
  addressColumn: 'العنوان',
  roleColumn: 'الدور',
  joinedColumn: 'تاريخ الانضمام',
  roles: { admin: 'المسؤول', member: 'زميل' },
  you: '(أنت)',
  remove: (email) => `إزالة ${email}`,
  makeAdmin: (email) => `تعيين ${email} مسؤولاً`,
  invitationsTitle: 'دعوات لم تُقبل بعد',
  invitedByColumn: 'الداعي',
  withdraw: (email) => `سحب دعوة ${email}`,
  inviteTitle: 'دعوة زميل',
  inviteHint: (domain) => `بريده الإلكتروني للعمل على ${domain}. ينضم بمجرد تسجيل دخوله إلى حسابه به.`,
  inviteLabel: 'البريد الإلكتروني للعمل للزميل',
  invite: 'دعوة',
  leave: 'مغادرة حساب الشركة',
  leaveHint: 'تبقى طلباتك وعروض أسعارك الخاصة في حسابك.',
  problems: {
    publicDomain: 'لا يمكن أن يكون لعنوان لدى خدمة بريد عامة حساب شركة.',
    taken: 'لهذا النطاق حساب شركة بالفعل.',
    alreadyMember: 'هذا العنوان مسجّل بالفعل في حساب شركة.',
    notAdmin: 'لا يستطيع القيام بذلك إلا مسؤول حساب الشركة.',
    otherDomain: 'يرجى دعوة عناوين على نطاق شركتك فقط.',
    notInvited: 'لا توجد دعوة لهذا العنوان.',
    full: 'بلغ حساب الشركة الحد الأقصى من الزملاء والدعوات.',
    notMember: 'هذا العنوان ليس ضمن حساب شركتك.',
    lastAdmin: 'أنت المسؤول الوحيد عن حساب الشركة: يرجى تعيين أحد زملائك مسؤولاً أولاً، أو إزالة زملائك.',
    badAddress: 'يرجى إدخال عنوان بريد إلكتروني، مثل name@company.com.',
    nameMissing: 'يرجى إدخال اسم الشركة.',
  },
};

export const companyTexts = (locale: Locale): CompanyTexts => (locale === 'ar' ? AR : EN);
