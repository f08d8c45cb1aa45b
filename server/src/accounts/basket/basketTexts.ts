// The words of connecting a browser's basket to the account, in English and Arabic (Modern Standard Arabic, business
// register).
import type { Locale } from '@site/contracts/locale';

export interface BasketTexts {
  title: string;
  intro: string;
  holds: (lines: number) => string;
  connect: string;
  notNow: string;
  failedTitle: string;
  failed: string;
  startAgain: string;
  notFromLink: string;
  browsersTitle: string;
  browsers: (count: number) => string;
  forgetAll: string;
}

const EN: BasketTexts = {
  title: "Keep this browser's basket in your account",
  intro:
    'The quote basket of the browser that sent you here will be kept in your account: the same on every device you connect. What that browser holds now is merged in once.',
  holds: (lines) =>
    lines === 0
      ? "Your account's basket is empty."
      : `Your account's basket holds ${lines} ${lines === 1 ? 'product' : 'products'}.`,
  connect: 'Keep it in my account',
  notNow: 'Not now',
  failedTitle: 'This browser was not connected',
  failed:
    'The connection was already used, had expired, or was finished in another browser. Start again from the quote request page.',
  startAgain: 'Keep the basket in your account',
  notFromLink:
    "This page opens from the quote request page's link “Keep this basket in your account”. Start from there.",
  browsersTitle: 'Browsers keeping your basket',
  browsers: (count) =>
    `${count} ${count === 1 ? 'browser keeps' : 'browsers keep'} your account's basket: what is added on one is there on the others.`,
  forgetAll: 'Disconnect them all',
};

const AR: BasketTexts = {
  title: 'حفظ سلة هذا المتصفح في حسابك',
  intro:
    'ستُحفظ سلة عروض الأسعار في المتصفح الذي أحالك إلى هنا ضمن حسابك، فتظهر كما هي على كل جهاز تربطه به. ويُدمج ما تحتويه سلة ذلك المتصفح الآن مرة واحدة.',
  holds: (lines) => (lines === 0 ? 'سلة حسابك فارغة.' : `عدد المنتجات في سلة حسابك: ${lines}.`),
  connect: 'احفظها في حسابي',
  notNow: 'ليس الآن',
  failedTitle: 'لم يُربط هذا المتصفح',
  failed: 'سبق استخدام طلب الربط، أو انتهت صلاحيته، أو اكتمل في متصفح آخر. يُرجى البدء من جديد من صفحة طلب عرض السعر.',
  startAgain: 'احفظ السلة في حسابك',
  notFromLink: 'تُفتح هذه الصفحة من رابط «احفظ هذه السلة في حسابك» في صفحة طلب عرض السعر. يُرجى البدء من هناك.',
  browsersTitle: 'المتصفحات التي تحفظ سلتك',
  browsers: (count) => `عدد المتصفحات المرتبطة بسلة حسابك: ${count}. ما يُضاف في أحدها يظهر في البقية.`,
  forgetAll: 'إلغاء ربطها جميعاً',
};

export const basketTexts = (locale: Locale): BasketTexts => (locale === 'ar' ? AR : EN);
