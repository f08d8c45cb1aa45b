// The chat assistant's knowledge base and its fallback answerer.
export {
  arabicKnowledgeBaseSources,
  buildKnowledgeBase,
  catalogueKnowledgeBase,
  catalogueKnowledgeBases,
  MAX_SPECS_PER_PRODUCT,
  siteKnowledgeBaseSources,
  type KbCategory,
  type KbLink,
  type KbLocation,
  type KbProduct,
  type KnowledgeBase,
  type KnowledgeBaseSources,
} from './knowledgeBase.js';
export {
  answerLocale,
  ARABIC_FALLBACK_PREFIX,
  createFallbackAnswerer,
  fallbackReply,
  FALLBACK_PREFIX,
} from './fallbackAnswer.js';
export { hasArabicLetters } from './arabicWords.js';
export { searchWords } from './matching.js';
