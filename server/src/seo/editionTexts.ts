// The texts the server writes in each edition besides the data's own: not-found page, logo's alt text, a product's
// description when its detail has none, the <noscript> text and the lists of names inside them.
import type { CompanyInfo } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { listText, listTextAr, routeDescriptions, routeDescriptionsAr } from '@site/contracts/route-descriptions';
import { escapeHtml } from '../platform/http/escape.js';

/** What the server writes in each language besides the data: the texts of its own making. */
export interface EditionTexts {
  list: (items: readonly string[]) => string;
  descriptions: typeof routeDescriptions;
  notFoundTitle: string;
  notFoundDescription: (companyName: string) => string;
  logoAlt: (companyName: string) => string;
  /** A product's description when its detail has no text. */
  productSummary: (product: string, category: string, brands: string, companyName: string) => string;
  /** The shell's <noscript> text (HTML), or undefined to keep the shell's own. */
  noscript: (company: CompanyInfo) => string | undefined;
}

export const EDITION_TEXTS: Readonly<Record<Locale, EditionTexts>> = {
  en: {
    list: listText,
    descriptions: routeDescriptions,
    notFoundTitle: 'Page not found',
    notFoundDescription: (companyName) =>
      `The page you asked for does not exist on the ${companyName} website. Browse our products or contact us.`,
    logoAlt: (companyName) => `${companyName} logo`,
    productSummary: (product, category, brands, companyName) =>
      `${product}: ${category}${brands ? ` by ${brands}` : ''}, from ${companyName}.`,
    noscript: () => undefined,
  },
  ar: {
    list: listTextAr,
    descriptions: routeDescriptionsAr,
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundDescription: (companyName) =>
      `الصفحة التي طلبتها غير موجودة على موقع ${companyName}. تصفّح منتجاتنا أو تواصل معنا.`,
    logoAlt: (companyName) => `شعار ${companyName}`,
    productSummary: (product, category, brands, companyName) =>
      `${product}: ${category}${brands ? ` من ${brands}` : ''}، من ${companyName}.`,
    noscript: (company) =>
      `يحتاج هذا الموقع إلى JavaScript لعرض الكتالوج. اتصل بنا على <bdi dir="ltr">${escapeHtml(company.mainPhone)}</bdi> أو راسلنا على <bdi dir="ltr">${escapeHtml(company.generalEmail)}</bdi>.`,
  },
};
