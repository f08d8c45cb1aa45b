// The chat assistant's knowledge base and its fallback answerer.
export {
  buildKnowledgeBase,
  categoryPath,
  MAX_SPECS_PER_PRODUCT,
  productPath,
  siteKnowledgeBaseSources,
  type KbCategory,
  type KbLink,
  type KbLocation,
  type KbProduct,
  type KnowledgeBase,
  type KnowledgeBaseSources,
} from './knowledgeBase.js';
export { createFallbackAnswerer, fallbackReply, FALLBACK_PREFIX } from './fallbackAnswer.js';
