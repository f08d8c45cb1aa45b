// The meta descriptions of the pages written from the site's facts, by the route table's path (routes.ts). Only the
// server writes heads: kept out of the table's module so that browser bundles, which route with the table, do not
// carry these texts. Complete by type: a facts page added to the table without a description does not compile.
import type { Branch, Certificate, CompanyInfo, HomeContent, ProductCategory, Project } from '@site/content';
import { CATALOGUE_SEGMENT, HOME_SEGMENT } from './paths';
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

/** Each facts page's meta description (the server truncates it to 160 characters). */
export const routeDescriptions: Record<FactsPagePath, (facts: SiteFacts) => string> = {
  [HOME_SEGMENT]: ({ company, home }) =>
    home.about.text[0] ?? `${company.name}: ${company.tagline}. Electrical products and industrial solutions since ${company.founded}.`,
  [CATALOGUE_SEGMENT]: ({ company, categories }) =>
    `${categories.length} product categories from ${company.name}: ${listText(categories.slice(0, 6).map((c) => c.title))} and more, from stock across the Gulf.`,
  about: ({ company }) =>
    `About ${company.name}, ${company.tagline.charAt(0).toLowerCase()}${company.tagline.slice(1)}: our story since ${company.founded}, our excellence, approach and commitment, and the brands we distribute.`,
  certificates: ({ company, certificates }) =>
    `${listText([...new Set(certificates.map((c) => c.standard))])} quality management certificates of ${company.name} (${listText([...new Set(certificates.map((c) => c.country))])}), and how we assure the quality of what we supply.`,
  management: ({ company, branches }) => `Meet the management team that leads ${company.name} across ${listText(branches.map((b) => b.name))}.`,
  'our-projects': ({ company, projects }) => `Projects supplied by ${company.name}: ${listText(projects.map((p) => p.title))}.`,
  'career-opportunities': ({ company }) =>
    `Career opportunities at ${company.name}: current openings in our Gulf team and how to apply by e-mail to ${company.careersEmail} or by post.`,
  'contact-us': ({ company, branches }) =>
    `Contact ${company.name} in ${listText(branches.map((b) => b.label))}: call ${company.mainPhone}, e-mail ${company.generalEmail} or send us a message.`,
};
