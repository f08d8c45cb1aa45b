// The links of an answer, in the edition of its language: an Arabic answer links the Arabic pages (/ar/…).
// The Arabic knowledge base gives the provider those paths; a site path it still writes without /ar is moved to the
// Arabic page here. Anything that is not a site path is left as it is (the widget shows only site links as links).
import { CATEGORIES_PATH } from '@site/contracts/paths';
import { localizedPath, splitLocale, type Locale } from '@site/contracts/locale';

/** The markup of a link in a chat message, as the widget reads it: [text](target). */
const LINK = /\[([^\]\n]+)\]\(([^()\s]*)\)/g;

/** /our-products, /our-products/{categoryId}, /our-products/{categoryId}/{productId}. */
const CATALOGUE_PATH = new RegExp(`^${CATEGORIES_PATH}(/[A-Za-z0-9_-]+){0,2}$`);

/** Whether `path` is an English page of the site: one of `pagePaths` (the menu's) or a catalogue page. */
export function isEnglishSitePath(path: string, pagePaths: ReadonlySet<string>): boolean {
  return splitLocale(path).locale === 'en' && (pagePaths.has(path) || CATALOGUE_PATH.test(path));
}

/** `answer` with each link to an English page of the site pointing at that page in `locale`'s edition. */
export function linksInEdition(answer: string, locale: Locale, pagePaths: ReadonlySet<string>): string {
  if (locale === 'en') return answer;
  return answer.replace(LINK, (markup, text: string, target: string) =>
    isEnglishSitePath(target, pagePaths) ? `[${text}](${localizedPath(locale, target)})` : markup,
  );
}
