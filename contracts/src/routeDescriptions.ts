// The meta descriptions of the pages written from the site's facts, by the route table's path (routes.ts). Only the
// server writes heads: kept out of the table's module so that browser bundles, which route with the table, do not
// carry these texts. Complete by type: a facts page added to the table without a description (English and Arabic, for
// the page's twin under /ar) does not compile.
import type { Branch, Certificate, CompanyInfo, HomeContent, ProductCategory, Project } from '@site/content';
import { CATALOGUE_SEGMENT, COMPARE_SEGMENT, HOME_SEGMENT, QUOTE_REQUEST_SEGMENT, SEARCH_SEGMENT } from './paths';
import type { FactsPagePath } from './routes';

/** The site data the pages' descriptions are written from (the server passes its SEO source). */
export interface SiteFacts {
  company: CompanyInfo;
  branches: readonly Branch[];
  categories: readonly ProductCategory[];
  certificates: readonly Certificate[];
  home: HomeContent;
  projects: readonly Project[];
}

/** English list: 'a', 'a and b', 'a, b and c'. */
export const listText = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Arabic list: 'أ'، 'أ و ب'، 'أ، ب و ج' (the conjunction joined to the last item, as Arabic writes it). */
export const listTextAr = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('، ')} و${items[items.length - 1]}`;

/**
 * Left-to-right text inside Arabic plain text (a phone number, an e-mail address): Unicode's isolates (LRI … PDI), the
 * plain-text form of <bdi dir="ltr">, so '+971 4 347 1100' is not read backwards in a right-to-left snippet.
 */
export const ltrIsolate = (text: string): string => `\u2066${text}\u2069`;

/** Each facts page's meta description (the server truncates it to 160 characters). */
export const routeDescriptions: Record<FactsPagePath, (facts: SiteFacts) => string> = {
  [HOME_SEGMENT]: ({ company, home }) =>
    home.about.text[0] ??
    `${company.name}: ${company.tagline}. Electrical products and industrial solutions since ${company.founded}.`,
  [CATALOGUE_SEGMENT]: ({ company, categories }) =>
    `${categories.length} product categories from ${company.name}: ${listText(categories.slice(0, 6).map((c) => c.title))} and more, from stock across the Gulf.`,
  [SEARCH_SEGMENT]: ({ company }) =>
    `Search the ${company.name} catalogue by product code, name, brand or specification.`,
  [COMPARE_SEGMENT]: ({ company }) =>
    `Compare products of the ${company.name} catalogue side by side: prices, brands and specifications.`,
  about: ({ company }) =>
    `About ${company.name}, ${company.tagline.charAt(0).toLowerCase()}${company.tagline.slice(1)}: our story since ${company.founded}, our excellence, approach and commitment, and the brands we distribute.`,
  certificates: ({ company, certificates }) =>
    `${listText([...new Set(certificates.map((c) => c.standard))])} quality management certificates of ${company.name} (${listText([...new Set(certificates.map((c) => c.country))])}), and how we assure the quality of what we supply.`,
  management: ({ company, branches }) =>
    `Meet the management team that leads ${company.name} across ${listText(branches.map((b) => b.name))}.`,
  'our-projects': ({ company, projects }) =>
    `Projects supplied by ${company.name}: ${listText(projects.map((p) => p.title))}.`,
  'career-opportunities': ({ company }) =>
    `Career opportunities at ${company.name}: current openings in our Gulf team and how to apply by e-mail to ${company.careersEmail} or by post.`,
  'contact-us': ({ company, branches }) =>
    `Contact ${company.name} in ${listText(branches.map((b) => b.label))}: call ${company.mainPhone}, e-mail ${company.generalEmail} or send us a message.`,
  [QUOTE_REQUEST_SEGMENT]: ({ company, branches }) =>
    `Request a quotation from ${company.name}: list the products and quantities you need and send them to our branch in ${listText(branches.map((b) => b.name))}.`,
};

/** Country names the data writes as abbreviations (not translated with the prose: content/src/arabic/translatable.ts). */
const COUNTRY_AR: Readonly<Record<string, string>> = { UAE: 'الإمارات', KSA: 'السعودية' };

/**
 * The same descriptions on the Arabic twins, written from the Arabic edition of the facts (content/translations/ar
 * translated: names, titles and labels in Arabic; numbers, phone numbers and e-mail addresses as they are).
 */
export const routeDescriptionsAr: Record<FactsPagePath, (facts: SiteFacts) => string> = {
  [HOME_SEGMENT]: ({ company, home }) =>
    home.about.text[0] ??
    `${company.name}: ${company.tagline}. منتجات كهربائية وحلول صناعية منذ عام ${company.founded}.`,
  [CATALOGUE_SEGMENT]: ({ company, categories }) =>
    `فئات منتجات ${company.name} (${categories.length}): ${listTextAr(categories.slice(0, 6).map((c) => c.title))} وغيرها، من مخزوننا في أنحاء الخليج.`,
  [SEARCH_SEGMENT]: ({ company }) =>
    `ابحث في كتالوج ${company.name} برمز المنتج أو اسمه أو علامته التجارية أو مواصفاته.`,
  [COMPARE_SEGMENT]: ({ company }) =>
    `قارن منتجات كتالوج ${company.name} جنبًا إلى جنب: الأسعار والعلامات التجارية والمواصفات.`,
  about: ({ company }) =>
    `تعرّف على ${company.name}، ${company.tagline}: مسيرتنا منذ عام ${company.founded}، وتميّزنا ونهجنا والتزامنا، والعلامات التجارية التي نوزّعها.`,
  certificates: ({ company, certificates }) =>
    `شهادات إدارة الجودة ${listTextAr([...new Set(certificates.map((c) => c.standard))])} الممنوحة لشركة ${company.name} (${listTextAr([...new Set(certificates.map((c) => COUNTRY_AR[c.country] ?? c.country))])})، وكيف نضمن جودة ما نورّده.`,
  management: ({ company, branches }) =>
    `تعرّف على فريق الإدارة الذي يقود ${company.name} في ${listTextAr(branches.map((b) => b.name))}.`,
  'our-projects': ({ company, projects }) =>
    `مشاريع ورّدت لها ${company.name}: ${listTextAr(projects.map((p) => p.title))}.`,
  'career-opportunities': ({ company }) =>
    `فرص العمل لدى ${company.name}: الوظائف الشاغرة في فريقنا في الخليج وطريقة التقديم بالبريد الإلكتروني إلى ${ltrIsolate(company.careersEmail)} أو بالبريد.`,
  'contact-us': ({ company, branches }) =>
    `تواصل مع ${company.shortName} في ${listTextAr(branches.map((b) => b.name))}: اتصل على ${ltrIsolate(company.mainPhone)} أو راسلنا على ${ltrIsolate(company.generalEmail)}.`,
  [QUOTE_REQUEST_SEGMENT]: ({ company, branches }) =>
    `اطلب عرض سعر من ${company.shortName}: أدرج المنتجات والكميات التي تحتاجها وأرسلها إلى فرعنا في ${listTextAr(branches.map((b) => b.name))}.`,
};
