// The words of the account's saved lists, in English and Arabic (Modern Standard Arabic, business register).
import type { QuantityProblem } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';
import { BOM_LIMITS, type BomRead } from './bomFile.js';

type FileProblem = Extract<BomRead, { ok: false }>['problem'];

export interface ListsTexts {
  title: string;
  intro: string;
  none: string;
  nameColumn: string;
  linesColumn: string;
  updatedColumn: string;
  uploadTitle: string;
  uploadHint: (lines: number) => string;
  nameLabel: string;
  fileLabel: string;
  upload: string;
  nameMissing: string;
  fileMissing: string;
  fileProblem: Record<FileProblem, string>;
  tooManyLists: (most: number) => string;
  fromFile: (fileName: string, date: string) => string;
  ready: (ready: number, all: number) => string;
  lineColumn: string;
  referenceColumn: string;
  quantityColumn: string;
  partColumn: string;
  noMatch: string;
  closeMatches: string;
  noCloseMatch: string;
  use: (code: string) => string;
  quantityProblem: Record<QuantityProblem | 'missing', string>;
  request: (lines: number) => string;
  nothingToRequest: string;
  leftOut: string;
  deleteList: string;
  /** The lists page's form that saves the basket kept in the account as a list. */
  basketTitle: string;
  basketHint: (lines: number) => string;
  saveBasket: string;
  basketEmpty: string;
  /** The rename form's field and button. */
  renameLabel: string;
  rename: string;
  deleted: string;
  notFound: string;
  partGone: string;
}

const EN: ListsTexts = {
  title: 'Lists',
  intro: 'Saved lists of parts, such as a bill of materials. Each becomes a request for quotation in one step.',
  none: 'You have no saved lists yet.',
  nameColumn: 'List',
  linesColumn: 'Lines',
  updatedColumn: 'Updated',
  uploadTitle: 'Upload a bill of materials',
  uploadHint: (lines) =>
    `A CSV or Excel (.xlsx) file with one part a row: our code or the maker’s part number, then the quantity. A first row naming the columns (for example Code and Quantity) is read too. At most ${lines} lines.`,
  nameLabel: 'Name of the list',
  fileLabel: 'File',
  upload: 'Upload and match',
  nameMissing: 'Give the list a name.',
  fileMissing: 'Choose a CSV or Excel file to upload.',
  fileProblem: {
    empty: 'The file has no part lines.',
    unreadable:
      'The file could not be read as CSV or as an Excel workbook (.xlsx). Save it in one of these and try again.',
    notUtf8: 'The file is not UTF-8 text. In Excel, save it as “CSV UTF-8”, or upload the .xlsx file itself.',
    tooBig: `The file is larger than a list holds: at most ${BOM_LIMITS.lines} part lines of ${BOM_LIMITS.cellCharacters} characters a cell, and ${BOM_LIMITS.bytes / 1024 / 1024} MB. Split it into several lists.`,
  },
  tooManyLists: (most) =>
    `You already keep ${most} lists, the most an account holds. Delete one you no longer need first.`,
  fromFile: (fileName, date) => (fileName === '' ? `Updated ${date}` : `From ${fileName}, updated ${date}`),
  ready: (ready, all) => `${ready} of ${all} lines are matched to a part and ready to request.`,
  lineColumn: 'Line',
  referenceColumn: 'Part as given',
  quantityColumn: 'Quantity',
  partColumn: 'Our part',
  noMatch: 'No part has this code or maker’s part number.',
  closeMatches: 'Close matches:',
  noCloseMatch: 'Nothing close was found. Check the code, or send the request and describe the part in its notes.',
  use: (code) => `Use ${code}`,
  quantityProblem: {
    missing: 'The line has no quantity.',
    invalid: 'The quantity is not a number.',
    notPositive: 'The quantity must be more than zero.',
    notWhole: 'This part is sold in whole units.',
    tooPrecise: 'Use at most two decimals.',
    tooLarge: 'The quantity is larger than one request takes.',
  },
  request: (lines) => `Request a quotation for the ${lines} ready lines`,
  nothingToRequest: 'No line is ready to request yet.',
  leftOut: 'Lines without a part or with a quantity to correct are left out of the request.',
  deleteList: 'Delete this list',
  basketTitle: 'Save your basket as a list',
  basketHint: (lines) =>
    `The basket kept in your account holds ${lines} lines. Save them as a list to request them again later.`,
  saveBasket: 'Save as a list',
  basketEmpty: 'Your basket is empty now: there is nothing to save.',
  renameLabel: 'New name',
  rename: 'Rename',
  deleted: 'The list was deleted.',
  notFound: 'There is no such list in your account.',
  partGone: 'This part is no longer in the catalogue.',
};

const AR: ListsTexts = {
  title: 'القوائم',
  intro: 'قوائم محفوظة بالقطع، مثل قائمة المواد. تتحول كل قائمة إلى طلب عرض سعر بخطوة واحدة.',
  none: 'لا توجد لديك قوائم محفوظة بعد.',
  nameColumn: 'القائمة',
  linesColumn: 'البنود',
  updatedColumn: 'آخر تحديث',
  uploadTitle: 'رفع قائمة مواد',
  uploadHint: (lines) =>
    `ملف CSV أو Excel ‏(.xlsx) يتضمن قطعة واحدة في كل صف: رمزنا أو رقم القطعة لدى الشركة المصنّعة، ثم الكمية. ويُقرأ كذلك صف أول يسمّي الأعمدة (مثل الرمز والكمية). بحد أقصى ${lines} بنداً.`,
  nameLabel: 'اسم القائمة',
  fileLabel: 'الملف',
  upload: 'الرفع والمطابقة',
  nameMissing: 'يرجى تسمية القائمة.',
  fileMissing: 'يرجى اختيار ملف CSV أو Excel لرفعه.',
  fileProblem: {
    empty: 'لا يتضمن الملف أي بنود للقطع.',
    unreadable:
      'تعذّرت قراءة الملف بصيغة CSV أو بصيغة مصنف Excel ‏(.xlsx). يرجى حفظه بإحدى هاتين الصيغتين والمحاولة مجدداً.',
    notUtf8: 'الملف ليس نصاً بترميز UTF-8. في Excel احفظه بصيغة «CSV UTF-8»، أو ارفع ملف ‎.xlsx نفسه.',
    tooBig: `الملف أكبر مما تتسع له القائمة: ${BOM_LIMITS.lines} بند كحد أقصى، و${BOM_LIMITS.cellCharacters} حرف في الخلية، و${BOM_LIMITS.bytes / 1024 / 1024} ميغابايت. يرجى تقسيمه إلى عدة قوائم.`,
  },
  tooManyLists: (most) => `لديك بالفعل ${most} قائمة، وهو الحد الأقصى للحساب. يرجى حذف قائمة لم تعد بحاجة إليها أولاً.`,
  fromFile: (fileName, date) => (fileName === '' ? `آخر تحديث ${date}` : `من الملف ${fileName}، آخر تحديث ${date}`),
  ready: (ready, all) => `${ready} من ${all} بنود مطابقة لقطعة وجاهزة للطلب.`,
  lineColumn: 'البند',
  referenceColumn: 'القطعة كما وردت',
  quantityColumn: 'الكمية',
  partColumn: 'القطعة لدينا',
  noMatch: 'لا توجد قطعة بهذا الرمز أو برقم القطعة هذا لدى الشركة المصنّعة.',
  closeMatches: 'قطع مقاربة:',
  noCloseMatch: 'لم يُعثر على قطعة مقاربة. يرجى التحقق من الرمز، أو إرسال الطلب ووصف القطعة في الملاحظات.',
  use: (code) => `استخدام ${code}`,
  quantityProblem: {
    missing: 'لا يتضمن البند كمية.',
    invalid: 'الكمية ليست رقماً.',
    notPositive: 'يجب أن تكون الكمية أكبر من صفر.',
    notWhole: 'تُباع هذه القطعة بوحدات كاملة.',
    tooPrecise: 'يرجى استخدام منزلتين عشريتين كحد أقصى.',
    tooLarge: 'الكمية أكبر مما يتسع له طلب واحد.',
  },
  request: (lines) => `طلب عرض سعر للبنود الجاهزة (${lines})`,
  nothingToRequest: 'لا يوجد بند جاهز للطلب بعد.',
  leftOut: 'تُستبعد من الطلب البنود التي لا تطابق قطعة أو التي تحتاج كميتها إلى تصحيح.',
  deleteList: 'حذف هذه القائمة',
  basketTitle: 'حفظ سلتك كقائمة',
  basketHint: (lines) => `عدد البنود في السلة المحفوظة في حسابك: ${lines}. احفظها كقائمة لتطلبها مرة أخرى لاحقاً.`,
  saveBasket: 'حفظ كقائمة',
  basketEmpty: 'سلتك فارغة الآن، فلا يوجد ما يُحفظ.',
  renameLabel: 'الاسم الجديد',
  rename: 'إعادة التسمية',
  deleted: 'حُذفت القائمة.',
  notFound: 'لا توجد قائمة كهذه في حسابك.',
  partGone: 'لم تعد هذه القطعة ضمن الكتالوج.',
};

export const listsTexts = (locale: Locale): ListsTexts => (locale === 'ar' ? AR : EN);
