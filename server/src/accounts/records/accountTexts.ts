// The words of the account's records page, in English and Arabic (Modern Standard, business register). The words the
// request's and the quotation's documents already use (reference, branch, quotation number, valid until, the states)
// are taken from those documents' texts, so the page and the PDF say the same.
import type { Locale } from '@site/contracts/locale';
import type { QuotationState } from '@site/contracts/quotations-api';
import { buyerTexts, quoteTexts } from './otherFeatures.js';

export interface RecordsTexts {
  locale: Locale;
  title: string;
  /** The title when the records are the buyer's company's. */
  companyTitle: string;
  sentBy: string;
  requestsHeading: string;
  quotationsHeading: string;
  noRequests: string;
  noQuotations: string;
  reference: string;
  dateSent: string;
  branch: string;
  lines: string;
  quotationNumber: string;
  revision: string;
  validUntil: string;
  state: string;
  pdf: string;
  /** The heading of the PDF links' column. */
  pdfColumn: string;
  /** The link's accessible name: 'Download PDF of RFQ-AE-2026-000123'. */
  pdfOf: (what: string) => string;
  /** Before the reference in the heading of one request's quotations ('For request RFQ-AE-2026-000123'). */
  forRequest: string;
  branchName: (branch: string) => string;
  states: Record<QuotationState, string>;
  supersededBy: (revision: number) => string;
  /** The heading of the "Request again" links' column, the link, and its accessible name. */
  againColumn: string;
  again: string;
  againOf: (what: string) => string;
  /** The link to the other edition, in that edition's language. */
}

const english: RecordsTexts = {
  locale: 'en',
  title: 'Your requests and quotations',
  companyTitle: 'Your company’s requests and quotations',
  sentBy: 'Sent by',
  requestsHeading: 'Requests for quotation',
  quotationsHeading: 'Quotations',
  noRequests: 'No requests yet.',
  noQuotations: 'No quotations yet.',
  reference: quoteTexts('en').reference,
  dateSent: 'Date sent',
  branch: quoteTexts('en').branch,
  lines: 'Lines',
  quotationNumber: buyerTexts('en').number,
  revision: 'Revision',
  validUntil: buyerTexts('en').validUntil,
  state: 'State',
  pdf: 'Download PDF',
  pdfColumn: 'PDF',
  pdfOf: (what) => `Download PDF of ${what}`,
  forRequest: 'For request',
  branchName: quoteTexts('en').branchName,
  states: buyerTexts('en').states,
  supersededBy: (revision) => `Superseded by revision ${revision}`,
  againColumn: 'Reorder',
  again: 'Request again',
  againOf: (what) => `Request the parts of ${what} again`,
};

let arabic: RecordsTexts | undefined;

function arabicTexts(): RecordsTexts {
  const request = quoteTexts('ar');
  const quotation = buyerTexts('ar');
  return {
    locale: 'ar',
    title: 'طلباتكم وعروض الأسعار',
    companyTitle: 'طلبات شركتكم وعروض أسعارها',
    sentBy: 'المُرسِل',
    requestsHeading: 'طلبات عروض الأسعار',
    quotationsHeading: 'عروض الأسعار',
    noRequests: 'لا توجد طلبات حتى الآن.',
    noQuotations: 'لا توجد عروض أسعار حتى الآن.',
    reference: request.reference,
    dateSent: 'تاريخ الإرسال',
    branch: request.branch,
    lines: 'عدد البنود',
    quotationNumber: quotation.number,
    revision: 'المراجعة',
    validUntil: quotation.validUntil,
    state: 'الحالة',
    pdf: 'تنزيل ملف PDF',
    pdfColumn: 'PDF',
    pdfOf: (what) => `تنزيل ملف PDF: ${what}`,
    forRequest: 'للطلب رقم',
    branchName: request.branchName,
    states: quotation.states,
    supersededBy: (revision) => `حلّت محله المراجعة رقم ${revision}`,
    againColumn: 'إعادة الطلب',
    again: 'اطلب مجدداً',
    againOf: (what) => `اطلب قطع ${what} مجدداً`,
  };
}

export function recordsTexts(locale: Locale): RecordsTexts {
  if (locale === 'en') return english;
  arabic ??= arabicTexts();
  return arabic;
}
