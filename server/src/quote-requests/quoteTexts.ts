// The words of a request for quotation's PDF and of the buyer's confirmation, in English and Arabic (Modern Standard,
// business register). The branch's mail is English (as every mail to a branch), naming the buyer's language.
// The browser words units through the shell's catalog (shared-ui's useQuantityTexts); the server cannot load browser
// code, so a PDF and a mail have their own unit names here, in the same words (table form: 'metres' / 'متر').
import { branches, company } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { quantityInUnit, QUOTE_UNIT_WORDS, type QuoteUnit } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';

export interface QuoteTexts {
  locale: Locale;
  /** 'Request for quotation' */
  title: string;
  /** The company, as the site names it in this language. */
  companyName: string;
  reference: string;
  date: string;
  company: string;
  name: string;
  email: string;
  phone: string;
  branch: string;
  deliveryCity: string;
  neededBy: string;
  notes: string;
  products: string;
  lineNumber: string;
  /** Before a line's availability when the request was sent ('Availability when requested: In stock: 40 pieces'). */
  availability: string;
  code: string;
  product: string;
  quantity: string;
  unit: string;
  /** The unit in a table's unit column ('metres', 'متر'): English counts singular and plural. */
  unitName: (unit: QuoteUnit, quantity: number) => string;
  /** A quantity with its unit in running text, the unit agreeing with the number: '200 metres'; '200 متر', 'قطعتان'. */
  quantityWithUnit: (quantity: number, unit: QuoteUnit) => string;
  /** A branch name (BRANCH_NAMES) in this language. */
  branchName: (branch: string) => string;
  /** 'Page 2 of 3' */
  page: (page: number, pages: number) => string;
  /**
   * The buyer's confirmation. It goes to an address nobody has proven yet, so it carries none of the requester's own
   * text (no name, company, city, notes or address): only the reference, the date, the branch and the lines as the
   * catalogue names them, and says that whoever did not ask for it can ignore it.
   */
  confirmation: {
    subject: (reference: string) => string;
    greeting: string;
    /** What happens next: the branch has it and answers this address. */
    received: (branch: string) => string;
    /** Why the form's details are not repeated, and where the full request was given (the PDF on the sent page). */
    withheld: string;
    /** How to add something: reply (the reply goes to the branch). */
    replies: (branch: string) => string;
    /** To someone who did not ask for it. */
    ignore: string;
  };
}

const englishUnit = (unit: QuoteUnit, quantity: number): string => QUOTE_UNIT_WORDS[unit].en[quantity === 1 ? 0 : 1];

const english: QuoteTexts = {
  locale: 'en',
  title: 'Request for quotation',
  companyName: company.name,
  reference: 'Reference',
  date: 'Date',
  company: 'Company',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  branch: 'Branch',
  deliveryCity: 'Delivery city',
  neededBy: 'Needed by',
  notes: 'Notes',
  products: 'Products',
  lineNumber: 'No.',
  availability: 'Availability when requested',
  code: 'Code',
  product: 'Product',
  quantity: 'Quantity',
  unit: 'Unit',
  unitName: englishUnit,
  quantityWithUnit: (quantity, unit) => `${quantity} ${englishUnit(unit, quantity)}`,
  branchName: (branch) => branch,
  page: (page, pages) => `Page ${page} of ${pages}`,
  confirmation: {
    subject: (reference) => `Your request for quotation ${reference} (${company.name})`,
    greeting: 'Hello,',
    received: (branch) =>
      `Thank you for your request for quotation. Our ${branch} branch has received it and will reply to this e-mail address.`,
    withheld:
      'This e-mail does not repeat the contact details or notes typed into the form; the full request was offered as a PDF on the page where it was sent.',
    replies: (branch) => `To add anything, reply to this e-mail: your reply goes to our ${branch} branch.`,
    ignore: 'If you did not send this request, you can ignore this e-mail.',
  },
};

let arabic: QuoteTexts | undefined;

/** The Arabic texts (made on first use: they read the Arabic edition of the data). */
function arabicTexts(): QuoteTexts {
  const companyAr = dataEdition('ar', 'company.json');
  const branchesAr = dataEdition('ar', 'branches.json');
  const branchName = (branch: string): string => {
    const index = branches.findIndex((candidate) => candidate.name === branch);
    return index === -1 ? branch : (branchesAr[index]?.name ?? branch);
  };
  return {
    locale: 'ar',
    title: 'طلب عرض سعر',
    companyName: companyAr.name,
    reference: 'الرقم المرجعي',
    date: 'التاريخ',
    company: 'الشركة',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    branch: 'الفرع',
    deliveryCity: 'مدينة التسليم',
    neededBy: 'مطلوب بحلول',
    notes: 'ملاحظات',
    products: 'المنتجات',
    lineNumber: 'م',
    availability: 'التوافر عند الطلب',
    code: 'الرمز',
    product: 'المنتج',
    quantity: 'الكمية',
    unit: 'الوحدة',
    unitName: (unit) => QUOTE_UNIT_WORDS[unit].ar,
    quantityWithUnit: (quantity, unit) => quantityInUnit(quantity, unit, 'ar'),
    branchName,
    page: (page, pages) => `الصفحة ${page} من ${pages}`,
    confirmation: {
      subject: (reference) => `طلبكم لعرض سعر رقم ${reference} (${companyAr.name})`,
      greeting: 'تحية طيبة،',
      received: (branch) =>
        `شكرًا لكم على طلب عرض السعر. تسلّم فرعنا في ${branch} طلبكم، وسيردّ عليكم على عنوان البريد الإلكتروني هذا.`,
      withheld:
        'لا تتضمن هذه الرسالة بيانات الاتصال ولا الملاحظات المدخلة في النموذج؛ وقد أُتيح الطلب كاملًا بصيغة PDF في الصفحة التي أُرسل منها.',
      replies: (branch) => `لإضافة أي تفاصيل، يمكنكم الرد على هذه الرسالة، وسيصل ردكم إلى فرعنا في ${branch}.`,
      ignore: 'إذا لم تكونوا قد أرسلتم هذا الطلب، فيمكنكم تجاهل هذه الرسالة.',
    },
  };
}

/** The texts in `locale`. */
export function quoteTexts(locale: Locale): QuoteTexts {
  if (locale === 'en') return english;
  arabic ??= arabicTexts();
  return arabic;
}
