// The words of the account's "Your data" page and its closing, in English and Arabic (Modern Standard Arabic, business
// register).
import type { Locale } from '@site/contracts/locale';

export interface PrivacyTexts {
  title: string;
  downloadIntro: string;
  downloadJson: string;
  downloadCsv: string;
  closeTitle: string;
  closeIntro: string;
  closeConfirm: string;
  closeButton: string;
  closeNotConfirmed: string;
  closedTitle: string;
  closed: string;
}

const EN: PrivacyTexts = {
  title: 'Your data',
  downloadIntro:
    'Download everything your account holds: your requests with their lines, your quotations with every revision, your saved lists, your signed-in devices, your passkeys and the account’s activity.',
  downloadJson: 'Download as JSON',
  downloadCsv: 'Download as CSV (opens in a spreadsheet)',
  closeTitle: 'Close your account',
  closeIntro:
    'Closing removes your account, its saved lists, signed-in devices, passkeys and sign-in links. The requests and quotations you sent stay with our branches as business records. You can open an account again later with the same address.',
  closeConfirm: 'I understand that closing my account cannot be undone.',
  closeButton: 'Close my account',
  closeNotConfirmed: 'Tick the box to confirm that you want to close your account.',
  closedTitle: 'Your account is closed',
  closed: 'Your account, its devices, passkeys and sign-in links have been removed, and this browser is signed out.',
};

const AR: PrivacyTexts = {
  title: 'بياناتك',
  downloadIntro:
    'نزّل كل ما يحتفظ به حسابك: طلباتك وبنودها، وعروض أسعارك بجميع مراجعاتها، وقوائمك المحفوظة، والأجهزة المسجّل دخولها، ومفاتيح المرور، ونشاط الحساب.',
  downloadJson: 'التنزيل بصيغة JSON',
  downloadCsv: 'التنزيل بصيغة CSV (يُفتح في جدول بيانات)',
  closeTitle: 'إغلاق حسابك',
  closeIntro:
    'يؤدي الإغلاق إلى حذف حسابك وقوائمه المحفوظة والأجهزة المسجّل دخولها ومفاتيح المرور وروابط الدخول. تبقى الطلبات وعروض الأسعار التي أرسلتها لدى فروعنا سجلاتٍ تجارية. ويمكنك فتح حساب من جديد لاحقاً بالعنوان نفسه.',
  closeConfirm: 'أدرك أنه لا يمكن التراجع عن إغلاق حسابي.',
  closeButton: 'إغلاق حسابي',
  closeNotConfirmed: 'يرجى تحديد المربع لتأكيد رغبتك في إغلاق حسابك.',
  closedTitle: 'تم إغلاق حسابك',
  closed: 'حُذف حسابك وأجهزته ومفاتيح المرور وروابط الدخول، وسُجّل خروج هذا المتصفح.',
};

export const privacyTexts = (locale: Locale): PrivacyTexts => (locale === 'ar' ? AR : EN);
