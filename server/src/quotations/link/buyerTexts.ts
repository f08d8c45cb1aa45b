// The words of a sent quotation's PDF and of the buyer's mails, in English and Arabic (Modern Standard, business
// register). The branch names and the company's name come from the site's data (quoteTexts).
import type { Locale } from '@site/contracts/locale';
import type { QuotationState } from '@site/contracts/quotations-api';
import { quoteTexts } from '../../quote-requests/index.js';

export interface BuyerTexts {
  locale: Locale;
  companyName: string;
  branchName: (branch: string) => string;
  title: string;
  number: string;
  reference: string;
  date: string;
  validUntil: string;
  branch: string;
  phone: string;
  currency: string;
  lineNumber: string;
  code: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  vat: string;
  subtotal: string;
  vatTotal: string;
  total: string;
  vatRounding: string;
  paymentTerms: string;
  deliveryTerms: string;
  note: string;
  /** The parties and the delivery the document names. */
  seller: string;
  legalName: string;
  delivery: string;
  commercialRegistration: string;
  buyer: string;
  company: string;
  contact: string;
  email: string;
  deliveryCity: string;
  salesperson: string;
  directPhone: string;
  incoterms: string;
  deliveryPlace: string;
  availability: string;
  /** A part the stock feed said nothing of when it was priced. */
  availabilityToConfirm: string;
  /** A fact a quotation sent before the document named it does not have. */
  notGiven: string;
  signature: {
    forSeller: (legalName: string) => string;
    forBuyer: string;
    name: string;
    signature: string;
    date: string;
    stamp: string;
  };
  page: (page: number, pages: number) => string;
  states: Record<QuotationState, string>;
  sentMail: {
    subject: (number: string) => string;
    greeting: string;
    intro: (branch: string, number: string, reference: string) => string;
    link: string;
    validity: (day: string) => string;
    attached: (file: string) => string;
    ignore: string;
  };
  acceptedMail: {
    subject: (number: string) => string;
    greeting: string;
    body: (number: string, branch: string) => string;
    poNumber: string;
    next: (branch: string, phone: string) => string;
  };
  /** Why the buyer may no longer answer: the branch's phone named. */
  closed: { expired: (day: string, phone: string) => string; superseded: (phone: string) => string };
  /** The PDF's heading beside the number of a quotation replaced by a later revision. */
  supersededMark: string;
  /** A second submission's answer once another accepted it: when, and with which PO number. */
  alreadyAccepted: (day: string, poNumber: string | null) => string;
  /** No PO file of that submission is kept here (a wrong key): the branch's phone named. */
  noHeldFile: (phone: string) => string;
}

const STATES_EN: Record<QuotationState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  changes_asked: 'Changes asked',
  accepted: 'Accepted',
  expired: 'Expired',
  superseded: 'Replaced by a later revision',
};

const english: BuyerTexts = {
  locale: 'en',
  companyName: quoteTexts('en').companyName,
  branchName: (branch) => branch,
  title: 'Quotation',
  number: 'Quotation number',
  reference: 'Your request',
  date: 'Date',
  validUntil: 'Valid until',
  branch: 'Branch',
  phone: 'Phone',
  currency: 'Currency',
  lineNumber: 'No.',
  code: 'Code',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Disc. %',
  lineTotal: 'Total',
  vat: 'VAT',
  subtotal: 'Subtotal',
  vatTotal: 'VAT',
  total: 'Total',
  vatRounding: 'VAT rounded per line',
  paymentTerms: 'Payment terms',
  deliveryTerms: 'Delivery terms',
  note: 'Note',
  seller: 'Seller',
  legalName: 'Legal name',
  delivery: 'Delivery',
  commercialRegistration: 'Commercial registration',
  buyer: 'Buyer',
  company: 'Company',
  contact: 'Contact',
  email: 'E-mail',
  deliveryCity: 'Delivery city',
  salesperson: 'Salesperson',
  directPhone: 'Direct phone',
  incoterms: 'Incoterms 2020',
  deliveryPlace: 'Delivery place',
  availability: 'Availability',
  availabilityToConfirm: 'To be confirmed by the branch',
  notGiven: 'Not given',
  signature: {
    forSeller: (legalName) => `For and on behalf of ${legalName}`,
    forBuyer: 'Accepted for the buyer',
    name: 'Name',
    signature: 'Signature',
    date: 'Date',
    stamp: 'Company stamp',
  },
  page: (page, pages) => `Page ${page} of ${pages}`,
  states: STATES_EN,
  sentMail: {
    subject: (number) => `Quotation ${number} (${quoteTexts('en').companyName})`,
    greeting: 'Hello,',
    intro: (branch, number, reference) =>
      `Our ${branch} branch has prepared quotation ${number} for your request ${reference}.`,
    link: 'View it, accept it or ask for changes here:',
    validity: (day) => `It is valid until ${day}.`,
    attached: (file) => `The quotation is attached as a PDF (${file}).`,
    ignore: 'If you did not ask for this quotation, you can ignore this e-mail.',
  },
  acceptedMail: {
    subject: (number) => `You accepted quotation ${number}`,
    greeting: 'Hello,',
    body: (number, branch) =>
      `Thank you: we have received your acceptance of quotation ${number}. Our ${branch} branch now prepares your order.`,
    poNumber: 'Purchase order number',
    next: (branch, phone) => `For any question, call our ${branch} branch on ${phone} or reply to this e-mail.`,
  },
  closed: {
    expired: (day, phone) =>
      `This quotation was valid until ${day} and can no longer be accepted. Please call the branch on ${phone} for a new one.`,
    superseded: (phone) =>
      `This quotation was replaced by a later revision and can no longer be accepted. Please use the latest one, or call the branch on ${phone}.`,
  },
  supersededMark: 'SUPERSEDED',
  alreadyAccepted: (day, poNumber) =>
    poNumber === null
      ? `This quotation was already accepted on ${day}.`
      : `This quotation was already accepted on ${day} with PO ${poNumber}.`,
  noHeldFile: (phone) =>
    `No purchase order file of yours is kept for this quotation. Please send it to the branch by e-mail, or call the branch on ${phone}.`,
};

let arabic: BuyerTexts | undefined;

function arabicTexts(): BuyerTexts {
  const words = quoteTexts('ar');
  return {
    locale: 'ar',
    companyName: words.companyName,
    branchName: words.branchName,
    title: 'عرض سعر',
    number: 'رقم العرض',
    reference: 'طلبكم',
    date: 'التاريخ',
    validUntil: 'صالح حتى',
    branch: 'الفرع',
    phone: 'الهاتف',
    currency: 'العملة',
    lineNumber: 'م',
    code: 'الرمز',
    description: 'الوصف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    discount: 'الخصم %',
    lineTotal: 'الإجمالي',
    vat: 'الضريبة',
    subtotal: 'المجموع قبل الضريبة',
    vatTotal: 'ضريبة القيمة المضافة',
    total: 'الإجمالي',
    vatRounding: 'تقريب ضريبة القيمة المضافة لكل بند على حدة',
    paymentTerms: 'شروط الدفع',
    deliveryTerms: 'شروط التسليم',
    note: 'ملاحظة',
    seller: 'البائع',
    legalName: 'الاسم القانوني',
    delivery: 'التسليم',
    commercialRegistration: 'رقم السجل التجاري',
    buyer: 'المشتري',
    company: 'الشركة',
    contact: 'جهة الاتصال',
    email: 'البريد الإلكتروني',
    deliveryCity: 'مدينة التسليم',
    salesperson: 'مندوب المبيعات',
    directPhone: 'الهاتف المباشر',
    incoterms: 'قواعد إنكوترمز 2020',
    deliveryPlace: 'مكان التسليم',
    availability: 'التوفر',
    availabilityToConfirm: 'يؤكده الفرع لاحقًا',
    notGiven: 'غير محدد',
    signature: {
      forSeller: (legalName) => `عن ${legalName} وبالنيابة عنها`,
      forBuyer: 'القبول عن المشتري',
      name: 'الاسم',
      signature: 'التوقيع',
      date: 'التاريخ',
      stamp: 'ختم الشركة',
    },
    page: words.page,
    states: {
      draft: 'مسودة',
      sent: 'مُرسَل',
      viewed: 'تم الاطلاع عليه',
      changes_asked: 'طُلبت تعديلات',
      accepted: 'مقبول',
      expired: 'منتهي الصلاحية',
      superseded: 'حلّت محله مراجعة أحدث',
    },
    sentMail: {
      subject: (number) => `عرض السعر رقم ${number} (${words.companyName})`,
      greeting: 'تحية طيبة،',
      intro: (branch, number, reference) => `أعدّ فرعنا في ${branch} عرض السعر رقم ${number} لطلبكم رقم ${reference}.`,
      link: 'يمكنكم الاطلاع عليه أو قبوله أو طلب تعديلات عليه من هنا:',
      validity: (day) => `العرض صالح حتى ${day}.`,
      attached: (file) => `عرض السعر مرفق بصيغة PDF (${file}).`,
      ignore: 'إذا لم تطلبوا عرض السعر هذا، فيمكنكم تجاهل هذه الرسالة.',
    },
    acceptedMail: {
      subject: (number) => `قبولكم لعرض السعر رقم ${number}`,
      greeting: 'تحية طيبة،',
      body: (number, branch) =>
        `شكرًا لكم، فقد تسلّمنا قبولكم لعرض السعر رقم ${number}، ويعمل فرعنا في ${branch} الآن على إعداد طلبيتكم.`,
      poNumber: 'رقم أمر الشراء',
      next: (branch, phone) =>
        `لأي استفسار، يُرجى الاتصال بفرعنا في ${branch} على الرقم ${phone} أو الرد على هذه الرسالة.`,
    },
    closed: {
      expired: (day, phone) =>
        `انتهت صلاحية عرض السعر هذا في ${day} ولم يعد قبوله ممكنًا. يُرجى الاتصال بالفرع على الرقم ${phone} للحصول على عرض جديد.`,
      superseded: (phone) =>
        `حلّت محل عرض السعر هذا مراجعة أحدث، ولم يعد قبوله ممكنًا. يُرجى اعتماد أحدث عرض أو الاتصال بالفرع على الرقم ${phone}.`,
    },
    // without its vowel marks: the PDF's text keeps the word whole
    supersededMark: 'مستبدل',
    alreadyAccepted: (day, poNumber) =>
      poNumber === null
        ? `سبق قبول عرض السعر هذا بتاريخ ${day}.`
        : `سبق قبول عرض السعر هذا بتاريخ ${day} بأمر الشراء رقم ${poNumber}.`,
    noHeldFile: (phone) =>
      `لا يوجد ملف أمر شراء محفوظ لكم لعرض السعر هذا. يُرجى إرساله إلى الفرع بالبريد الإلكتروني أو الاتصال بالفرع على الرقم ${phone}.`,
  };
}

export function buyerTexts(locale: Locale): BuyerTexts {
  if (locale === 'en') return english;
  arabic ??= arabicTexts();
  return arabic;
}
