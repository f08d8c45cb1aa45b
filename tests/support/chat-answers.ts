// The chat's answers as the site under test gives them: the suite's own server answers from its knowledge base (it has
// no AI key), a deployed site perhaps from its AI provider, and either over its own catalogue. So a test asks about a
// category the site lists and expects what the site answered (the /api/chat response the page received) to be what the
// visitor reads, rather than a text of the seed's.
import type { APIRequestContext, Page } from '@playwright/test';
import { CHAT_API_PATH } from '@site/contracts/api';
import type { ChatResponse } from '@site/contracts/chat-api';
import { CATEGORIES_PATH } from '@site/contracts/paths';
import { siteCategories, siteProduct } from './site-facts';

/** A question that names a category by its title, as a visitor would ask it. */
export const categoryQuestion = (title: string): string => `Do you sell ${title}?`;

/** The markup an answer may carry (the widget's own): [text](path) links and **bold**. */
const MARKUP = /\[([^\]\n]+)\]\(([^()\s]*)\)|\*\*([^*\n]+?)\*\*/g;

/** What a visitor reads of an answer: its links and bold shown as their words, the rest as it is. */
export const shownText = (answer: string): string =>
  answer.replace(MARKUP, (_markup, linkText?: string, _to?: string, bold?: string) => linkText ?? bold ?? '');

/** The links an answer's markup writes, in its order. */
export function answerLinks(answer: string): { text: string; to: string }[] {
  return [...answer.matchAll(MARKUP)]
    .filter(([, text, to]) => text !== undefined && to !== undefined)
    .map(([, text, to]) => ({ text: text!, to: to! }));
}

/** The site's answer to the next question the page sends (start waiting before the question is sent). */
export async function nextChatAnswer(page: Page): Promise<ChatResponse> {
  const response = await page.waitForResponse(
    (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === CHAT_API_PATH,
  );
  if (!response.ok()) throw new Error(`${CHAT_API_PATH} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as ChatResponse;
}

/** A page of the site's catalogue a link of an answer leads to, with the heading that page shows. */
export interface CatalogueLink {
  text: string;
  to: string;
  /** The page's h1: the category's title, or 'Product Details' on a product's page. */
  heading: string;
}

const CATALOGUE_ADDRESS = new RegExp(`^${CATEGORIES_PATH}/([A-Za-z0-9_-]+)(?:/([A-Za-z0-9_-]+))?$`);

/**
 * The link of `answer` a visitor would follow to the catalogue: the one to `preferredPath` when the answer has it, else
 * its last link to a category page (a category the site's API lists) or a product page (a product its API has in that
 * category); undefined when the answer links no page of the site's catalogue.
 */
export async function catalogueLink(
  request: APIRequestContext,
  answer: string,
  preferredPath?: string,
): Promise<CatalogueLink | undefined> {
  const categories = await siteCategories(request);
  const links = answerLinks(answer).reverse();
  const preferred = links.filter(({ to }) => to === preferredPath);
  for (const link of [...preferred, ...links]) {
    const [, categoryId, productId] = CATALOGUE_ADDRESS.exec(link.to) ?? [];
    const category = categories.find(({ id }) => id === categoryId);
    if (category === undefined) continue;
    if (productId === undefined) return { ...link, heading: category.title };
    if ((await siteProduct(request, productId))?.product.productCategory === category.id)
      return { ...link, heading: 'Product Details' };
  }
  return undefined;
}
