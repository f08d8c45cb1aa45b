// The chat's knowledge bases over the database's catalogue, of a size that does not grow with it: per version, every
// category with its first few products in the listing's default order (a sample read by the category index), and per
// question the products the catalogue's own search finds for the visitor's words, in the answer's language; each
// product with its published variants (codes and prices). Neither reads every product: what the prompt carries is
// bounded by the categories and these two limits.
import type { Locale } from '@site/contracts/locale';
import {
  type CatalogueSample,
  type CatalogueStore,
  type DatabaseCatalogueFeed,
  SEARCH_TERMS_MAX,
  searchNeedle,
} from '../catalogue/index.js';
import { catalogueKnowledgeBase, searchWords, type KnowledgeBase } from './knowledge-base/index.js';

/**
 * Products of each category in the knowledge base whatever the question: more than the committed catalogue's largest
 * category holds (7), so that over the seeded catalogue the knowledge bases are those of every record.
 */
export const KNOWLEDGE_SAMPLE_PER_CATEGORY = 8;
/** Most products a question's search adds. */
export const KNOWLEDGE_SEARCH_LIMIT = 20;
/** When a question's words together find nothing, the first this many are searched for one at a time. */
const SEPARATE_WORDS_MAX = 4;

/** Both editions' knowledge bases for one question, answered in `locale`. */
export type KnowledgeBasesFor = (question: string, locale: Locale) => Promise<Record<Locale, KnowledgeBase>>;

export interface CatalogueKnowledgeLimits {
  perCategory?: number;
  searchLimit?: number;
}

type KnowledgeStore = Pick<
  CatalogueStore,
  'categorySamples' | 'productsWithDetails' | 'publishedVariantsOf' | 'relatedPartsOf' | 'search'
>;

/** The ids of the products the search finds for `text` (not those of a corrected text: the visitor named none of them). */
async function searched(
  store: Pick<CatalogueStore, 'search'>,
  text: string,
  locale: Locale,
  limit: number,
): Promise<string[]> {
  const needle = searchNeedle(text);
  if (needle === undefined) return [];
  const page = await store.search({ needle, offset: 0, limit, locale });
  return page.suggestion === undefined ? page.results.map((result) => result.id) : [];
}

/**
 * The products a question names, best first: those holding all its words, or else, taken in turn, those holding each of
 * its first words.
 */
export async function questionProducts(
  store: Pick<CatalogueStore, 'search'>,
  question: string,
  locale: Locale,
  limit: number,
): Promise<string[]> {
  // the search looks for this many terms at most; a long question's words past them would only make its text too long
  const words = searchWords(question).slice(0, SEARCH_TERMS_MAX);
  if (words.length === 0) return [];
  const together = await searched(store, words.join(' '), locale, limit);
  if (together.length > 0 || words.length === 1) return together;
  const each: string[][] = [];
  for (const word of words.slice(0, SEPARATE_WORDS_MAX)) each.push(await searched(store, word, locale, limit));
  const ids = new Set<string>();
  for (let at = 0; ids.size < limit && each.some((found) => at < found.length); at += 1) {
    for (const found of each) if (at < found.length && ids.size < limit) ids.add(found[at]!);
  }
  return [...ids];
}

/** The knowledge bases of each question over the database's catalogue (the sample kept per version). */
export function databaseKnowledgeBases(
  store: KnowledgeStore,
  feed: Pick<DatabaseCatalogueFeed, 'perVersion'>,
  limits: CatalogueKnowledgeLimits = {},
): KnowledgeBasesFor {
  const perCategory = limits.perCategory ?? KNOWLEDGE_SAMPLE_PER_CATEGORY;
  const searchLimit = limits.searchLimit ?? KNOWLEDGE_SEARCH_LIMIT;
  // each product with its published variants (their codes and prices: "the price of HEX-CW-25?")
  const variantsOf = (products: CatalogueSample['products'], locale: Locale) =>
    store.publishedVariantsOf(
      products.map((product) => product.id),
      locale,
    );
  // and its related parts ("what fits the HEX-CW-25?", "an alternative to …?")
  const relatedOf = (products: CatalogueSample['products'], locale: Locale) =>
    store.relatedPartsOf(
      products.map((product) => product.id),
      locale,
    );
  const sampled = feed.perVersion(async () => {
    const samples: Record<Locale, CatalogueSample> = {
      en: await store.categorySamples('en', perCategory),
      ar: await store.categorySamples('ar', perCategory),
    };
    const variants = {
      en: await variantsOf(samples.en.products, 'en'),
      ar: await variantsOf(samples.ar.products, 'ar'),
    };
    const related = {
      en: await relatedOf(samples.en.products, 'en'),
      ar: await relatedOf(samples.ar.products, 'ar'),
    };
    const knowledgeBases: Record<Locale, KnowledgeBase> = {
      en: catalogueKnowledgeBase(samples.en, 'en', variants.en, related.en),
      ar: catalogueKnowledgeBase(samples.ar, 'ar', variants.ar, related.ar),
    };
    return { samples, variants, related, knowledgeBases };
  });
  return async (question, locale) => {
    const { samples, variants, related, knowledgeBases } = await sampled();
    const sample = samples[locale];
    const inSample = new Set(sample.products.map((product) => product.id));
    const more = (await questionProducts(store, question, locale, searchLimit)).filter((id) => !inSample.has(id));
    // the same object when the search adds nothing: the chat keeps what it made of it (chatRoutes.ts)
    if (more.length === 0) return knowledgeBases;
    const found = await store.productsWithDetails(more, locale);
    const edition = {
      categories: sample.categories,
      products: [...sample.products, ...found.products],
      details: [...sample.details, ...found.details],
    };
    const foundVariants = await variantsOf(found.products, locale);
    const foundRelated = await relatedOf(found.products, locale);
    return {
      ...knowledgeBases,
      [locale]: catalogueKnowledgeBase(
        edition,
        locale,
        new Map([...variants[locale], ...foundVariants]),
        new Map([...related[locale], ...foundRelated]),
      ),
    };
  };
}
