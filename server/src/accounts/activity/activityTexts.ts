// The words of the account's activity (its audit log), in English and Arabic (Modern Standard Arabic, business register).
import type { Locale } from '@site/contracts/locale';
import type { BuyerAccountEventKind } from './accountEvents.js';

export interface ActivityTexts {
  title: string;
  none: string;
  events: Readonly<Record<BuyerAccountEventKind, string>>;
}

const EN: ActivityTexts = {
  title: 'Recent activity',
  none: 'Nothing yet.',
  events: {
    'signed-in-by-link': 'Signed in by e-mail link',
    'signed-in-by-passkey': 'Signed in with a passkey',
    'signed-out': 'Signed out',
    'device-signed-out': 'A device was signed out',
    'passkey-added': 'Passkey added',
    'passkey-removed': 'Passkey removed',
    'data-downloaded': 'Account data downloaded',
    closed: 'Account closed',
    'company-created': 'Company account created',
    'company-joined': 'Joined the company account',
    'company-invited': 'Colleague invited',
    'company-invitation-withdrawn': 'Invitation withdrawn',
    'company-member-removed': 'Colleague removed from the company',
    'company-left': 'Left the company account',
    'company-admin-made': 'Colleague made an administrator',
  },
};

const AR: ActivityTexts = {
  title: 'النشاط الأخير',
  none: 'لا يوجد نشاط بعد.',
  events: {
    'signed-in-by-link': 'تسجيل الدخول برابط البريد الإلكتروني',
    'signed-in-by-passkey': 'تسجيل الدخول بمفتاح مرور',
    'signed-out': 'تسجيل الخروج',
    'device-signed-out': 'تسجيل خروج أحد الأجهزة',
    'passkey-added': 'إضافة مفتاح مرور',
    'passkey-removed': 'إزالة مفتاح مرور',
    'data-downloaded': 'تنزيل بيانات الحساب',
    closed: 'إغلاق الحساب',
    'company-created': 'إنشاء حساب الشركة',
    'company-joined': 'الانضمام إلى حساب الشركة',
    'company-invited': 'دعوة زميل',
    'company-invitation-withdrawn': 'سحب دعوة',
    'company-member-removed': 'إزالة زميل من الشركة',
    'company-left': 'مغادرة حساب الشركة',
    'company-admin-made': 'تعيين زميل مسؤولاً',
  },
};

export const activityTexts = (locale: Locale): ActivityTexts => (locale === 'ar' ? AR : EN);
