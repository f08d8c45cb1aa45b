// The words of passkeys on the account's pages and in the answers of their ceremonies, in English and Arabic (Modern
// Standard Arabic, business register).
import type { Locale } from '@site/contracts/locale';

export interface PasskeyTexts {
  signInOr: string;
  signInWithPasskey: string;
  title: string;
  intro: string;
  none: string;
  add: string;
  added: (date: string) => string;
  lastUsed: (date: string) => string;
  neverUsed: string;
  remove: string;
  cancelled: string;
  failed: string;
  unknown: string;
  spent: string;
  full: (most: number) => string;
  taken: string;
}

const EN: PasskeyTexts = {
  signInOr: 'Or use a passkey',
  signInWithPasskey: 'Sign in with a passkey',
  title: 'Passkeys',
  intro:
    'A passkey signs you in with this device’s screen lock or a security key, without waiting for an e-mail. Add one on each device you use.',
  none: 'No passkey yet.',
  add: 'Add a passkey',
  added: (date) => `Added ${date}`,
  lastUsed: (date) => `last used ${date}`,
  neverUsed: 'not used yet',
  remove: 'Remove passkey',
  cancelled: 'The passkey was not used. Try again, or sign in by e-mail.',
  failed: 'The passkey could not be checked. Try again, or sign in by e-mail.',
  unknown: 'This passkey is not on any account. Sign in by e-mail, then add it from your account.',
  spent: 'This passkey request was already used or has expired. Try again.',
  full: (most) => `Your account holds ${most} passkeys, the most it can. Remove one to add another.`,
  taken: 'This passkey is already on an account.',
};

const AR: PasskeyTexts = {
  signInOr: 'أو استخدم مفتاح مرور',
  signInWithPasskey: 'الدخول بمفتاح مرور',
  title: 'مفاتيح المرور',
  intro:
    'يتيح لك مفتاح المرور الدخول بقفل شاشة هذا الجهاز أو بمفتاح أمان، دون انتظار رسالة بريد إلكتروني. أضف مفتاحاً على كل جهاز تستخدمه.',
  none: 'لا يوجد مفتاح مرور بعد.',
  add: 'إضافة مفتاح مرور',
  added: (date) => `أُضيف في ${date}`,
  lastUsed: (date) => `آخر استخدام في ${date}`,
  neverUsed: 'لم يُستخدم بعد',
  remove: 'إزالة مفتاح المرور',
  cancelled: 'لم يُستخدم مفتاح المرور. يرجى المحاولة مرة أخرى، أو الدخول عبر البريد الإلكتروني.',
  failed: 'تعذّر التحقق من مفتاح المرور. يرجى المحاولة مرة أخرى، أو الدخول عبر البريد الإلكتروني.',
  unknown: 'مفتاح المرور هذا غير مرتبط بأي حساب. ادخل عبر البريد الإلكتروني، ثم أضفه من حسابك.',
  spent: 'سبق استخدام طلب مفتاح المرور هذا أو انتهت صلاحيته. يرجى المحاولة مرة أخرى.',
  full: (most) => `يضمّ حسابك ${most} مفتاح مرور، وهو الحد الأقصى. أزل مفتاحاً لإضافة آخر.`,
  taken: 'مفتاح المرور هذا مضاف إلى حساب بالفعل.',
};

export const passkeyTexts = (locale: Locale): PasskeyTexts => (locale === 'ar' ? AR : EN);
