// The words of the account's sign-in, its devices page and its sign-in mail, in English and Arabic (Modern Standard
// Arabic, business register).
import type { Locale } from '@site/contracts/locale';

export interface AccountTexts {
  siteName: string;
  signInTitle: string;
  signInIntro: string;
  emailLabel: string;
  sendLink: string;
  badEmail: string;
  checkMailTitle: string;
  checkMail: (email: string) => string;
  linkTitle: string;
  linkConfirm: (email: string) => string;
  signIn: string;
  linkDeadTitle: string;
  linkDead: string;
  askNewLink: string;
  crossSite: string;
  staleForm: string;
  tooMany: string;
  navRecords: string;
  navLists: string;
  navCompany: string;
  navDevices: string;
  navPrivacy: string;
  signOut: string;
  devicesTitle: string;
  devicesIntro: string;
  deviceSignedIn: (date: string) => string;
  deviceLastUsed: (date: string) => string;
  thisDevice: string;
  endDevice: string;
  unknownDevice: string;
  mailSubject: string;
  mailLines: (link: string) => string[];
  mailIgnore: string;
  publicSite: string;
}

const EN: AccountTexts = {
  siteName: 'Crescent Electrical Trading',
  signInTitle: 'Sign in to your account',
  signInIntro:
    'Your requests and quotations in one place. No password: we e-mail you a link that signs you in once, within 15 minutes.',
  emailLabel: 'Work e-mail',
  sendLink: 'Send me a sign-in link',
  badEmail: 'Enter a valid e-mail address, such as name@company.com.',
  checkMailTitle: 'Check your e-mail',
  checkMail: (email) =>
    `If ${email} can receive mail, a sign-in link is on its way to it. The link works once, within 15 minutes.`,
  linkTitle: 'Sign in',
  linkConfirm: (email) => `Sign in to the account of ${email} on this device?`,
  signIn: 'Sign in',
  linkDeadTitle: 'This link no longer works',
  linkDead: 'A sign-in link works once, within 15 minutes of being sent. Ask for a new one.',
  askNewLink: 'Send me a new link',
  crossSite: 'This form was sent from another site and was not accepted.',
  staleForm: 'This page was out of date. Please try again.',
  tooMany: 'Too many attempts from your network. Please try again in a few minutes.',
  navRecords: 'Requests and quotations',
  navLists: 'Lists',
  navCompany: 'Company',
  navDevices: 'Signed-in devices',
  navPrivacy: 'Your data',
  signOut: 'Sign out',
  devicesTitle: 'Signed-in devices',
  devicesIntro: 'Each device or browser signed in to your account. Sign out any you do not recognise.',
  deviceSignedIn: (date) => `Signed in ${date}`,
  deviceLastUsed: (date) => `last used ${date}`,
  thisDevice: 'This device',
  endDevice: 'Sign out this device',
  unknownDevice: 'Unknown browser',
  mailSubject: 'Your sign-in link',
  mailLines: (link) => [
    'Use this link to sign in to your account at Crescent Electrical Trading. It works once, within 15 minutes:',
    link,
  ],
  mailIgnore: 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
  publicSite: 'Back to the website',
};

const AR: AccountTexts = {
  siteName: 'الهلال للتجارة الكهربائية',
  signInTitle: 'تسجيل الدخول إلى حسابك',
  signInIntro:
    'طلباتك وعروض أسعارك في مكان واحد. لا حاجة إلى كلمة مرور: نرسل إليك رابطاً بالبريد الإلكتروني يتيح لك الدخول مرة واحدة خلال 15 دقيقة.',
  emailLabel: 'البريد الإلكتروني للعمل',
  sendLink: 'أرسلوا إليّ رابط الدخول',
  badEmail: 'يرجى إدخال عنوان بريد إلكتروني صحيح، مثل name@company.com.',
  checkMailTitle: 'تفقّد بريدك الإلكتروني',
  checkMail: (email) =>
    `إذا كان العنوان ${email} يستقبل البريد، فإن رابط الدخول في طريقه إليه. يعمل الرابط مرة واحدة خلال 15 دقيقة.`,
  linkTitle: 'تسجيل الدخول',
  linkConfirm: (email) => `هل تريد الدخول إلى حساب ${email} على هذا الجهاز؟`,
  signIn: 'تسجيل الدخول',
  linkDeadTitle: 'لم يعد هذا الرابط صالحاً',
  linkDead: 'يعمل رابط الدخول مرة واحدة خلال 15 دقيقة من إرساله. يرجى طلب رابط جديد.',
  askNewLink: 'أرسلوا إليّ رابطاً جديداً',
  crossSite: 'أُرسل هذا النموذج من موقع آخر ولم يُقبل.',
  staleForm: 'لم تعد هذه الصفحة محدّثة. يرجى المحاولة مرة أخرى.',
  tooMany: 'محاولات كثيرة من شبكتك. يرجى المحاولة مرة أخرى بعد بضع دقائق.',
  navRecords: 'الطلبات وعروض الأسعار',
  navLists: 'القوائم',
  navCompany: 'الشركة',
  navDevices: 'الأجهزة المسجّل دخولها',
  navPrivacy: 'بياناتك',
  signOut: 'تسجيل الخروج',
  devicesTitle: 'الأجهزة المسجّل دخولها',
  devicesIntro: 'كل جهاز أو متصفح مسجّل دخوله إلى حسابك. سجّل الخروج من أي جهاز لا تعرفه.',
  deviceSignedIn: (date) => `سُجّل الدخول في ${date}`,
  deviceLastUsed: (date) => `آخر استخدام في ${date}`,
  thisDevice: 'هذا الجهاز',
  endDevice: 'تسجيل الخروج من هذا الجهاز',
  unknownDevice: 'متصفح غير معروف',
  mailSubject: 'رابط الدخول إلى حسابك',
  mailLines: (link) => [
    'استخدم هذا الرابط للدخول إلى حسابك لدى الهلال للتجارة الكهربائية. يعمل مرة واحدة خلال 15 دقيقة:',
    link,
  ],
  mailIgnore: 'إذا لم تطلب هذا الرابط، فتجاهل هذه الرسالة: لا يمكن لأحد الدخول من دون الرابط.',
  publicSite: 'العودة إلى الموقع',
};

export const accountTexts = (locale: Locale): AccountTexts => (locale === 'ar' ? AR : EN);
